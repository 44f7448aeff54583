import { z } from 'zod';
import { transactionLineView } from './account-documents.ts';
import { disputeView } from './disputes.ts';
import { successOf } from './envelope.ts';
import { RECEIPT_STEPS } from './status-labels.ts';

// A receipt's own module: only the receipt screen needs it, so it stays out of the dashboard's
// first load, which shares the transaction line with it.

/** What a receipt adds to its line: the steps so far, the account, and for SEPA the euros. */
export const receiptDetailsView = z.object({
  reference_number: z.string(),
  status: z.string(),
  timeline: z.array(
    z.object({
      step: z.enum(RECEIPT_STEPS),
      at: z.string(),
      detail: z.string().nullable(),
    }),
  ),
  counterparty: z.string().nullable(),
  /** What the sender wrote with it (a transfer's or Zelle payment's memo), if anything. */
  memo: z.string().nullable(),
  category: z.string().nullable(),
  account: z.object({ id: z.string(), name: z.string(), formatted_account_number: z.string() }),
  /** Dollars; null when the line has not been posted yet. */
  balance_after: z.number().nullable(),
  /** Euros with two decimals and the rate (euros per dollar, six decimals), both as text. */
  sepa: z.object({ eur_amount: z.string(), exchange_rate: z.string() }).nullable(),
  /**
   * A payment to another bank (a transfer, SEPA or a wire): its fee and the total taken, in
   * dollars, and while it is pending the instant it should have arrived by; null for other lines.
   */
  transfer: z
    .object({ fee: z.number(), total: z.number(), expected_arrival: z.string().nullable() })
    .nullable(),
  /** What may still be cancelled from here: a pending transfer or an unclaimed Zelle payment. */
  cancellable: z.object({ kind: z.enum(['transfer', 'zelle-payment']), id: z.string() }).nullable(),
  /** The customer's dispute of this charge, if they made one. */
  dispute: disputeView.nullable(),
  /** Why this line cannot be disputed online; null when it can (and is not disputed yet). */
  dispute_refusal: z.string().nullable(),
});
export type ReceiptDetailsView = z.infer<typeof receiptDetailsView>;

/** The answer of GET /transactions/{transactionId}. */
export const receiptData = z.object({
  transaction: transactionLineView,
  receipt: receiptDetailsView,
});
export const receiptAnswer = successOf(receiptData);

/**
 * What a receipt gives as the balance after a line that has none: a pending or processing
 * payment is not posted yet; one cancelled, failed or returned never will be.
 */
export function unpostedBalanceLabel(status: string): string {
  return ['pending', 'processing'].includes(status.toLowerCase()) ? 'Not yet posted' : 'Not posted';
}
