import { dollarsToCents } from '@bank/events';
import { z } from 'zod';

/**
 * An amount in dollars as a JSON number with at most 2 decimals, turned into integer cents.
 * More decimals, NaN, infinities and negatives are refused with a field error.
 */
export function moneyAmount(options: { minCents?: number; message?: string } = {}) {
  return z
    .number()
    .refine((value) => dollarsToCents(value) !== undefined, {
      message: 'The amount must be a positive number with at most 2 decimals.',
    })
    .transform((value) => dollarsToCents(value)!)
    .refine((cents) => options.minCents === undefined || cents >= options.minCents, {
      message: options.message ?? 'The amount is too small.',
    });
}

/** The 12-digit number a customer signs in with (spaces around it are forgiven). */
export const accountNumberText = z
  .string()
  .trim()
  .regex(/^\d{12}$/, 'The account number must be exactly 12 digits.');

/**
 * A UUID in its one canonical spelling, lower case. UUIDs compare case-insensitively, so an
 * upper-case spelling names the same resource and must reach the same stream and the same
 * Idempotency-Key record, not open a second one.
 */
export const uuidText = z
  .uuid({ message: 'The requested resource was not found.' })
  .transform((id) => id.toLowerCase());

export const uuidParam = z.object({ id: uuidText });

/**
 * A history line's id as the transaction lists give it (`<entry>:<account>:<direction>`, 80
 * characters); anything else of that alphabet is simply not found.
 */
export const transactionIdText = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_:.-]+$/);

/** Query-string booleans: "true"/"1" are true, "false"/"0"/absent are false. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const trimmed = (max: number) => z.string().trim().max(max);
