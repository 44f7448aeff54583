import {
  auditAccountEventsAnswer,
  auditBalanceAnswer,
  auditReplayAnswer,
  auditReplayData,
  auditStatementAnswer,
  auditStatementData,
  fileBody,
  parkedEventsAnswer,
  type AuditEventView,
} from '@bank/contracts';
import { centsToDollars } from '@bank/events';
import {
  fieldError,
  gatherInTurns,
  longListAnswer,
  notFound,
  ok,
  queryBoolean,
  requireOps,
  sendLongAnswer,
  type Pool,
  type SessionStore,
} from '@bank/infra';
import {
  accountEvents,
  accountInfo,
  BANK_ERA_DAYS,
  balanceAt,
  buildStatement,
  customerExists,
  inBankEra,
  monthPeriod,
  parseAsOf,
  parseInstant,
  replayCustomer,
  requireAuditor,
  type AuditEvent,
} from '@bank/audit';
import { allProjectionNames, bankMetrics, listParkedEvents } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentDesk } from '../document-desk.ts';
import { statementAnswer } from '../views/statement.ts';

const accountParams = z.object({ accountId: z.uuid() });
const customerParams = z.object({ customerId: z.uuid() });

const eventsQuery = z.object({
  after_version: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

const INSTANT_MESSAGE =
  'must be an ISO 8601 date (2025-03-31) or date-time (2025-03-31T17:00:00Z).';

const ERA_MESSAGE = `must be between ${BANK_ERA_DAYS}.`;

const balanceQuery = z.object({ at: z.string().max(40).optional() });
const MONTH_MESSAGE = 'The month must be a month begun already, as YYYY-MM.';
const statementQuery = z.object({
  from: z
    .string({ message: `The from date ${INSTANT_MESSAGE}` })
    .max(40)
    .optional(),
  to: z
    .string({ message: `The to date ${INSTANT_MESSAGE}` })
    .max(40)
    .optional(),
  month: z
    .string({ message: MONTH_MESSAGE })
    .max(7, MONTH_MESSAGE)
    .optional()
    .describe(
      "A customer's statement month in the bank's time zone (YYYY-MM), instead of from and to",
    ),
  format: z
    .enum(['csv', 'pdf', 'json'], { message: 'The format must be csv, pdf or json.' })
    .default('csv'),
});

/**
 * A statement's period: `from` and `to` (instants, bare dates UTC days), or `month`, a customer's
 * statement month in the bank's time zone (to date, ending now, while it is in progress).
 */
function statementPeriod(query: { from?: string; to?: string; month?: string }) {
  if (query.month !== undefined) {
    if (query.from !== undefined || query.to !== undefined) {
      throw fieldError({ month: ['Give either a month or from and to, not both.'] });
    }
    const period = /^\d{4}-\d{2}$/.test(query.month) ? monthPeriod(query.month) : undefined;
    if (!period) throw fieldError({ month: [MONTH_MESSAGE] });
    return { ...period, month: query.month };
  }
  const from = query.from === undefined ? undefined : parseInstant(query.from, 'start');
  const to = query.to === undefined ? undefined : parseInstant(query.to, 'end');
  if (!from) throw fieldError({ from: [`The from date ${INSTANT_MESSAGE}`] });
  if (!to) throw fieldError({ to: [`The to date ${INSTANT_MESSAGE}`] });
  if (!inBankEra(from, 'start')) throw fieldError({ from: [`The from date ${ERA_MESSAGE}`] });
  if (!inBankEra(to, 'end')) throw fieldError({ to: [`The to date ${ERA_MESSAGE}`] });
  if (to <= from) throw fieldError({ to: ['The to date must be after the from date.'] });
  return { from, to, toDate: false, month: undefined };
}

/** A metadata value that is text, else null. */
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** An event as auditors see it: as stored, with who caused it, why and when. */
export function auditEventView(event: AuditEvent): AuditEventView {
  return {
    position: event.position,
    transaction_id: event.transactionId,
    stream_id: event.streamId,
    version: event.version,
    type: event.type,
    schema_version: event.schemaVersion,
    data: event.data,
    actor: textOrNull(event.metadata.actor),
    correlation_id: textOrNull(event.metadata.correlationId),
    causation_id: textOrNull(event.metadata.causationId),
    recorded_at: event.recordedAt.toISOString(),
    metadata: event.metadata,
    hash: event.hash,
  };
}

/**
 * The auditor's read-only API: every figure re-derived from the event log itself, never from the
 * read models. Only an auditor credential (issued under /ops) is accepted here.
 */
export const auditQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
  opsToken: string;
  openEvents?: (rows: { type: string; data: unknown }[]) => Promise<void>;
  documents: DocumentDesk;
}> = async (app, { pool, sessions, opsToken, openEvents, documents }) => {
  app.addHook('onRequest', requireAuditor(pool, sessions, opsToken));

  const knownAccount = async (accountId: string) => {
    const account = await accountInfo(pool, accountId);
    if (!account) throw notFound();
    return account;
  };

  app.get(
    '/audit/accounts/:accountId/events',
    {
      schema: {
        params: accountParams,
        querystring: eventsQuery,
        response: { 200: auditAccountEventsAnswer },
      },
    },
    async (request) => {
      const { accountId } = request.params;
      await knownAccount(accountId);
      const events = await accountEvents(pool, accountId, {
        afterVersion: request.query.after_version,
        limit: request.query.limit,
      });
      const last = events[events.length - 1];
      return ok({
        account_id: accountId,
        events: events.map(auditEventView),
        next_after_version: events.length === request.query.limit && last ? last.version : null,
      });
    },
  );

  app.get(
    '/audit/accounts/:accountId/balance',
    {
      schema: {
        params: accountParams,
        querystring: balanceQuery,
        response: { 200: auditBalanceAnswer },
      },
    },
    async (request) => {
      const { accountId } = request.params;
      const at = request.query.at === undefined ? new Date() : parseAsOf(request.query.at);
      if (!at) throw fieldError({ at: [`The at date ${INSTANT_MESSAGE}`] });
      if (!inBankEra(at, 'start')) throw fieldError({ at: [`The at date ${ERA_MESSAGE}`] });
      await knownAccount(accountId);
      const figures = await balanceAt(pool, accountId, at);
      return ok({
        account_id: accountId,
        at: figures.at.toISOString(),
        balance: centsToDollars(figures.balance),
        held: centsToDollars(figures.held),
        available_balance: centsToDollars(figures.available),
        events_applied: figures.eventsApplied,
        last_event: figures.lastEvent ?? null,
        source: 'event_log',
        ...(figures.skipped.length > 0
          ? {
              skipped_events: figures.skipped.map((skipped) => ({
                stream_id: skipped.streamId,
                version: skipped.version,
                position: skipped.position,
                type: skipped.type,
                schema_version: skipped.schemaVersion,
                reason: skipped.problem,
              })),
            }
          : {}),
      });
    },
  );

  app.get(
    '/audit/accounts/:accountId/statement',
    {
      schema: {
        params: accountParams,
        querystring: statementQuery,
        response: {
          200: {
            description: 'The statement in the format asked for',
            content: {
              'application/json': { schema: auditStatementAnswer },
              'text/csv': { schema: fileBody },
              'application/pdf': { schema: fileBody },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { accountId } = request.params;
      const { from, to, toDate, month } = statementPeriod(request.query);
      const account = await knownAccount(accountId);
      const { format } = request.query;
      const { statement, file } = await documents.inTurn(
        `auditor:${request.auditorId}`,
        reply,
        async (render) => {
          const statement = await buildStatement(pool, account, from, to, openEvents);
          if (format === 'json') return { statement, file: undefined };
          if (format === 'pdf') {
            return {
              statement,
              file: await render({ kind: 'statement-pdf', statement, options: { toDate } }),
            };
          }
          // A month's statement has the customer's totals rows (interest paid, fees charged).
          const options = { toDate, totals: month !== undefined };
          return { statement, file: await render({ kind: 'statement-csv', statement, options }) };
        },
      );
      const period = month ?? `${from.toISOString().slice(0, 10)}-${to.toISOString().slice(0, 10)}`;
      const name = `statement-${statement.account.accountNumber}-${period}`;
      if (file === undefined) {
        return sendLongAnswer(reply, statementAnswer(auditStatementData, statement, {}, 'OK'));
      }
      return reply
        .type(format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.${format}"`)
        .send(file);
    },
  );

  // A customer decides how long their history is: the replay is read in the auditor's turn (one
  // long read at a time each) and gathered and written in turns, never holding other requests.
  app.get(
    '/audit/customers/:customerId/replay',
    {
      schema: {
        params: customerParams,
        response: {
          200: {
            description: 'Every event of the customer, with their balances after each',
            content: { 'application/json': { schema: auditReplayAnswer } },
          },
        },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      if (!(await customerExists(pool, customerId))) throw notFound();
      const steps = await documents.inTurn(`auditor:${request.auditorId}`, reply, () =>
        gatherInTurns(replayCustomer(pool, customerId)),
      );
      const body = longListAnswer({
        schema: auditReplayData,
        listKey: 'steps',
        data: { customer_id: customerId },
        items: steps,
        toEntry: (step, index) => ({
          step: index + 1,
          event: auditEventView(step.event),
          balances: Object.entries(step.balances).map(([accountId, b]) => ({
            account_id: accountId,
            balance: centsToDollars(b.balance),
            held: centsToDollars(b.held),
            available_balance: centsToDollars(b.available),
          })),
        }),
        message: 'OK',
      });
      return sendLongAnswer(reply, body);
    },
  );
};

/**
 * GET /ops/metrics: the same metrics registry as /metrics (Prometheus text), with the ops token.
 */
export const opsMetricsRoutes: FastifyPluginAsyncZod<{ pool: Pool; opsToken: string }> = async (
  app,
  { pool, opsToken },
) => {
  app.addHook('onRequest', requireOps(opsToken));
  app.get('/ops/metrics', async (_request, reply) => {
    const { contentType, body } = await bankMetrics(pool, allProjectionNames);
    return reply.type(contentType).send(body);
  });
};

/** GET /ops/parked-events: events projections set aside (open ones, or all with ?all=true). */
export const opsParkedEventQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  opsToken: string;
}> = async (app, { pool, opsToken }) => {
  app.addHook('onRequest', requireOps(opsToken));
  app.get(
    '/ops/parked-events',
    {
      schema: {
        querystring: z.object({ all: queryBoolean }),
        response: { 200: parkedEventsAnswer },
      },
    },
    async (request) => {
      const parked = await listParkedEvents(pool, { all: request.query.all });
      return ok({
        parked_events: parked.map((p) => ({
          projection: p.projection,
          event_id: p.eventId,
          stream_id: p.streamId,
          type: p.type,
          global_position: p.position.globalPosition,
          transaction_id: p.position.transactionId.toString(),
          error: p.error,
          attempts: p.attempts,
          status: p.status,
          parked_at: p.parkedAt.toISOString(),
          resolved_at: p.resolvedAt?.toISOString() ?? null,
        })),
      });
    },
  );
};
