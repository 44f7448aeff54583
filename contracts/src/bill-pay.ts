import { z } from 'zod';
import { successOf } from './envelope.ts';

export const BILL_PAY_CATEGORIES = [
  'utilities',
  'credit_cards',
  'insurance',
  'mortgage',
  'auto_loan',
  'phone',
  'internet',
  'cable',
  'streaming',
  'other',
] as const;
export type BillPayCategory = (typeof BILL_PAY_CATEGORIES)[number];

export const BILL_PAY_CATEGORY_LABELS: Record<BillPayCategory, string> = {
  utilities: 'Utilities',
  credit_cards: 'Credit Cards',
  insurance: 'Insurance',
  mortgage: 'Mortgage',
  auto_loan: 'Auto Loan',
  phone: 'Phone',
  internet: 'Internet',
  cable: 'Cable & TV',
  streaming: 'Streaming',
  other: 'Other',
};

export const RECURRING_FREQUENCIES = [
  'weekly',
  'biweekly',
  'monthly',
  'quarterly',
  'yearly',
] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

/** How often a scheduled payment repeats, in words. */
export const RECURRING_FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

/** What the payee and payment forms and the server say of a field they cannot accept. */
export const BILL_PAY_MESSAGES = {
  name: 'Please enter the company name.',
  nameTooLong: 'The company name may not be greater than 100 characters.',
  category: 'Please select a category.',
  accountNumber: 'Please enter the account number.',
  accountNumberFormat: 'The account number must be 4 to 34 letters or digits.',
  payeeExists: 'You already have this payee: the same name and account number.',
  nicknameTooLong: 'The nickname may not be greater than 100 characters.',
  nicknameNeeded:
    'You already have a payee with this name and an account ending in the same 4 digits. Please give this one a nickname to tell them apart.',
  defaultAmount: 'The default amount must be a positive number with at most 2 decimals.',
  autopayDay: 'The AutoPay day must be between 1 and 31.',
  autopayDayRequired: 'Please enter the AutoPay day of the month.',
  autopayAmount: 'The AutoPay amount must be a positive number with at most 2 decimals.',
  autopayAmountRequired: 'Please enter an AutoPay amount or a default amount.',
  autopayEnabled: 'Please say whether AutoPay is on or off.',
  zip: 'The zip code must be a valid ZIP code.',
  payee: 'Please select a payee.',
  fromAccount: 'Please select an account to pay from.',
  amountRequired: 'Please enter an amount.',
  amountFormat: 'The amount must be a positive number with at most 2 decimals.',
  minimum: 'The minimum payment is $0.01.',
  date: 'Please enter a valid date (YYYY-MM-DD).',
  datePast: 'The payment date cannot be earlier than today.',
  dateTooFar: 'A payment can be scheduled at most one year ahead.',
  frequency: 'Please select how often the payment repeats.',
  endBeforeStart: 'The end date must be on or after the payment date.',
} as const;

const category = z.enum(BILL_PAY_CATEGORIES);

/** A payee as the payee list shows it: the account number masked, amounts in dollars. */
export const payeeView = z.object({
  id: z.string(),
  name: z.string(),
  /** The nickname, or the name when there is none. */
  display_name: z.string(),
  category,
  category_label: z.string(),
  /** An icon name for the category (zap, credit-card, ...). */
  icon: z.string(),
  /** Masked as ****1234: the full number is kept encrypted. */
  account_number: z.string(),
  formatted_account_number: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  phone: z.string().nullable(),
  default_amount: z.number().nullable(),
  autopay_enabled: z.boolean(),
  autopay_day: z.number().nullable(),
  autopay_amount: z.number().nullable(),
  autopay_account_id: z.string().nullable(),
  is_active: z.boolean(),
  /** The next payment waiting for this payee, if any. */
  next_payment: z.object({ date: z.string(), amount: z.number() }).nullable(),
  created_at: z.string(),
});
export type PayeeView = z.infer<typeof payeeView>;

/** The answer of GET /bill-payments/payees, in the order they were added. */
export const payeeList = successOf(z.object({ payees: z.array(payeeView) }));

/** The answer of POST /bill-payments/payees: the payee as it was added. */
export const payeeAdded = successOf(
  z.object({ payee: payeeView.omit({ category_label: true, icon: true, created_at: true }) }),
);

/**
 * The answer of PUT /bill-payments/payees/{id}/autopay: the payee's AutoPay now, and the date of
 * its next payment (null when it is off).
 */
