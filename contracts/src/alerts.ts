import { z } from 'zod';
import { successOf } from './envelope.ts';

/** The largest alert threshold, in cents ($1,000,000). */
export const ALERT_THRESHOLD_MAX_CENTS = 1_000_000_00;

/** What the server and the alerts form say about a threshold. */
export const alertMessages = {
  required: 'Please enter an amount for this alert.',
  notWholeCents: 'Please enter an amount in dollars and cents, like 250 or 99.50.',
  notPositive: 'The amount must be at least $0.01.',
  tooLarge: 'The amount can be at most $1,000,000.00.',
  unknownAccount: 'Please choose one of your accounts.',
} as const;

/** The customer's alerts as the API answers them; thresholds in dollars, null when off. */
export const alertSettingsView = z.object({
  low_balance_enabled: z.boolean(),
  low_balance_threshold: z.number().nullable(),
  /** Null: every account. */
  low_balance_account_id: z.string().nullable(),
  large_transaction_enabled: z.boolean(),
  large_transaction_threshold: z.number().nullable(),
  card_abroad_enabled: z.boolean(),
});
export type AlertSettingsView = z.infer<typeof alertSettingsView>;

/** The alerts form as it is sent; amounts as typed (a number or numeric text). */
export const alertSettingsInput = z
  .object({
    low_balance_enabled: z.boolean(),
    low_balance_threshold: z.union([z.number(), z.string().trim().max(40)]).nullish(),
    low_balance_account_id: z.string().max(64).nullish(),
    large_transaction_enabled: z.boolean(),
    large_transaction_threshold: z.union([z.number(), z.string().trim().max(40)]).nullish(),
    card_abroad_enabled: z.boolean(),
  })
  .strict();
export type AlertSettingsInput = z.infer<typeof alertSettingsInput>;

/** The answer of reading or setting the alerts. */
export const alertSettingsReply = successOf(z.object({ alerts: alertSettingsView }));
