// No zod here: the signed-in shell's step-up dialog reads these texts, and its first JavaScript
// should not carry a schema library.

/** The messages the registration and profile forms and the server give for the same fields. */
export const CUSTOMER_FIELD_MESSAGES = {
  required: 'Please fill in all required fields.',
  passwordShort: 'Password must be at least 8 characters long.',
  passwordsDiffer: 'Passwords do not match.',
  email: 'The email must be a valid email address.',
  phone: 'The phone must be a valid phone number.',
  dateOfBirth: 'The date of birth must be a valid date (YYYY-MM-DD).',
  adult: 'You must be at least 18 years old to open an account.',
  zip: 'The zip code must be a valid ZIP code.',
  ssn: 'Enter a valid 9-digit Social Security number (123-45-6789).',
  annualIncomeNegative: 'The annual income must be at least 0.',
  annualIncomeWhole: 'The annual income must be a whole number.',
  annualIncomeTooLarge: 'The annual income must not be greater than 1000000000.',
  /** A new password the strength estimator scores below 2 (the forms check it before sending). */
  passwordGuessable:
    'This password is too easy to guess. Use a longer phrase or add unusual words.',
} as const;

/**
 * A Social Security number as 9 digits, with or without its two dashes, that can have been
 * issued: none has the area 000, 666 or 900 to 999, the group 00 or the serial 0000. One pattern,
 * as this module is in the signed-in shell's first JavaScript.
 */
export function isSsn(text: string): boolean {
  return /^(?!000|666|9)\d{3}-?(?!00)\d{2}-?(?!0000)\d{4}$/.test(text);
}

/** The largest annual income registration takes, in dollars. */
export const MAX_ANNUAL_INCOME = 1_000_000_000;

/** A phone number as a person writes one: 7 to 20 digits, spaces, dots, dashes, brackets, a leading +. */
export function isPhoneNumber(text: string): boolean {
  return /^\+?[\d\s().-]{7,20}$/.test(text) && text.replace(/\D/g, '').length >= 7;
}

/** The messages of the change-password form and the server for the same fields. */
export const CHANGE_PASSWORD_MESSAGES = {
  current: 'The current password is required.',
  mismatch: 'New passwords do not match',
  /** The profile form's own wording (the server says the registration sentence). */
  short: 'Password must be at least 8 characters long',
} as const;

/** What the two-factor forms and the server say about the same fields. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Please enter the code.',
  passwordRequired: 'Please enter your password.',
  /** Sign-in's message while the second factor is owed, and a step-up code's format. */
  enterAppCode: 'Enter the 6-digit code from your authenticator app.',
} as const;
