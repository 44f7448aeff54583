import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

export const cardStream = (cardId: string) => `card-${cardId}`;

export const cardNetworks = ['visa', 'mastercard'] as const;
export type CardNetwork = (typeof cardNetworks)[number];
export const cardTypes = ['debit', 'credit'] as const;
export type CardType = (typeof cardTypes)[number];
/** Where an offer comes from: every customer's debit and credit offers, or a reported card. */
export const cardOfferKinds = ['debit', 'credit', 'replacement'] as const;
export type CardOfferKind = (typeof cardOfferKinds)[number];

/** A fee of the card agreement: a fixed amount in cents, or a share of the amount in basis points. */
export interface CardFee {
  name: string;
  cents: number;
  /** Basis points of the amount, when the fee is a share (with `cents` as its minimum). */
  percentBps?: number;
}

/** What a customer agrees to when applying: the card agreement's rates, credit line and fees. */
export interface CardTerms {
  /** Annual percentage rate on purchases, in basis points; null for a debit card. */
  purchaseAprBps: number | null;
  /** Annual percentage rate on cash advances, in basis points; null for a debit card. */
  cashAdvanceAprBps: number | null;
  /** The credit line a new card is opened with, in cents; null for a debit card. */
  creditLimit: number | null;
  fees: CardFee[];
}

export interface CardProduct {
  cardName: string;
  cardType: CardType;
  cardNetwork: CardNetwork;
  description: string;
  benefits: string[];
  /** Daily limits a new card starts with, in cents. */
  dailyAtmLimit: number;
  dailyPurchaseLimit: number;
  terms: CardTerms;
}

/** The cards the bank offers; an offer's id is derived from offerKey so both sides agree on it. */
export const cardProducts: Record<CardType, CardProduct> = {
  debit: {
    cardName: 'Harborview Debit Card',
    cardType: 'debit',
    cardNetwork: 'visa',
    description: 'A Visa debit card that spends straight from your Premium Checking account.',
    benefits: [
      'No annual fee',
      'Contactless payments',
      'Fee-free withdrawals at Harborview ATMs',
      'Instant lock and unlock',
    ],
    dailyAtmLimit: 500_00,
    dailyPurchaseLimit: 2_500_00,
    terms: {
      purchaseAprBps: null,
      cashAdvanceAprBps: null,
      creditLimit: null,
      fees: [
        { name: 'Annual fee', cents: 0 },
        { name: 'Harborview ATM withdrawal', cents: 0 },
        { name: 'Other banks’ ATM withdrawal', cents: 2_50 },
        { name: 'Foreign transaction fee', cents: 0, percentBps: 100 },
        { name: 'Replacement card', cents: 0 },
      ],
    },
  },
  credit: {
    cardName: 'Harborview Rewards Credit Card',
    cardType: 'credit',
    cardNetwork: 'mastercard',
    description: 'A Mastercard credit card with 1.5% cash back on every purchase.',
    benefits: [
      '1.5% cash back on every purchase',
      'No annual fee',
      'No foreign transaction fees',
      'Zero liability fraud protection',
    ],
    dailyAtmLimit: 500_00,
    dailyPurchaseLimit: 5_000_00,
    terms: {
      purchaseAprBps: 21_49,
      cashAdvanceAprBps: 27_49,
      creditLimit: 5_000_00,
      fees: [
        { name: 'Annual fee', cents: 0 },
        { name: 'Foreign transaction fee', cents: 0 },
        { name: 'Cash advance fee', cents: 10_00, percentBps: 500 },
        { name: 'Late payment fee', cents: 29_00 },
        { name: 'Returned payment fee', cents: 29_00 },
      ],
    },
  },
};

/** Names that offer ids are derived from (deterministicUuid of the key). */
export const cardOfferKey = {
  debit: (checkingAccountId: string) => `card-offer:debit:${checkingAccountId}`,
  credit: (customerId: string) => `card-offer:credit:${customerId}`,
  replacement: (reportedCardId: string) => `card-offer:replacement:${reportedCardId}`,
};

/** Cents: a daily limit. */
const limit = z.number().int().positive();

export const cardSettings = z.object({
  transactionAlerts: z.boolean(),
  internationalTransactions: z.boolean(),
  contactlessEnabled: z.boolean(),
});
export type CardSettings = z.infer<typeof cardSettings>;
export const defaultCardSettings: CardSettings = {
  transactionAlerts: true,
  internationalTransactions: false,
  contactlessEnabled: true,
};

/**
 * A card is issued on an accepted offer; the card's id is the offer's id. The full number and the
 * CVV are only ever recorded sealed (AES-256-GCM); the last four digits are what lists show.
 */
export const CardIssued = defineEvent(
  'CardIssued',
  z.object({
    cardId: z.uuid(),
    customerId: z.uuid(),
    accountId: z.uuid(),
    offerKind: z.enum(cardOfferKinds),
    replacesCardId: z.uuid().nullable(),
    cardName: z.string(),
    cardType: z.enum(cardTypes),
    cardNetwork: z.enum(cardNetworks),
    last4: z.string().regex(/^\d{4}$/),
    numberEncrypted: z.string().startsWith('v1:'),
    cvvEncrypted: z.string().startsWith('v1:'),
    /** MM/YY */
    expiryDate: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
    deliveryAddress: z.string(),
    expressDelivery: z.boolean(),
    dailyAtmLimit: limit,
    dailyPurchaseLimit: limit,
    settings: cardSettings,
  }),
);

const cardRef = { cardId: z.uuid(), customerId: z.uuid() };

export const CardLocked = defineEvent('CardLocked', z.object({ ...cardRef, reason: z.string() }));
export const CardUnlocked = defineEvent(
  'CardUnlocked',
  z.object({ ...cardRef, reason: z.string() }),
);

/** The card is dead from this moment: no payment, lock, limit or PIN change is accepted any more. */
export const CardReportedLostOrStolen = defineEvent(
  'CardReportedLostOrStolen',
  z.object({ ...cardRef, kind: z.enum(['lost', 'stolen']), description: z.string() }),
);

export const CardSettingsChanged = defineEvent(
  'CardSettingsChanged',
  z.object({ ...cardRef, settings: cardSettings }),
);

export const CardLimitsChanged = defineEvent(
  'CardLimitsChanged',
  z.object({ ...cardRef, dailyAtmLimit: limit, dailyPurchaseLimit: limit }),
);

/** An argon2id hash of the PIN, never the PIN; `initial` when the card had no PIN before. */
export const CardPinSet = defineEvent(
  'CardPinSet',
  z.object({ ...cardRef, pinHash: z.string().startsWith('$argon2'), initial: z.boolean() }),
);

/** A PIN change with a wrong current PIN: counted so that guessing it is cut short. */
export const CardPinAttemptFailed = defineEvent(
  'CardPinAttemptFailed',
  z.object({
    ...cardRef,
    consecutiveFailures: z.number().int().positive(),
    failedAt: z.iso.datetime(),
  }),
);

export const cardEvents = [
  CardIssued,
  CardLocked,
  CardUnlocked,
  CardReportedLostOrStolen,
  CardSettingsChanged,
  CardLimitsChanged,
  CardPinSet,
  CardPinAttemptFailed,
] as const;
