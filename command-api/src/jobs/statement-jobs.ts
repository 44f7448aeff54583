import {
  addMonthsIso,
  BANK_TIME_ZONE,
  bankMonth,
  bankMonthStart,
  NotificationRaised,
} from '@bank/events';
import { deterministicUuid } from '@bank/infra';
import { existence } from '../kernel/aggregate.ts';
import type { CommandContext } from '../services/context.ts';
import type { JobProcessor } from './job-system.ts';

export const ANNOUNCE_STATEMENTS_JOB = 'announce-statements';
const HOUR_MS = 3_600_000;
const CHUNK = 500;

/**
 * The bank month that ended last before `now`, as "2026-10", with its first instant and the next
 * month's (midnight in New York, as statements count months).
 */
export function lastClosedMonth(now: Date): { month: string; start: Date; end: Date } {
  const current = bankMonth(now);
  const month = addMonthsIso(current, -1);
  return { month, start: bankMonthStart(month), end: bankMonthStart(current) };
}

/**
 * The accounts opened before $1, from the log (a read model may not have them yet), through the
 * log's partial index of `AccountOpened` events.
 */
export const ACCOUNTS_OPENED_BEFORE = `SELECT data->>'accountId' AS account_id,
       data->>'customerId' AS customer_id, data->>'name' AS name,
       data->>'productCode' AS product_code
  FROM events WHERE type = 'AccountOpened' AND recorded_at < $1`;

/** The accounts opened before `end`. */
export async function accountsOpenedBefore(ctx: CommandContext, end: Date) {
  const { rows } = await ctx.pool.query<{
    account_id: string;
    customer_id: string;
    name: string;
    product_code: string;
  }>(ACCOUNTS_OPENED_BEFORE, [end]);
  return rows;
}

const monthName = (start: Date) =>
  start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: BANK_TIME_ZONE });

/**
 * Tells each customer, once per account and month, that the statement of the month that just
 * ended is ready. Accounts opened after that month ended have none. The notification's stream
 * is named by account and month, so a repeated or concurrent run writes nothing twice.
 */
export async function announceStatements(
  ctx: CommandContext,
  now = new Date(),
): Promise<{ announced: number }> {
  const { month, start, end } = lastClosedMonth(now);
  const accounts = await accountsOpenedBefore(ctx, end);
  let announced = 0;
  for (let i = 0; i < accounts.length; i += CHUNK) {
    const chunk = accounts.slice(i, i + CHUNK).map((a) => {
      const notificationId = deterministicUuid(`statement:${a.account_id}:${month}`);
      return { ...a, notificationId, stream: `notification-${notificationId}` };
    });
    const { rows: done } = await ctx.pool.query<{ stream_id: string }>(
      'SELECT DISTINCT stream_id FROM events WHERE stream_id = ANY($1)',
      [chunk.map((a) => a.stream)],
    );
    const written = new Set(done.map((r) => r.stream_id));
    for (const account of chunk.filter((a) => !written.has(a.stream))) {
      const outcome = await ctx.bus.execute({ actor: 'system:statements' }, async (uow) => {
        if ((await uow.load(account.stream, existence)).state) return false;
        uow.appendNew(account.stream, [
          NotificationRaised.create({
            customerId: account.customer_id,
            notificationId: account.notificationId,
            type: 'transaction',
            title: 'Your statement is ready',
            message: `Your ${account.name} statement for ${monthName(start)} is ready. Download it as PDF or CSV on the Accounts page.`,
            priority: 'low',
          }),
        ]);
        return true;
      });
      if (outcome.result) announced += 1;
    }
  }
  return { announced };
}

/**
 * A job that looks hourly for a bank month that has ended and acts on it once: what it does must
 * be safe to run again, as it runs every hour of the month after.
 */
export function afterMonthEndJobModule(
  name: string,
  run: (ctx: CommandContext) => Promise<unknown>,
) {
  return {
    processors: (ctx: CommandContext): Record<string, JobProcessor> => ({
      [name]: () => run(ctx),
    }),
    schedulers: [],
    repeating: { [name]: HOUR_MS },
  };
}

/** Statements are announced soon after month end. */
export const statementJobModule = afterMonthEndJobModule(ANNOUNCE_STATEMENTS_JOB, (ctx) =>
  announceStatements(ctx),
);
