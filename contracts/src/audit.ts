import { z } from 'zod';
import { monthlyStatementData } from './account-documents.ts';
import { successOf } from './envelope.ts';

// The auditor's read-only calls under /audit: every figure re-derived from the event log.
// Amounts are dollars; instants are ISO 8601 text.

/** An event as stored, with who caused it, why and when, and its link in the hash chain. */
export const auditEventView = z.object({
  position: z.number(),
  transaction_id: z.string(),
  stream_id: z.string(),
  version: z.number(),
  type: z.string(),
  schema_version: z.number(),
  data: z.record(z.string(), z.unknown()),
  actor: z.string().nullable(),
  correlation_id: z.string().nullable(),
  causation_id: z.string().nullable(),
  recorded_at: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  /** SHA-256, hex. */
  hash: z.string(),
});
export type AuditEventView = z.infer<typeof auditEventView>;

/** The answer of GET /audit/accounts/{accountId}/events: a page of the account's stream. */
export const auditAccountEventsData = z.object({
  account_id: z.string(),
  events: z.array(auditEventView),
  /** Where the next page starts, or null on the last page. */
  next_after_version: z.number().nullable(),
});
export const auditAccountEventsAnswer = successOf(auditAccountEventsData);

/** The answer of GET /audit/accounts/{accountId}/balance: the balance at an instant. */
export const auditBalanceData = z.object({
  account_id: z.string(),
  at: z.string(),
  balance: z.number(),
  held: z.number(),
  available_balance: z.number(),
  events_applied: z.number(),
  last_event: z.object({ version: z.number(), position: z.number() }).nullable(),
  source: z.literal('event_log'),
  skipped_events: z
    .array(
      z.object({
        stream_id: z.string(),
        version: z.number(),
        position: z.number(),
        type: z.string(),
        schema_version: z.number(),
        /** Why it cannot be read, in its schema's words: `amount: The amount field must be a number.` */
        reason: z.string(),
      }),
    )
    .optional()
    .describe(
      "Balance events recorded by `at` that cannot be read (their data fails their schema): left out of the figures, as the bank's own read models leave them out. Absent when there are none.",
    ),
});
export const auditBalanceAnswer = successOf(auditBalanceData);

/** A statement between two instants as JSON (the same figures as its CSV and PDF). */
export const auditStatementData = monthlyStatementData.omit({
  month: true,
  complete: true,
  total_interest: true,
  total_fees: true,
});
export const auditStatementAnswer = successOf(auditStatementData);

/** The answer of GET /audit/customers/{customerId}/replay: each event and the balances after it. */
export const auditReplayData = z.object({
  customer_id: z.string(),
  steps: z.array(
    z.object({
      step: z.number(),
      event: auditEventView,
      balances: z.array(
        z.object({
          account_id: z.string(),
          balance: z.number(),
          held: z.number(),
          available_balance: z.number(),
        }),
      ),
    }),
  ),
});
export const auditReplayAnswer = successOf(auditReplayData);
