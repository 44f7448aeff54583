import {
  HISTORY_FILTER_MESSAGES,
  NOTIFICATION_TYPES,
  accountsList,
  currentUserAnswer,
  dashboardAnswer,
  notificationSummaryAnswer,
  notificationsListAnswer,
  searchResultsAnswer,
  transactionHistoryAnswer,
} from '@bank/contracts';
import { bankMonth, centsToDollars, dollarsToCents, formatUsd } from '@bank/events';
import {
  fieldError,
  notFound,
  ok,
  queryBoolean,
  requireCustomer,
  type Pool,
  type SessionStore,
} from '@bank/infra';
import {
  findNotifications,
  findTransactions,
  listAccounts,
  notificationSummary,
  readCashback,
  readUser,
  searchContacts,
} from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountView } from '../views/accounts.ts';
import { notificationView } from '../views/notifications.ts';
import { cursorAfter, pageOf } from '../views/history-cursor.ts';
import { amountSearch } from '../views/search-amount.ts';
import { transactionView } from '../views/transactions.ts';
import { BANK_ERA_FIRST_DAY } from '../views/statement-months.ts';
import { listSavingsGoals, type SavingsGoalView } from '../views/savings-goals.ts';

export const DASHBOARD_RECENT = 8;

/** A filter bound in dollars with at most 2 decimals, as cents. */
const amountBound = (which: 'minimum' | 'maximum') =>
  z.coerce
    .number({ message: `The ${which} amount must be a number.` })
    .transform((value, context) => {
      const cents = dollarsToCents(value);
      if (cents === undefined) {
        context.addIssue({
          code: 'custom',
          message: HISTORY_FILTER_MESSAGES[which === 'minimum' ? 'min' : 'max'],
        });
        return z.NEVER;
      }
      return cents;
    })
    .optional();

/** A day of the history's date filters: a calendar date of the bank's era, as statements take. */
const historyDay = (field: 'from' | 'to') => {
  const message = `The ${field} date must be a date such as 2026-03-31.`;
  return z.iso
    .date({ message })
    .refine((day) => day >= BANK_ERA_FIRST_DAY, { message })
    .optional();
};

const historyQuery = z.object({
  days: z.coerce.number().int().min(1).max(3660).optional(),
  account_id: z.uuid().optional(),
  type: z.enum(['credit', 'debit', 'all']).optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  from: historyDay('from'),
  to: historyDay('to'),
  min_amount: amountBound('minimum'),
  max_amount: amountBound('maximum'),
  cursor: z.string().max(200).optional(),
});

const notificationsQuery = z.object({
  per_page: z.coerce.number().int().min(1).max(200).default(50),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  unread_only: queryBoolean,
  read_only: queryBoolean,
  type: z.enum(['all', ...NOTIFICATION_TYPES]).optional(),
});

/** A savings account whose customer set a goal (its target and progress are then known). */
function hasGoal(
  goal: SavingsGoalView,
): goal is SavingsGoalView & { target_amount: number; progress_percent: number } {
  return goal.target_amount !== null && goal.progress_percent !== null;
}

/** A photo's ref as stored: its customer and its image's SHA-256 (or, before that, the hash alone). */
const PHOTO_REF = /^(photo:[0-9a-f-]{36}:|sha256:)[0-9a-f]{64}$/;

interface Photo {
  mime_type: string;
  data: Buffer;
}

/** How long a photo read is answered from memory, and how many are kept at most. */
const PHOTO_MEMORY_MS = 10_000;
const PHOTO_MEMORY_ENTRIES = 16;

/**
 * Reads a customer's current photo by its ref, each at most once per PHOTO_MEMORY_MS: a photo may
 * be 5 MB, and many requests for one (a customer's own, asked for in a loop) must not each read and
 * decode it. The memory is short so that a replaced, removed or erased photo stops being served
 * soon after.
 */
function photoReader(pool: Pool): (customerId: string, ref: string) => Promise<Photo | undefined> {
  const recent = new Map<string, { until: number; photo: Promise<Photo | undefined> }>();
  const load = async (customerId: string, ref: string) =>
    (
      await pool.query<Photo>(
        `SELECT i.mime_type, i.data FROM rm_customers c
           JOIN profile_images i ON i.ref = c.profile_image
          WHERE c.customer_id = $1 AND c.profile_image = $2`,
        [customerId, ref],
      )
    ).rows[0];
  return (customerId, ref) => {
    const now = Date.now();
    // In the order they were read, so the expired ones come first.
    for (const [key, entry] of recent) {
      if (entry.until > now) break;
      recent.delete(key);
    }
    const key = `${customerId} ${ref}`;
    const known = recent.get(key);
    if (known) return known.photo;
    const photo = load(customerId, ref);
    if (recent.size < PHOTO_MEMORY_ENTRIES) {
      recent.set(key, { until: now + PHOTO_MEMORY_MS, photo });
      photo.catch(() => recent.delete(key));
    }
    return photo;
  };
}

