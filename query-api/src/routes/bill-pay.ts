import {
  billPayCategoryList,
  billPayHistoryList,
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
} from '@bank/events';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import {
  billPayHistory,
  listPayees,
  listScheduledBillPayments,
  type BillPayHistoryRow,
  type BillPaymentRow,
  type PayeeRow,
} from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cursorAfter, pageOf } from '../views/history-cursor.ts';

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

const historyTypes = {
  all: null,
  bill_payments: 'bill_payment',
  transfers: 'transfer',
  transactions: 'transaction',
} as const;

const historyQuery = z.object({
  type: z.enum(['all', 'bill_payments', 'transfers', 'transactions']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

/** The name its cursors carry: a cursor of another list (the accounts history's) is refused. */
const HISTORY_CURSOR_LIST = 'bill-pay-history';

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

function paymentView(row: BillPaymentRow): UpcomingBillPaymentView {
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

function historyIcon(row: BillPayHistoryRow): string {
  if (row.source_type === 'bill_payment') {
    return categoryIcons[row.category as BillPayCategory] ?? 'file-text';
  }
  if (row.source_type === 'transfer') return 'arrow-left-right';
  return row.signed_cents >= 0 ? 'arrow-down-left' : 'arrow-up-right';
}

function historyView(row: BillPayHistoryRow): BillPayHistoryItem {
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
      const rows = await listPayees(pool, request.customerId);
      return ok({ payees: rows.map(payeeView) }, 'Payees retrieved successfully');
    },
  );

  app.get(
    '/bill-payments/scheduled',
    { schema: { response: { 200: upcomingBillPaymentList } } },
    async (request) => {
      const rows = await listScheduledBillPayments(pool, request.customerId);
      return ok({ payments: rows.map(paymentView) }, 'Scheduled payments retrieved successfully');
    },
  );

  /**
   * Postings (transactions, transfers, paid bills) and the bills that have not moved money
   * (scheduled, failed, cancelled with their payee), newest first, a page at a time: `next_cursor`,
   * passed back as `cursor`, asks for the page after (null on the last). Unlike the product this
   * one was modelled on, `type` really filters.
   */
  app.get(
    '/bill-payments/history',
    { schema: { querystring: historyQuery, response: { 200: billPayHistoryList } } },
    async (request) => {
      const q = request.query;
      const after = cursorAfter(q.cursor, HISTORY_CURSOR_LIST);
      const rows = await billPayHistory(
        pool,
        request.customerId,
        historyTypes[q.type],
        q.limit + 1,
        after,
      );
      const { page, nextCursor } = pageOf(rows, q.limit, HISTORY_CURSOR_LIST);
      return ok(
        {
          transactions: page.map(historyView),
          next_cursor: nextCursor,
        },
        'History retrieved successfully',
      );
    },
  );
};
