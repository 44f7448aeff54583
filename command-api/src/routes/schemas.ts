import {
  CHANGE_PASSWORD_MESSAGES,
  CUSTOMER_FIELD_MAX_LENGTH as MAX_LENGTH,
  CUSTOMER_FIELD_MESSAGES as FIELD,
  isPhoneNumber,
  isSsn,
  MAX_ANNUAL_INCOME,
} from '@bank/contracts';
import { verbatimText, whenMissing } from '@bank/infra';
import { z } from 'zod';
import { isStrongEnoughPassword, PASSWORD_TOO_WEAK } from '../domain/customer/password-strength.ts';

const REQUIRED = FIELD.required;

/** A required text field with the registration form's message when it is missing or blank. */
const requiredText = (max: number) =>
  z
    .string({ error: whenMissing(REQUIRED) })
    .trim()
    .min(1, REQUIRED)
    .max(max);

/** Passwords are hashed as typed: never normalised (see the text policy). */
export const password = verbatimText(
  z
    .string({ error: whenMissing(REQUIRED) })
    .min(1, REQUIRED)
    .min(8, FIELD.passwordShort)
    .max(128, 'The password must not be greater than 128 characters.')
    // Under 8 characters the length message alone is said.
    .refine((p) => p.length < 8 || p.length > 128 || isStrongEnoughPassword(p), PASSWORD_TOO_WEAK),
);

function isAdult(dateOfBirth: string): boolean {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  const today = new Date();
  const eighteen = new Date(
    Date.UTC(born.getUTCFullYear() + 18, born.getUTCMonth(), born.getUTCDate()),
  );
  return eighteen <= today;
}

/**
 * A field's checks stop at the first that fails, where a later one could only say the same again
 * or more of it: blank is told it is required, not also that it is no date or phone number.
 */
const first = (message?: string) => ({ message, abort: true });

export const dateOfBirth = z
  .string({ error: whenMissing(REQUIRED) })
  .trim()
  .min(1, first(REQUIRED))
  .regex(/^\d{4}-\d{2}-\d{2}$/, first(FIELD.dateOfBirth))
  // A day of the calendar, after 1900: one check, so a date wrong both ways is told once.
  .refine(
    (v) => {
      const day = Date.parse(`${v}T00:00:00Z`);
      return (
        !Number.isNaN(day) &&
        new Date(day).toISOString().startsWith(v) &&
        day > Date.parse('1900-01-01T00:00:00Z')
      );
    },
    { message: FIELD.dateOfBirth, abort: true },
  )
  .refine(isAdult, FIELD.adult);

export const phone = z
  .string({ error: whenMissing(REQUIRED) })
  .trim()
  .min(1, first(REQUIRED))
  .max(MAX_LENGTH.phone, first())
  .refine(isPhoneNumber, FIELD.phone);

export const email = z
  .string({ error: whenMissing(REQUIRED) })
  .trim()
  .min(1, REQUIRED)
  .max(MAX_LENGTH.email)
  .pipe(z.email(FIELD.email));

export const zipCode = z
  .string({ error: whenMissing(REQUIRED) })
  .trim()
  .min(1, first(REQUIRED))
  .regex(/^\d{5}(-\d{4})?$/, FIELD.zip);

export const registrationBody = z
  .object({
    name: requiredText(MAX_LENGTH.name),
    email,
    password,
    password_confirmation: verbatimText(
      z.string({ error: whenMissing(REQUIRED) }).min(1, REQUIRED),
    ),
    phone,
    date_of_birth: dateOfBirth,
    address: requiredText(MAX_LENGTH.address),
    city: requiredText(MAX_LENGTH.city),
    state: requiredText(MAX_LENGTH.state),
    zip_code: zipCode,
    ssn: z
      .string()
      .trim()
      .max(MAX_LENGTH.ssn, `The ssn must not be greater than ${MAX_LENGTH.ssn} characters.`)
      .refine((v) => v === '' || isSsn(v), FIELD.ssn)
      .nullish(),
    employment_status: z
      .enum(['employed', 'self-employed', 'unemployed', 'retired', 'student', ''])
      .nullish()
      .transform((v) => (v ? v : null)),
    annual_income: z
      .number()
      .int(FIELD.annualIncomeWhole)
      .min(0, FIELD.annualIncomeNegative)
      .max(MAX_ANNUAL_INCOME, FIELD.annualIncomeTooLarge)
      .nullish(),
    terms_accepted: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.password !== body.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: FIELD.passwordsDiffer,
      });
    }
  });

export const loginBody = z.object({
  account_number: z
    .string({ error: whenMissing('The account number is required.') })
    .trim()
    .min(1, 'The account number is required.')
    .regex(/^\d{12}$/, 'The account number must be exactly 12 digits.'),
  password: verbatimText(
    z
      .string({ error: whenMissing('The password is required.') })
      .min(1, 'The password is required.')
      .max(128),
  ),
});

export const changePasswordBody = z
  .object({
    current_password: verbatimText(
      z
        .string({ error: whenMissing(CHANGE_PASSWORD_MESSAGES.current) })
        .min(1, CHANGE_PASSWORD_MESSAGES.current)
        .max(128),
    ),
    new_password: password,
    new_password_confirmation: verbatimText(
      z.string({ error: 'Please confirm the new password.' }),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.new_password !== body.new_password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_password_confirmation'],
        message: CHANGE_PASSWORD_MESSAGES.mismatch,
      });
    }
  });

export const profileBody = z
  .object({
    name: z.string().trim().min(1).max(MAX_LENGTH.name),
    email,
    phone,
    address: z.string().trim().min(1).max(MAX_LENGTH.address),
    city: z.string().trim().min(1).max(MAX_LENGTH.city),
    state: z.string().trim().min(1).max(MAX_LENGTH.state),
    zip_code: zipCode,
    zipCode: zipCode,
    date_of_birth: dateOfBirth,
    dateOfBirth: dateOfBirth,
  })
  .partial();
