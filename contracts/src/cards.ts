import { z } from 'zod';
import { successOf } from './envelope.ts';

/** A card PIN is this many digits. */
export const PIN_LENGTH = 4;
/** A card PIN: exactly four digits (CARD_MESSAGES.pinFormat). */
export const PIN_PATTERN = /^\d{4}$/;

/**
 * Whether a new PIN is among those a thief with the card tries first: one digit four times
 * (0000, 7777) or a run of digits up or down (1234, 6789, 3210). Refused as a new PIN
 * (CARD_MESSAGES.pinGuessable); a current PIN is whatever the card has.
 */
export function isGuessablePin(pin: string): boolean {
  if (!PIN_PATTERN.test(pin)) return false;
  const steps = new Set([1, 2, 3].map((i) => pin.charCodeAt(i) - pin.charCodeAt(i - 1)));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

/** What the PIN and application forms and the server say of what they cannot accept. */
export const CARD_MESSAGES = {
  terms: 'You must agree to the terms and conditions to apply for a card.',
  currentPinWrong: 'The current PIN is incorrect.',
  newPinRequired: 'Please enter a new PIN.',
  pinFormat: 'The PIN must be exactly 4 digits.',
  pinGuessable:
    'Please choose a PIN that is harder to guess: not one digit four times or a run like 1234.',
  confirmRequired: 'Please confirm the new PIN.',
  pinsDoNotMatch: 'New PINs do not match',
} as const;

/** The messages of one daily limit, named as the form and the server name it. */
function limitMessages(label: string, max: string) {
  return {
    format: `The ${label} must be an amount in dollars.`,
    positive: `The ${label} must be more than $0.00.`,
    decimals: `The ${label} must be an amount in dollars with at most 2 decimals.`,
    tooHigh: `The ${label} can be at most ${max}.`,
  };
}

/** The highest daily limits a customer may choose, in cents: ATM $5,000, purchases $25,000. */
export const CARD_LIMIT_MAX_CENTS = { daily_atm_limit: 5_000_00, daily_purchase_limit: 25_000_00 };

export const CARD_LIMIT_MESSAGES = {
  daily_atm_limit: limitMessages('daily ATM limit', '$5,000.00'),
  daily_purchase_limit: limitMessages('daily purchase limit', '$25,000.00'),
};

/** The card agreement offered with a card: rates in percent, money in dollars. */
export const cardTermsView = z.object({
  /** Null for a debit card. */
  purchase_apr: z.number().nullable(),
  cash_advance_apr: z.number().nullable(),
  credit_limit: z.number().nullable(),
  fees: z.array(z.object({ name: z.string(), amount: z.number(), percent: z.number().nullable() })),
});
export type CardTermsView = z.infer<typeof cardTermsView>;

/**
 * A card, or an offer to apply for (application.is_pending), as the Cards screen shows it: the
 * number masked, limits in dollars.
 */
export const cardView = z.object({
  id: z.string(),
  card_name: z.string(),
  card_type: z.string(),
  /** visa, mastercard, ... */
  card_network: z.string(),
  bank_account: z.object({ id: z.string(), account_name: z.string() }),
  /** **** **** **** 1234; null for an offer. */
  masked_number: z.string().nullable(),
  last_four: z.string().nullable(),
  expiry_date: z.string().nullable(),
  /** pending (an offer), active, locked, or reported lost or stolen. */
  status: z.string(),
  is_replacement: z.boolean(),
  replaces_card_id: z.string().nullable(),
  application: z.object({
    is_pending: z.boolean(),
    description: z.string(),
    benefits: z.array(z.string()),
    terms: cardTermsView.nullable(),
  }),
  settings: z.object({
    transaction_alerts: z.boolean(),
    international_transactions: z.boolean(),
    contactless_enabled: z.boolean(),
  }),
  limits: z.object({ daily_atm_limit: z.number(), daily_purchase_limit: z.number() }),
  has_pin: z.boolean(),
  issued_at: z.string().nullable(),
  reported_at: z.string().nullable(),
});
export type CardView = z.infer<typeof cardView>;

/** The answer of GET /cards: the customer's cards and the offers to apply for. */
export const cardList = successOf(z.object({ cards: z.array(cardView) }));

/**
 * The answer of GET /cards/{id}: the card with its full number and CVV, revealed (after step-up)
 * for an active or locked card only.
 */
export const revealedCardView = cardView.extend({
  full_details: z
    .object({
      formatted_card_number: z.string(),
      cvv: z.string(),
      expiry_date: z.string().nullable(),
    })
    .nullable(),
});
export type RevealedCardView = z.infer<typeof revealedCardView>;
export const revealedCard = successOf(z.object({ card: revealedCardView }));

/** The answer of a card command (apply, lock or unlock, report, settings, limits): the card now. */
export const cardChanged = successOf(z.object({ card: cardView }));
