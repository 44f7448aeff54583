import type { RegisterForm } from '../api/register';

// The checks of the three registration steps (spec §5), with their exact messages.

export const REGISTER_STEPS = [
  'Account Information',
  'Personal Details',
  'Review & Submit',
] as const;

export const MESSAGES = {
  required: 'Please fill in all required fields.',
  mismatch: 'Passwords do not match.',
  short: 'Password must be at least 8 characters long.',
  terms: 'Please accept the Terms of Service and Privacy Policy to continue.',
} as const;

export const STEP_FIELDS = {
  1: ['name', 'email', 'password', 'password_confirmation'],
  2: ['phone', 'date_of_birth', 'address', 'city', 'state', 'zip_code'],
} as const satisfies Record<1 | 2, readonly (keyof RegisterForm)[]>;

export type StepResult =
  { ok: true } | { ok: false; message: string; fields: (keyof RegisterForm)[] };

function missing(form: RegisterForm, fields: readonly (keyof RegisterForm)[]) {
  return fields.filter((f) => String(form[f] ?? '').trim() === '');
}

export function checkStep(step: 1 | 2 | 3, form: RegisterForm): StepResult {
  if (step === 1) {
    const empty = missing(form, STEP_FIELDS[1]);
    if (empty.length) return { ok: false, message: MESSAGES.required, fields: empty };
    if (form.password !== form.password_confirmation)
      return { ok: false, message: MESSAGES.mismatch, fields: ['password_confirmation'] };
    if (form.password.length < 8)
      return { ok: false, message: MESSAGES.short, fields: ['password'] };
    return { ok: true };
  }
  if (step === 2) {
    const empty = missing(form, STEP_FIELDS[2]);
    if (empty.length) return { ok: false, message: MESSAGES.required, fields: empty };
    return { ok: true };
  }
  if (!form.terms) return { ok: false, message: MESSAGES.terms, fields: ['terms'] };
  return { ok: true };
}
