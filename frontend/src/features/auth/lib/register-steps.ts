import { CUSTOMER_FIELD_MESSAGES as FIELD } from '@bank/contracts/auth-messages';
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
  /** The summary above fields that each show their own message. */
  fix: 'Please correct the fields marked below.',
} as const;

export const STEP_FIELDS = {
  1: ['name', 'email', 'password', 'password_confirmation'],
  2: ['phone', 'date_of_birth', 'address', 'city', 'state', 'zip_code'],
} as const satisfies Record<1 | 2, readonly (keyof RegisterForm)[]>;

export type FieldProblem = { field: keyof RegisterForm; message: string };

export type StepResult =
  | { ok: true }
  | { ok: false; message: string; fields: (keyof RegisterForm)[]; problems: FieldProblem[] };

function missing(form: RegisterForm, fields: readonly (keyof RegisterForm)[]) {
  return fields.filter((f) => String(form[f] ?? '').trim() === '');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isValidPhone(value: string) {
  return /^\+?[\d\s().-]{7,20}$/.test(value) && value.replace(/\D/g, '').length >= 7;
}

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

/** Format problems of the filled-in fields of a step (missing fields are reported first). */
function formatProblems(step: 1 | 2, form: RegisterForm): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (step === 1) {
    if (!EMAIL.test(form.email.trim())) problems.push({ field: 'email', message: MESSAGES.email });
    return problems;
  }
  if (!isValidPhone(form.phone.trim())) problems.push({ field: 'phone', message: MESSAGES.phone });
  const dob = dateOfBirthProblem(form.date_of_birth.trim());
  if (dob) problems.push({ field: 'date_of_birth', message: dob });
  if (!/^\d{5}(-\d{4})?$/.test(form.zip_code.trim()))
    problems.push({ field: 'zip_code', message: MESSAGES.zip });
  return problems;
}

export function checkStep(step: 1 | 2 | 3, form: RegisterForm): StepResult {
  if (step === 3) {
    if (!form.terms) return { ok: false, message: MESSAGES.terms, fields: ['terms'], problems: [] };
    return { ok: true };
  }
  const empty = missing(form, STEP_FIELDS[step]);
  if (empty.length) return { ok: false, message: MESSAGES.required, fields: empty, problems: [] };
  if (step === 1 && form.password !== form.password_confirmation)
    return {
      ok: false,
      message: MESSAGES.mismatch,
      fields: ['password_confirmation'],
      problems: [],
    };
  if (step === 1 && form.password.length < 8)
    return { ok: false, message: MESSAGES.short, fields: ['password'], problems: [] };
  const problems = formatProblems(step, form);
  if (problems.length)
    return {
      ok: false,
      message: MESSAGES.fix,
      fields: problems.map((p) => p.field),
      problems,
    };
  return { ok: true };
}
