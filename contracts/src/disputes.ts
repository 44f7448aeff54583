import { z } from 'zod';
import { successOf } from './envelope.ts';
import { keysOf } from './keys.ts';

/** Why a customer disputes a card charge: the key recorded, the words the customer chose. */
export const DISPUTE_REASONS = {
  unrecognized: 'I don’t recognize this charge',
  duplicate: 'I was charged more than once',
  wrong_amount: 'The amount is wrong',
  not_received: 'I didn’t receive what I paid for',
  refund_missing: 'I returned it or cancelled, and no refund came',
} as const;
export type DisputeReason = keyof typeof DISPUTE_REASONS;
export const DISPUTE_REASON_KEYS = keysOf(DISPUTE_REASONS);

/** How staff decide a dispute: the key recorded, and how the receipt names it. */
export const DISPUTE_OUTCOMES = {
  refunded: 'Refunded',
  declined: 'Charge upheld',
} as const;
export type DisputeOutcome = keyof typeof DISPUTE_OUTCOMES;
export const DISPUTE_OUTCOME_KEYS = keysOf(DISPUTE_OUTCOMES);

/** How long after it posted a card charge can be disputed online (the card networks' window). */
export const DISPUTE_WINDOW_DAYS = 120;
export const DISPUTE_DETAILS_MAX = 1000;

export const DISPUTE_MESSAGES = {
  reason: 'Please choose why you dispute this charge.',
  details: `The details must not be greater than ${DISPUTE_DETAILS_MAX} characters.`,
  notCard:
    'Only card purchases can be disputed here. For other transactions, please contact support.',
  notPosted: 'You can dispute this charge once it has posted.',
  tooOld: `Charges older than ${DISPUTE_WINDOW_DAYS} days cannot be disputed online. Please contact support.`,
  already: (ticketNumber: string) => `This charge is already disputed (ticket #${ticketNumber}).`,
  submitted: 'Dispute submitted',
  resolved: 'Dispute resolved',
  outcome: 'The outcome must be refunded or declined.',
  message: 'Please write the answer the customer will read.',
  noDispute: 'This charge has not been disputed.',
  decidedOtherwise: (outcome: DisputeOutcome) =>
    `This dispute was already resolved: ${DISPUTE_OUTCOMES[outcome].toLowerCase()}.`,
} as const;

/**
 * A charge paid from an account that has closed: its refund could not be credited there. Kept out
 * of DISPUTE_MESSAGES, which the web app bundles: only the server answers with it.
 */
export const DISPUTE_ACCOUNT_CLOSED =
  'This charge was paid from an account that has been closed, so it cannot be disputed online. Please contact support.';

/** The line's facts the rule looks at, as the history stores them. */
export interface DisputableLine {
  kind: string;
  direction: 'credit' | 'debit';
  status: string;
  postedAt: Date;
}

/**
 * Why a line cannot be disputed online, or null when it can: a posted card purchase no older
 * than the window. The receipt offers the button by it; the command refuses by it.
 */
export function disputeRefusal(line: DisputableLine, now: Date): string | null {
  if (line.kind !== 'card_purchase' || line.direction !== 'debit') return DISPUTE_MESSAGES.notCard;
  if (line.status !== 'completed') return DISPUTE_MESSAGES.notPosted;
  if (now.getTime() - line.postedAt.getTime() > DISPUTE_WINDOW_DAYS * 86_400_000) {
    return DISPUTE_MESSAGES.tooOld;
  }
  return null;
}

/** A dispute as the receipt shows it: the support ticket that follows it. */
export const disputeView = z.object({
  ticket_id: z.string(),
  ticket_number: z.string(),
  status: z.string(),
  status_display: z.string(),
  reason: z.string(),
  reason_display: z.string(),
  created_at: z.string(),
  /** How staff decided it, once they have. */
  outcome: z.enum(DISPUTE_OUTCOME_KEYS).nullable(),
  outcome_display: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type DisputeView = z.infer<typeof disputeView>;

/** The answer of POST /transactions/{id}/dispute, and of staff's POST /ops/disputes/{id}/resolve. */
export const disputeAnswer = successOf(z.object({ dispute: disputeView }));
