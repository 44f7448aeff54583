import { z } from 'zod';
import { successOf } from './envelope.ts';

/** A line of the customer's history as a receipt shows it; amounts in dollars, signed. */
export const transactionLineView = z.object({
  id: z.string(),
  /** Money in (credit) or out (debit). */
  type: z.enum(['credit', 'debit']),
  description: z.string(),
  /** Negative for money out. */
  amount: z.number(),
  date: z.string(),
  status: z.string(),
  kind: z.string(),
  account: z.object({ id: z.string(), name: z.string() }),
  account_id: z.string(),
  account_name: z.string(),
  reference_number: z.string(),
  /** What the movement's source recorded with it (the counterparty, a SEPA rate, ...). */
  metadata: z.record(z.string(), z.unknown()),
  category: z.string(),
  category_label: z.string(),
  category_is_custom: z.boolean(),
});
export type TransactionLineView = z.infer<typeof transactionLineView>;

/** A month an account has a statement for; the current month is a statement to date. */
export const statementMonthView = z.object({
  month: z.string(),
  from: z.string(),
  /** Exclusive end of the month. */
  to: z.string(),
  complete: z.boolean(),
});
export type StatementMonthView = z.infer<typeof statementMonthView>;

/** The answer of GET /accounts/{accountId}/statements. */
export const statementMonthsData = z.object({
  account_id: z.string(),
  statements: z.array(statementMonthView),
});
export const statementMonthsAnswer = successOf(statementMonthsData);

/** A statement line: signed dollars, and the balance just after it. */
export const statementLineView = z.object({
  date: z.string(),
  description: z.string(),
  reference: z.string(),
  kind: z.string(),
  amount: z.number(),
  balance: z.number(),
  version: z.number(),
  position: z.number(),
});

/** A month's statement as JSON (the same figures as its PDF and CSV). */
export const monthlyStatementData = z.object({
  account_id: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  from: z.string(),
  to: z.string(),
  opening_balance: z.number(),
  total_credits: z.number(),
  total_debits: z.number(),
  closing_balance: z.number(),
  lines: z.array(statementLineView),
  month: z.string(),
  /**
   * False for the month in progress: a statement to date, whose `to` is the moment it was drawn
   * and whose closing balance is the balance as of then.
   */
  complete: z.boolean(),
  total_interest: z.number(),
  total_fees: z.number(),
});

/** The answer of GET /accounts/{accountId}/statements/{month}: JSON, CSV or PDF by `format`. */
export const monthlyStatementAnswer = successOf(monthlyStatementData);

/**
 * A document sent as a file (a PDF's bytes, a CSV's text): documented by its media type alone,
 * since the bytes are not JSON and are sent as they are, never serialized.
 */
export const fileBody = z.any().meta({ description: 'The file itself' });
