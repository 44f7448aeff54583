import { z } from 'zod';
import { successOf } from './envelope.ts';

/** The longest memo of a payment or request, in characters. */
export const ZELLE_MEMO_MAX = 255;

/** What the send, request and split forms and the server say of a field they cannot accept. */
export const ZELLE_MESSAGES = {
  account: 'Please select an account',
  recipientName: 'Please enter recipient name',
  contact: 'Please enter recipient email or phone number',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  amountMin: 'The amount must be at least $0.01.',
  amountMax: 'The amount may not be greater than $5,000.00.',
  amountDecimals: 'The amount must be a positive number with at most 2 decimals.',
  memo: `The memo may not be greater than ${ZELLE_MEMO_MAX} characters.`,
  splitTotal: 'Please enter a valid amount to split',
  splitPeople: 'Please add at least one person to split with',
  splitPerson: 'Please fill in name and contact for all recipients',
  splitShare: 'Each share must be between $0.01 and $5,000.00',
  splitPersonTwice: 'This person is already in the split.',
  askedTooOften:
    'You have asked this person for money 10 times in the last 24 hours. Please wait before asking again.',
} as const;

/** A payment as the send (and pay-a-request) answer shows it. */
export const zellePaymentView = z.object({
  id: z.string(),
  type: z.literal('sent'),
  recipient_name: z.string(),
  sender_name: z.string(),
  amount: z.number(),
  formatted_amount: z.string(),
  memo: z.string(),
  formatted_date: z.string(),
  /** completed, or pending until a recipient not yet enrolled claims it. */
  status: z.string(),
  reference_number: z.string(),
  /** The email or phone it was sent to. */
  contact: z.string(),
  /** When a pending payment goes back to the sender if nobody claims it. */
  expires_at: z.string().nullable(),
});
export type ZellePaymentView = z.infer<typeof zellePaymentView>;

/** The answer of POST /zelle/send and /zelle/requests/{id}/pay: the payment and what is left. */
export const zelleSent = successOf(
  z.object({ transaction: zellePaymentView, available_balance: z.number() }),
);

/** A request for money as the request and split answers show it. */
export const zelleRequestView = z.object({
  id: z.string(),
  type: z.literal('request'),
  recipient_name: z.string(),
  sender_name: z.string(),
  amount: z.number(),
  memo: z.string(),
  formatted_date: z.string(),
  status: z.literal('pending'),
  reference_number: z.string(),
});
export type ZelleRequestView = z.infer<typeof zelleRequestView>;

/** The answer of POST /zelle/request. */
export const zelleRequested = successOf(z.object({ request: zelleRequestView }));

/** The answer of POST /zelle/split: one request per person, and the requester's own share. */
export const zelleSplit = successOf(
  z.object({ requests: z.array(zelleRequestView), your_share: z.number(), total: z.number() }),
);

/** The answer of POST /zelle/requests/{id}/decline. */
export const zelleRequestDeclined = successOf(
  z.object({ request: z.object({ id: z.string(), status: z.literal('declined') }) }),
);

/**
 * The answer of POST /zelle/claims/code: where the code went (masked) and how many payments wait,
 * told only for a contact the customer has proven (null until the code proves it).
 */
export const zelleClaimCodeSent = successOf(
  z.object({
    sent_to: z.string(),
    expires_at: z.string(),
    payments_waiting: z.number().nullable(),
  }),
);

/** The answer of POST /zelle/claims: the payments claimed into the customer's checking account. */
export const zelleClaimed = successOf(
  z.object({
    claimed: z.array(
      z.object({
        id: z.string(),
        sender_name: z.string(),
        amount: z.number(),
        reference_number: z.string(),
      }),
    ),
    total: z.number(),
    account: z.object({ id: z.string(), name: z.string() }),
  }),
);

/** Someone the customer has paid or asked for money, with how often. */
export const zelleRecipientView = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Initials or a picture; the bank keeps none, so null. */
  avatar: z.string().nullable(),
  transaction_count: z.number(),
  last_transaction_date: z.string(),
});
export type ZelleRecipientView = z.infer<typeof zelleRecipientView>;

/** The answer of GET /zelle/recipients, most recent first. */
export const zelleRecipientList = successOf(z.object({ recipients: z.array(zelleRecipientView) }));

/** One item of the activity: a payment sent or received, or a request made or received. */
export const zelleActivityView = z.object({
  id: z.string(),
  type: z.enum(['sent', 'received', 'request']),
  /** For a request: outgoing when this customer asked, incoming when they were asked. */
  direction: z.enum(['outgoing', 'incoming']),
  recipient_name: z.string(),
  sender_name: z.string(),
  counterparty_name: z.string(),
  contact: z.string().nullable(),
  amount: z.number(),
  memo: z.string(),
  date: z.string(),
  formatted_date: z.string(),
  /** completed, pending, processing, returned, declined or cancelled. */
  status: z.string(),
  reference_number: z.string(),
  account_id: z.string().nullable(),
  /** The history line whose receipt this item opens (none for a request: no money moved). */
  receipt_id: z.string().nullable(),
});
export type ZelleActivityView = z.infer<typeof zelleActivityView>;

/** The answer of GET /zelle/transactions, newest first. */
export const zelleActivityList = successOf(z.object({ transactions: z.array(zelleActivityView) }));

/** A request someone else sent the customer, waiting to be paid or declined. */
export const zelleIncomingRequestView = zelleActivityView.extend({ requester_name: z.string() });
export type ZelleIncomingRequestView = z.infer<typeof zelleIncomingRequestView>;

/** The answer of GET /zelle/requests, newest first. */
export const zelleIncomingRequestList = successOf(
  z.object({ requests: z.array(zelleIncomingRequestView) }),
);

const limitUse = z.object({ limit: z.number(), used: z.number(), remaining: z.number() });

/** The answer of GET /zelle/limits: what is sent and received today and this month, in dollars. */
export const zelleLimitsData = z.object({
  limits: z.object({
    daily: limitUse,
    monthly: limitUse,
    daily_receive: limitUse,
    per_transaction: z.object({ min: z.number(), max: z.number() }),
    /** The bank's day, in this time zone, is the day the limits count. */
    time_zone: z.string(),
    business_date: z.string(),
  }),
});
export type ZelleLimits = z.infer<typeof zelleLimitsData>['limits'];
export const zelleLimits = successOf(zelleLimitsData);
