import {
  billPayCategoryList,
  billPayHistory,
  payeeList,
  upcomingBillPaymentList,
  type BillPayHistoryItem,
  type PayeeView,
  type UpcomingBillPaymentView,
} from '@bank/contracts';
import {
  billPayCategories,
  billPayCategoryLabels,
  centsToDollars,
  formatUsd,
  type BillPayCategory,
  type RecurringFrequency,
} from '@bank/events';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Icon names the screen maps to its icon set. */
const categoryIcons: Record<BillPayCategory, string> = {
  utilities: 'zap',
  credit_cards: 'credit-card',
  insurance: 'shield',
  mortgage: 'home',
  auto_loan: 'car',
  phone: 'smartphone',
  internet: 'wifi',
  cable: 'tv',
  streaming: 'play-circle',
  other: 'file-text',
};

/** Posting kinds that are transfers (between accounts, to people and banks). */
const TRANSFER_KINDS = [
  'transfer',
  'between-accounts',
  'same-bank',
  'external-bank',
  'sepa',
  'zelle',
  'wire',
];

const historyTypes = {
  all: null,
  bill_payments: 'bill_payment',
  transfers: 'transfer',
  transactions: 'transaction',
} as const;

const historyQuery = z.object({
  type: z.enum(['all', 'bill_payments', 'transfers', 'transactions']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

interface PayeeRow extends Record<string, unknown> {
  payee_id: string;
  name: string;
  display_name: string | null;
  category: BillPayCategory;
  account_last4: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  phone: string | null;
  default_amount_cents: number | null;
  autopay_enabled: boolean;
  autopay_day: number | null;
  autopay_amount_cents: number | null;
  autopay_account_id: string | null;
  created_at: Date;
  next_date: string | null;
  next_amount_cents: number | null;
}

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

function payeeView(row: PayeeRow): PayeeView {
  const masked = `****${row.account_last4}`;
  return {
    id: row.payee_id,
    name: row.name,
    display_name: row.display_name ?? row.name,
    category: row.category,
    category_label: billPayCategoryLabels[row.category],
    icon: categoryIcons[row.category],
    // The full number is kept encrypted; the screen only ever shows the masked one.
    account_number: masked,
    formatted_account_number: masked,
    address: row.address,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    phone: row.phone,
    default_amount: dollarsOrNull(row.default_amount_cents),
    autopay_enabled: row.autopay_enabled,
    autopay_day: row.autopay_day,
    autopay_amount: dollarsOrNull(row.autopay_amount_cents),
    autopay_account_id: row.autopay_account_id,
    is_active: true,
    next_payment:
      row.next_date && row.next_amount_cents !== null
        ? { date: row.next_date, amount: centsToDollars(row.next_amount_cents) }
        : null,
    created_at: row.created_at.toISOString(),
  };
}

interface PaymentRow extends Record<string, unknown> {
  id: string;
  source: 'scheduled' | 'autopay';
  schedule_id: string;
  payee_id: string;
  payee_name: string;
  category: BillPayCategory;
  from_account_id: string;
  account_name: string;
  amount_cents: number;
  scheduled_date: string;
  memo: string | null;
  is_recurring: boolean;
  recurring_frequency: RecurringFrequency | null;
  recurring_end_date: string | null;
  status: string;
}

function paymentView(row: PaymentRow): UpcomingBillPaymentView {
  return {
    id: row.id,
    payment_id: row.schedule_id,
    source: row.source,
    payee_id: row.payee_id,
    payee_name: row.payee_name,
    category: row.category,
    category_label: billPayCategoryLabels[row.category],
    from_account_id: row.from_account_id,
    account_name: row.account_name,
    amount: centsToDollars(row.amount_cents),
    formatted_amount: formatUsd(row.amount_cents),
    scheduled_date: row.scheduled_date,
    memo: row.memo,
    is_recurring: row.is_recurring,
    recurring_frequency: row.recurring_frequency,
    recurring_end_date: row.recurring_end_date,
    status: row.status,
  };
}

interface HistoryRow extends Record<string, unknown> {
  id: string;
  source_type: 'transaction' | 'transfer' | 'bill_payment';
  description: string;
  category: string;
  signed_cents: number;
  date: Date;
  status: string;
  account_name: string;
  reference_number: string | null;
  receipt_id: string | null;
}

function historyIcon(row: HistoryRow): string {
  if (row.source_type === 'bill_payment') {
    return categoryIcons[row.category as BillPayCategory] ?? 'file-text';
  }
  if (row.source_type === 'transfer') return 'arrow-left-right';
  return row.signed_cents >= 0 ? 'arrow-down-left' : 'arrow-up-right';
}

function historyView(row: HistoryRow): BillPayHistoryItem {
  return {
    id: row.id,
    source_type: row.source_type,
    type_label: { bill_payment: 'Bill', transfer: 'Transfer', transaction: 'Bank' }[
      row.source_type
    ],
    description: row.description,
    category: row.category,
    amount: centsToDollars(row.signed_cents),
    date: row.date.toISOString(),
    status: row.status,
    account_name: row.account_name,
    reference_number: row.reference_number,
    receipt_id: row.receipt_id,
    icon: historyIcon(row),
  };
}

/** Bill pay reads: categories, payees, upcoming payments and the combined history. */
export const billPayQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get(
    '/bill-payments/categories',
    { schema: { response: { 200: billPayCategoryList } } },
    async () =>
      ok(
        {
          categories: billPayCategories.map((key) => ({
            key,
            value: key,
            label: billPayCategoryLabels[key],
            icon: categoryIcons[key],
          })),
        },
        'Categories retrieved successfully',
      ),
  );

  app.get(
    '/bill-payments/payees',
    { schema: { response: { 200: payeeList } } },
    async (request) => {
      const { rows } = await pool.query<PayeeRow>(
        `SELECT p.*, n.next_date, n.next_amount_cents
       FROM rm_bill_payees p
       LEFT JOIN LATERAL (
         SELECT to_char(b.scheduled_date, 'YYYY-MM-DD') AS next_date, b.amount_cents AS next_amount_cents
         FROM rm_bill_payments b
         WHERE b.payee_id = p.payee_id AND b.status = 'scheduled'
         ORDER BY b.scheduled_date, b.amount_cents LIMIT 1
       ) n ON true
       WHERE p.customer_id = $1 AND NOT p.removed
       ORDER BY p.position`,
        [request.customerId],
      );
      return ok({ payees: rows.map(payeeView) }, 'Payees retrieved successfully');
    },
  );

  app.get(
    '/bill-payments/scheduled',
    { schema: { response: { 200: upcomingBillPaymentList } } },
    async (request) => {
      const { rows } = await pool.query<PaymentRow>(
        `SELECT b.*, to_char(b.scheduled_date, 'YYYY-MM-DD') AS scheduled_date,
         to_char(b.recurring_end_date, 'YYYY-MM-DD') AS recurring_end_date, a.name AS account_name
       FROM rm_bill_payments b JOIN rm_accounts a ON a.account_id = b.from_account_id
       WHERE b.customer_id = $1 AND b.status = 'scheduled'
       ORDER BY b.scheduled_date, b.position`,
        [request.customerId],
      );
      return ok({ payments: rows.map(paymentView) }, 'Scheduled payments retrieved successfully');
    },
  );

  /**
   * Postings (transactions, transfers, paid bills) and the bills that have not moved money
   * (scheduled, failed, cancelled with their payee), newest first. Unlike the product this one was
   * modelled on, `type`
   * really filters.
   */
  app.get(
    '/bill-payments/history',
    { schema: { querystring: historyQuery, response: { 200: billPayHistory } } },
    async (request) => {
      const sourceType = historyTypes[request.query.type];
      const { rows } = await pool.query<HistoryRow>(
        `SELECT * FROM (
         SELECT t.id,
           CASE WHEN t.kind = 'bill_payment' THEN 'bill_payment'
                WHEN t.kind = ANY($2::text[]) THEN 'transfer'
                ELSE 'transaction' END AS source_type,
           t.description, coalesce(t.metadata->>'category', t.kind) AS category,
           CASE WHEN t.direction = 'credit' THEN t.amount_cents ELSE -t.amount_cents END AS signed_cents,
           t.created_at AS date, t.status, a.name AS account_name, t.reference_number,
           t.position, t.id AS receipt_id
         FROM rm_transactions t JOIN rm_accounts a ON a.account_id = t.account_id
         WHERE t.customer_id = $1
         UNION ALL
         SELECT b.id, 'bill_payment', 'Bill payment to ' || b.payee_name, b.category,
           -b.amount_cents, (b.scheduled_date::timestamp AT TIME ZONE 'America/New_York'),
           b.status, a.name, b.reference_number, b.position, NULL
         FROM rm_bill_payments b JOIN rm_accounts a ON a.account_id = b.from_account_id
         WHERE b.customer_id = $1 AND b.status IN ('scheduled', 'failed', 'cancelled')
       ) h
       WHERE $3::text IS NULL OR h.source_type = $3
       ORDER BY h.date DESC, h.position DESC
       LIMIT $4`,
        [request.customerId, TRANSFER_KINDS, sourceType, request.query.limit],
      );
      return ok({ transactions: rows.map(historyView) }, 'History retrieved successfully');
    },
  );
};