export const payeeAutopayChanged = successOf(
  z.object({
    autopay: payeeView
      .pick({
        autopay_enabled: true,
        autopay_day: true,
        autopay_amount: true,
        autopay_account_id: true,
        next_payment: true,
      })
      .extend({ payee_id: z.string() }),
  }),
);

/** The answer of GET /bill-payments/categories. */
export const billPayCategoryList = successOf(
  z.object({
    categories: z.array(
      z.object({ key: category, value: category, label: z.string(), icon: z.string() }),
    ),
  }),
);
export type BillPayCategoryOption = z.infer<
  typeof billPayCategoryList
>['data']['categories'][number];

/**
 * One upcoming payment of GET /bill-payments/scheduled: an occurrence of a scheduled payment or
 * of a payee's AutoPay. `payment_id` is its schedule's id (what Edit and Cancel act on).
 */
export const upcomingBillPaymentView = z.object({
  id: z.string(),
  payment_id: z.string(),
  source: z.enum(['scheduled', 'autopay']),
  payee_id: z.string(),
  payee_name: z.string(),
  category,
  category_label: z.string(),
  from_account_id: z.string(),
  account_name: z.string(),
  amount: z.number(),
  formatted_amount: z.string(),
  scheduled_date: z.string(),
  memo: z.string().nullable(),
  is_recurring: z.boolean(),
  recurring_frequency: z.enum(RECURRING_FREQUENCIES).nullable(),
  recurring_end_date: z.string().nullable(),
  /**
   * scheduled: to be paid on its date; stopped: the date a scheduled payment was refused for good
   * (its account closed, or no longer the customer's), where the bank ended it.
   */
  status: z.string(),
});
export type UpcomingBillPaymentView = z.infer<typeof upcomingBillPaymentView>;

export const upcomingBillPaymentList = successOf(
  z.object({ payments: z.array(upcomingBillPaymentView) }),
);

/**
 * The answer of POST /bill-payments/schedule: the payment as scheduled, `completed` (with its
 * reference number) when it was dated today and paid at once.
 */
export const billPaymentScheduled = successOf(
  z.object({
    payment: z.object({
      id: z.string(),
      payee_id: z.string(),
      payee_name: z.string(),
      category,
      from_account_id: z.string(),
      amount: z.number(),
      scheduled_date: z.string(),
      memo: z.string().nullable(),
      is_recurring: z.boolean(),
      recurring_frequency: z.enum(RECURRING_FREQUENCIES).nullable(),
      recurring_end_date: z.string().nullable(),
      status: z.enum(['scheduled', 'completed']),
      next_payment_date: z.string().nullable(),
      reference_number: z.string().nullable(),
    }),
  }),
);

/** One line of the combined history: a posting, or a bill that has not moved money. */
export const billPayHistoryItem = z.object({
  id: z.string(),
  source_type: z.enum(['transaction', 'transfer', 'bill_payment']),
  /** Bank, Transfer or Bill. */
  type_label: z.string(),
  description: z.string(),
  category: z.string(),
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number(),
  date: z.string(),
  status: z.string(),
  account_name: z.string(),
  reference_number: z.string().nullable(),
  /** The history line whose receipt this row opens (none for a payment not yet made). */
  receipt_id: z.string().nullable(),
  icon: z.string(),
});
export type BillPayHistoryItem = z.infer<typeof billPayHistoryItem>;

/** The answer of GET /bill-payments/history: a page of it, newest first. */
export const billPayHistoryList = successOf(
  z.object({
    transactions: z.array(billPayHistoryItem),
    /** Where the next page starts (keyset paging), or null on the last page. */
    next_cursor: z.string().nullable(),
  }),
);

/**
 * A scheduled bill payment as the edit and cancel answers show it: its plan now and the date it
 * waits for (null once it has ended or was cancelled).
 */
export const scheduledBillPaymentView = z.object({
  /** The schedule's id: what the Upcoming Payments list names as `payment_id`. */
  id: z.string(),
  payee_id: z.string(),
  payee_name: z.string(),
  category: z.string(),
  from_account_id: z.string(),
  amount: z.number(),
  formatted_amount: z.string(),
  next_payment_date: z.string().nullable(),
  is_recurring: z.boolean(),
  recurring_frequency: z.string().nullable(),
  recurring_end_date: z.string().nullable(),
  /** scheduled: payments to come; completed: the last one was made; cancelled by the customer. */
  status: z.enum(['scheduled', 'completed', 'cancelled']),
});
export type ScheduledBillPaymentView = z.infer<typeof scheduledBillPaymentView>;

export const scheduledBillPaymentReply = successOf(z.object({ payment: scheduledBillPaymentView }));
