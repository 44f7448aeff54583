import {
  CUSTOMER_FIELD_MESSAGES as FIELD,
  isPhoneNumber,
  isSsn,
  MAX_ANNUAL_INCOME,
} from '@bank/contracts/auth-messages';
import type { RegisterForm } from '../api/register';

// The checks of the three registration steps, with their exact messages. Each step also
// checks the formats the server checks (same words), so a mistake is reported on the step
// where it was made rather than after the review.

export const REGISTER_STEPS = [
  'Account Information',
  'Personal Details',
  'Review & Submit',
] as const;

export const MESSAGES = {
  required: FIELD.required,
  mismatch: FIELD.passwordsDiffer,
  short: FIELD.passwordShort,
  terms: 'Please accept the Terms of Service and Privacy Policy to continue.',
  email: FIELD.email,
  phone: FIELD.phone,
  dateOfBirth: FIELD.dateOfBirth,
  adult: FIELD.adult,
  zip: FIELD.zip,
  ssn: FIELD.ssn,
  annualIncomeNegative: FIELD.annualIncomeNegative,
  annualIncomeWhole: FIELD.annualIncomeWhole,
  annualIncomeTooLarge: FIELD.annualIncomeTooLarge,
  /** The summary above fields that each show their own message. */
  fix: 'Please correct the fields marked below.',
} as const;

/** Under each empty field, beside the summary above: the field by name, as sign-in says it. */
export const REQUIRED_MESSAGES = {
  name: 'Please enter your full name.',
  email: 'Please enter your email address.',
  password: 'Please enter a password.',
  password_confirmation: 'Please confirm your password.',
  phone: 'Please enter your phone number.',
  date_of_birth: 'Please enter your date of birth.',
  address: 'Please enter your street address.',
  city: 'Please enter your city.',
  state: 'Please enter your state.',
  zip_code: 'Please enter your ZIP code.',
} as const;

export const STEP_FIELDS = {
  1: ['name', 'email', 'password', 'password_confirmation'],
  2: ['phone', 'date_of_birth', 'address', 'city', 'state', 'zip_code'],
} as const satisfies Record<1 | 2, readonly (keyof RegisterForm)[]>;

/** Every field a step checks, in the order it shows them: the required ones and the optional ones. */
const CHECKED_FIELDS: Record<1 | 2, readonly (keyof RegisterForm)[]> = {
  1: STEP_FIELDS[1],
  2: [...STEP_FIELDS[2], 'ssn', 'annual_income'],
};

export type FieldProblem = { field: keyof RegisterForm; message: string };

export type StepResult =
  | { ok: true }
  | {
      ok: false;
      message: string;
      /** The fields to fix, in the order the step shows them. */
      fields: (keyof RegisterForm)[];
      problems: FieldProblem[];
    };

function missing<F extends keyof RegisterForm>(form: RegisterForm, fields: readonly F[]): F[] {
  return fields.filter((f) => String(form[f] ?? '').trim() === '');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message for a date of birth that is filled in but not acceptable, else null. */
export function dateOfBirthProblem(value: string, today = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return MESSAGES.dateOfBirth;
  const born = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(born.getTime()) || !born.toISOString().startsWith(value))
    return MESSAGES.dateOfBirth;
  if (born.getUTCFullYear() < 1900) return MESSAGES.dateOfBirth;
  const eighteen = Date.UTC(born.getUTCFullYear() + 18, born.getUTCMonth(), born.getUTCDate());
  return eighteen <= today.getTime() ? null : MESSAGES.adult;
}

/** The server's message for an annual income (optional, in whole dollars) it would refuse, else null. */
export function annualIncomeProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const amount = Number(text);
  if (!Number.isFinite(amount) || !Number.isInteger(amount)) return MESSAGES.annualIncomeWhole;
  if (amount < 0) return MESSAGES.annualIncomeNegative;
  return amount > MAX_ANNUAL_INCOME ? MESSAGES.annualIncomeTooLarge : null;
}

/**
 * Every problem of a step's fields at once, each on its field: an empty field, passwords that
 * differ or are short, a filled-in field of the wrong format.
 */
function stepProblems(step: 1 | 2, form: RegisterForm): FieldProblem[] {
  const problems: FieldProblem[] = missing(form, STEP_FIELDS[step]).map((field) => ({
    field,
    message: REQUIRED_MESSAGES[field],
  }));
  const filled = (field: keyof RegisterForm) => !problems.some((p) => p.field === field);
  if (step === 1) {
    if (filled('email') && !EMAIL.test(form.email.trim()))
      problems.push({ field: 'email', message: MESSAGES.email });
    if (filled('password') && form.password.length < 8)
      problems.push({ field: 'password', message: MESSAGES.short });
    if (filled('password_confirmation') && form.password !== form.password_confirmation)
      problems.push({ field: 'password_confirmation', message: MESSAGES.mismatch });
    return problems;
  }
  if (filled('phone') && !isPhoneNumber(form.phone.trim()))
    problems.push({ field: 'phone', message: MESSAGES.phone });
  const dob = filled('date_of_birth') ? dateOfBirthProblem(form.date_of_birth.trim()) : null;
  if (dob) problems.push({ field: 'date_of_birth', message: dob });
  if (filled('zip_code') && !/^\d{5}(-\d{4})?$/.test(form.zip_code.trim()))
    problems.push({ field: 'zip_code', message: MESSAGES.zip });
  if (form.ssn.trim() && !isSsn(form.ssn.trim()))
    problems.push({ field: 'ssn', message: MESSAGES.ssn });
  const income = annualIncomeProblem(form.annual_income);
  if (income) problems.push({ field: 'annual_income', message: income });
  return problems;
}

/** The summary above the fields, each of which shows its own message: empty ones come first. */
const summaryOf = (problems: FieldProblem[]) =>
  problems.some((p) => Object.values<string>(REQUIRED_MESSAGES).includes(p.message))
    ? MESSAGES.required
    : MESSAGES.fix;

export function checkStep(step: 1 | 2 | 3, form: RegisterForm): StepResult {
  if (step === 3) {
    if (!form.terms) return { ok: false, message: MESSAGES.terms, fields: ['terms'], problems: [] };
    return { ok: true };
  }
  const problems = stepProblems(step, form);
  if (problems.length === 0) return { ok: true };
  return {
    ok: false,
    message: summaryOf(problems),
    fields: CHECKED_FIELDS[step].filter((field) => problems.some((p) => p.field === field)),
    problems,
  };
}
