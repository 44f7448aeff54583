import { z } from 'zod';
import { transactionCategoryKeys } from '../categories.ts';
import { defineEvent } from '../catalogue.ts';

/** The customer set (or changed) what they are saving towards in one savings account. */
export const SavingsGoalSet = defineEvent(
  'SavingsGoalSet',
  z.object({
    accountId: z.uuid(),
    customerId: z.uuid(),
    /** Cents, a positive safe integer. */
    targetCents: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
);

export const SavingsGoalRemoved = defineEvent(
  'SavingsGoalRemoved',
  z.object({ accountId: z.uuid(), customerId: z.uuid() }),
);

/**
 * The customer put one of their transactions (a history line's id) in another category; `null`
 * returns it to the category its source gives it.
 */
export const TransactionRecategorised = defineEvent(
  'TransactionRecategorised',
  z.object({
    customerId: z.uuid(),
    transactionId: z.string().min(1).max(200),
    category: z.enum(transactionCategoryKeys).nullable(),
  }),
);

export const personalFinanceEvents = [
  SavingsGoalSet,
  SavingsGoalRemoved,
  TransactionRecategorised,
] as const;