/** The signed-in customer's own reads: user, accounts, dashboard, history, notifications, search. */
export const customerQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get('/user', { schema: { response: { 200: currentUserAnswer } } }, async (request) => {
    const user = await readUser(pool, request.customerId);
    if (!user) throw notFound();
    return ok({ user, session_expires_at: request.sessionExpiresAt?.toISOString() ?? null }, 'OK');
  });

  // The signed-in customer's current photo, at the URL the user view names (it changes with the
  // photo). Anyone else's, or an old one, is not found. Like every answer of the API, no cache
  // keeps it: the web app keeps it in memory for the session.
  const readPhoto = photoReader(pool);
  app.get(
    '/profile/photos/:ref',
    { schema: { params: z.object({ ref: z.string().max(200) }) } },
    async (request, reply) => {
      const { ref } = request.params;
      const photo = PHOTO_REF.test(ref) ? await readPhoto(request.customerId, ref) : undefined;
      if (!photo) throw notFound();
      return reply.type(photo.mime_type).send(photo.data);
    },
  );

  app.get('/accounts', { schema: { response: { 200: accountsList } } }, async (request) => {
    const rows = await listAccounts(pool, request.customerId);
    return ok({ accounts: rows.map(accountView) }, 'Accounts retrieved successfully');
  });

  app.get('/dashboard', { schema: { response: { 200: dashboardAnswer } } }, async (request) => {
    const [rows, recent, cb, goals] = await Promise.all([
      listAccounts(pool, request.customerId),
      findTransactions(pool, { customerId: request.customerId, limit: DASHBOARD_RECENT }),
      // This month's cashback: the bank's month (New York), as statements count months.
      readCashback(pool, request.customerId, bankMonth(new Date())),
      listSavingsGoals(pool, request.customerId),
    ]);
    const totalCents = rows.reduce((sum, r) => sum + r.balance_cents, 0);
    // The figure: the first savings account with a goal the customer set (null when none is).
    const goal = goals.find(hasGoal);
    return ok(
      {
        accounts: rows.map(accountView),
        recent_transactions: recent.map(transactionView),
        total_balance: centsToDollars(totalCents),
        formatted_total_balance: formatUsd(totalCents),
        account_count: rows.length,
        savings_goal: goal
          ? {
              name: goal.account_name,
              account_id: goal.account_id,
              current: goal.current_amount,
              target: goal.target_amount,
              progress_percent: goal.progress_percent,
              reached: goal.reached,
            }
          : null,
        savings_goals: goals,
        cashback: {
          available_balance: centsToDollars(cb ? cb.earned_cents - cb.redeemed_cents : 0),
          this_month_earned: centsToDollars(cb ? cb.month_earned_cents : 0),
        },
      },
      'Dashboard data retrieved successfully',
    );
  });

  app.get(
    '/dashboard/comprehensive-history',
    { schema: { querystring: historyQuery, response: { 200: transactionHistoryAnswer } } },
    async (request) => {
      const q = request.query;
      const after = cursorAfter(q.cursor);
      if (q.from && q.to && q.to < q.from) {
        throw fieldError({ to: [HISTORY_FILTER_MESSAGES.toBeforeFrom] });
      }
      if (q.min_amount !== undefined && q.max_amount !== undefined && q.max_amount < q.min_amount) {
        throw fieldError({
          max_amount: [HISTORY_FILTER_MESSAGES.maxBelowMin],
        });
      }
      const rows = await findTransactions(pool, {
        customerId: request.customerId,
        accountId: q.account_id,
        days: q.days,
        direction: q.type === 'all' ? undefined : q.type,
        search: q.search,
        fromDay: q.from,
        toDay: q.to,
        minCents: q.min_amount,
        maxCents: q.max_amount,
        after,
        limit: q.limit + 1,
        offset: after ? 0 : (q.page - 1) * q.limit,
      });
      const { page, nextCursor } = pageOf(rows, q.limit);
      return ok(
        {
          transactions: page.map(transactionView),
          page: q.page,
          per_page: q.limit,
          next_cursor: nextCursor,
        },
        'History retrieved successfully',
      );
    },
  );

  app.get(
    '/notifications',
    { schema: { querystring: notificationsQuery, response: { 200: notificationsListAnswer } } },
    async (request) => {
      const q = request.query;
      const rows = await findNotifications(pool, {
        customerId: request.customerId,
        unreadOnly: q.unread_only,
        readOnly: q.read_only,
        type: q.type === 'all' ? undefined : q.type,
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
      });
      return ok(
        { notifications: rows.map(notificationView), page: q.page, per_page: q.per_page },
        'OK',
      );
    },
  );

  app.get(
    '/notifications/summary',
    { schema: { response: { 200: notificationSummaryAnswer } } },
    async (request) => ok(await notificationSummary(pool, request.customerId), 'OK'),
  );

  app.get(
    '/search',
    {
      schema: {
        querystring: z.object({
          q: z.string().trim().min(1).max(100),
          limit: z.coerce.number().int().min(1).max(50).default(10),
        }),
        response: { 200: searchResultsAnswer },
      },
    },
    async (request) => {
      const transactions = await findTransactions(pool, {
        customerId: request.customerId,
        search: request.query.q,
        searchCents: amountSearch(request.query.q),
        limit: request.query.limit,
      });
      // Contacts: people this customer has paid or been paid by, named in posting metadata.
      const contacts = await searchContacts(
        pool,
        request.customerId,
        request.query.q,
        request.query.limit,
      );
      return ok({ transactions: transactions.map(transactionView), contacts }, 'OK');
    },
  );
};
