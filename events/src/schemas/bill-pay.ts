import { BILL_PAY_CATEGORIES, RECURRING_FREQUENCIES } from '@bank/contracts';
import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

// The categories and frequencies a customer chooses from are the contract's; events record them.
export {
  BILL_PAY_CATEGORIES as billPayCategories,
  BILL_PAY_CATEGORY_LABELS as billPayCategoryLabels,
  RECURRING_FREQUENCIES as recurringFrequencies,
  type BillPayCategory,
  type RecurringFrequency,
} from '@bank/contracts';

/** A calendar date in the bank's time zone (America/New_York), YYYY-MM-DD. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const cents = z.number().int().nonnegative();

/** A payee's AutoPay: paid monthly on `day` (clamped to the month's length) from `firstDate` on. */
const autopaySetting = z.object({
  day: z.number().int().min(1).max(31),
  /** Null: the payee's default amount. */
  amountCents: cents.nullable(),
  fromAccountId: z.uuid(),
  firstDate: isoDate,
});

export const BillPayeeAdded = defineEvent(
  'BillPayeeAdded',
  z.object({
    customerId: z.uuid(),
    payeeId: z.uuid(),
    name: z.string(),
    displayName: z.string().nullable(),
    category: z.enum(BILL_PAY_CATEGORIES),
    /** AES-256-GCM ciphertext of the account number at the payee; never the number itself. */
    accountNumberEncrypted: z.string(),
    /**
     * The keyed hash (hmac-sha256 with the bank's key) of the full account number, which tells the
     * same payee added twice; absent on payees added before it was recorded.
     */
    accountNumberHash: z.string().optional(),
    accountLast4: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    phone: z.string().nullable(),
    defaultAmountCents: cents.nullable(),
    autopay: autopaySetting.nullable(),
  }),
);

export const BillPayeeRemoved = defineEvent(
  'BillPayeeRemoved',
  z.object({ customerId: z.uuid(), payeeId: z.uuid() }),
);

/** The customer named a payee anew: its nickname, or null to show it by its company's name. */
export const BillPayeeRenamed = defineEvent(
  'BillPayeeRenamed',
  z.object({ customerId: z.uuid(), payeeId: z.uuid(), displayName: z.string().nullable() }),
);

/**
 * The customer turned a payee's AutoPay on or off, or changed its day, amount or account: `autopay`
 * is the whole setting now (null: off). Its payments start again on `firstDate`, a date after the
 * change, whatever an earlier setting waited for.
 */
export const BillPayeeAutopayChanged = defineEvent(
  'BillPayeeAutopayChanged',
  z.object({ customerId: z.uuid(), payeeId: z.uuid(), autopay: autopaySetting.nullable() }),
);

/** A one-off or recurring payment to a payee, paid on firstDate and then per its recurrence. */
export const BillPaymentScheduled = defineEvent(
  'BillPaymentScheduled',
  z.object({
    customerId: z.uuid(),
    paymentId: z.uuid(),
    payeeId: z.uuid(),
    payeeName: z.string(),
    category: z.enum(BILL_PAY_CATEGORIES),
    fromAccountId: z.uuid(),
    amountCents: cents,
    memo: z.string().nullable(),
    firstDate: isoDate,
    recurrence: z
      .object({ frequency: z.enum(RECURRING_FREQUENCIES), endDate: isoDate.nullable() })
      .nullable(),
  }),
);

/**
 * The customer changed a scheduled payment: a new plan (account, amount, dates) from `startDate`,
 * its occurrences counted from there. The payee and the memo stay. `nextDate` is the date the
 * schedule now waits for.
 */
export const BillPaymentScheduleChanged = defineEvent(
  'BillPaymentScheduleChanged',
  z.object({
    customerId: z.uuid(),
    paymentId: z.uuid(),
    fromAccountId: z.uuid(),
    amountCents: cents,
    startDate: isoDate,
    recurrence: z
      .object({ frequency: z.enum(RECURRING_FREQUENCIES), endDate: isoDate.nullable() })
      .nullable(),
    nextDate: isoDate,
  }),
);

/** The customer cancelled a scheduled payment: no occurrence after this is paid. */
export const BillPaymentScheduleCancelled = defineEvent(
  'BillPaymentScheduleCancelled',
  z.object({ customerId: z.uuid(), paymentId: z.uuid() }),
);

/**
 * An occurrence of a scheduled payment was handled (paid or failed, in its own stream): the
 * schedule now waits for `nextDate` (null: it has finished, or `stopped`). Kept on the schedule's stream so an
 * edit or a cancel racing the occurrence conflicts with it instead of both taking effect.
 */
export const BillPaymentScheduleAdvanced = defineEvent(
  'BillPaymentScheduleAdvanced',
  z.object({
    customerId: z.uuid(),
    paymentId: z.uuid(),
    date: isoDate,
    nextDate: isoDate.nullable(),
    /** The occurrence was refused for good, and the bank ended the schedule there. */
    stopped: z.literal(true).optional(),
  }),
);

/**
 * One occurrence of a scheduled payment or of a payee's AutoPay. `source` says which: for
 * 'autopay' the scheduleId is the payee's id. `nextDate` is the following occurrence, if any.
 */
const occurrence = {
  customerId: z.uuid(),
  source: z.enum(['scheduled', 'autopay']),
  scheduleId: z.uuid(),
  payeeId: z.uuid(),
  payeeName: z.string(),
  category: z.enum(BILL_PAY_CATEGORIES),
  fromAccountId: z.uuid(),
  amountCents: cents,
  date: isoDate,
  nextDate: isoDate.nullable(),
};

export const BillPaymentPaid = defineEvent(
  'BillPaymentPaid',
  z.object({ ...occurrence, entryId: z.uuid(), reference: z.string() }),
);

/**
 * One occurrence was refused on its day: nothing was taken. `stopped`: the refusal can never go
 * away (its account closed, or no longer the customer's), so the bank ended the scheduled
 * payment there (nextDate null) rather than letting it fail on every date; for AutoPay, the
 * payee's AutoPay was turned off in the same append (BillPayeeAutopayChanged, null). Absent, it
 * went on to nextDate, or ended at its last occurrence (null).
 */
export const BillPaymentFailed = defineEvent(
  'BillPaymentFailed',
  z.object({
    ...occurrence,
    // not_made_on_its_date: its job could not reach the database all day, and gave up.
    // account_closed: closed by its owner's erasure; account_gone: not (or no longer) theirs.
    reason: z.enum([
      'insufficient_funds',
      'limit_exceeded',
      'not_made_on_its_date',
      'account_closed',
      'account_gone',
    ]),
    stopped: z.literal(true).optional(),
  }),
);

/** A payee's first payment went out: it is no longer held to the new-payee limit. */
export const BillPayeeFirstPaid = defineEvent(
  'BillPayeeFirstPaid',
  z.object({ customerId: z.uuid(), payeeId: z.uuid(), at: z.iso.datetime() }),
);

export const billPayEvents = [
  BillPayeeAdded,
  BillPayeeRemoved,
  BillPayeeRenamed,
  BillPayeeAutopayChanged,
  BillPaymentScheduled,
  BillPaymentScheduleChanged,
  BillPaymentScheduleCancelled,
  BillPaymentScheduleAdvanced,
  BillPaymentPaid,
  BillPaymentFailed,
  BillPayeeFirstPaid,
] as const;
