import { createHttpApp } from '@bank/infra';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { commandApi } from '../index.ts';
import type { CommandContext } from '../services/context.ts';

/**
 * One money pipeline, no way around it: every state-changing route of the command API, read from
 * Fastify's own route table, is either marked by moneyRoute() (its handler runs the command in
 * runMoneyCommand: Idempotency-Key, duplicate check, limits, one audit trail) or named below as
 * moving no value, with the reason. A new route that is neither fails here, and so does a money
 * route that loses its mark.
 */

/** Routes that move value (or set up value to move later, as AutoPay does). */
const MONEY_ROUTES = [
  'POST /api/transfers/between-accounts',
  'POST /api/transfers/same-bank',
  'POST /api/transfers/external-bank',
  'POST /api/wire-transfers/sepa',
  'POST /api/wire-transfers/domestic',
  'POST /api/wire-transfers/international',
  'POST /api/transfers/:id/repeat',
  'POST /api/transfers/scheduled',
  'POST /api/zelle/send',
  'POST /api/zelle/request',
  'POST /api/zelle/split',
  'POST /api/zelle/requests/:id/pay',
  'POST /api/zelle/requests/:id/decline',
  'POST /api/zelle/requests/:id/cancel',
  'POST /api/zelle/payments/:id/cancel',
  'POST /api/transfers/:id/cancel',
  'POST /api/zelle/claims',
  'POST /api/bill-payments/schedule',
  'POST /api/bill-payments/payees',
  'PUT /api/bill-payments/payees/:id/autopay',
  'POST /api/ops/deposits',
  'POST /api/crypto/buy',
  'POST /api/crypto/sell',
  'POST /api/crypto/deposit',
  'POST /api/crypto/withdraw',
];

/** State-changing routes that move no value, and why. */
const NOT_MONEY: Record<string, string> = {
  'POST /api/login': 'session',
  'POST /api/register': 'opens accounts at $0.00',
  'POST /api/accounts/business':
    'opens a business account at $0.00 (under its Idempotency-Key; a repeat is refused)',
  'POST /api/forgot-password': 'password reset',
  'POST /api/reset-password': 'password reset',
  'POST /api/reset-password/check': 'password reset (reads only)',
  'POST /api/logout': 'session',
  'POST /api/session/refresh': 'session',
  'POST /api/change-password': 'credentials',
  'POST /api/login/two-factor': 'session',
  'POST /api/step-up': 'session',
  'POST /api/sessions/sign-out-others': 'session',
  'POST /api/sessions/:id/sign-out': 'session',
  'POST /api/two-factor/setup': 'credentials',
  'POST /api/two-factor/confirm': 'credentials',
  'POST /api/two-factor/disable': 'credentials',
  'POST /api/two-factor/recovery-codes': 'credentials',
  'POST /api/contact/appointments': 'contact page',
  'POST /api/contact/messages': 'contact page',
  'PUT /api/profile': 'personal data',
  'PUT /api/profile/photo': 'personal data',
  'DELETE /api/profile/photo': 'personal data',
  'PUT /api/profile/notification-preferences': 'preferences',
  'PUT /api/profile/alerts': 'preferences (alert thresholds)',
  'POST /api/notifications/:id/read': 'notifications',
  'POST /api/notifications/read-all': 'notifications',
  'DELETE /api/notifications/:id': 'notifications',
  'PUT /api/transfers/scheduled/:id':
    'changes a plan; each run goes through the money pipeline on its day',
  'DELETE /api/transfers/scheduled/:id': 'cancels runs to come; moves nothing',
  'POST /api/transfers/recipients': 'address book; transfers to it go through the pipeline',
  'PUT /api/transfers/recipients/:id': 'address book nickname',
  'DELETE /api/transfers/recipients/:id': 'address book',
  'POST /api/ops/customers/erase': 'erases personal data; balances stay',
  'POST /api/ops/contact-requests/erase': 'erases personal data',
  'POST /api/ops/contact-requests/:id/handled': 'staff queue; moves nothing',
  'POST /api/ops/auditors': 'read-only credentials',
  'PUT /api/bill-payments/payees/:id': 'payee nickname; moves nothing',
  'DELETE /api/bill-payments/payees/:id': 'stops future payments; moves nothing',
  'PUT /api/bill-payments/scheduled/:id':
    'changes a plan; each occurrence is paid by its job on its day, within the limits',
  'DELETE /api/bill-payments/scheduled/:id': 'cancels payments to come; moves nothing',
  'POST /api/cards/:id/apply': 'issues a card; no fee is charged',
  'POST /api/cards/:id/toggle-lock': 'card state',
  'POST /api/cards/:id/report-lost-stolen': 'card state (a replacement offer, no fee)',
  'PUT /api/cards/:id/settings': 'card settings',
  'PUT /api/cards/:id/limits': 'card spending limits; moves nothing',
  'PUT /api/cards/:id/pin': 'credentials',
  'POST /api/support/tickets': 'support',
  'POST /api/support/tickets/:id/reply': 'support',
  'PUT /api/support/tickets/:id/status': 'support',
  'POST /api/ops/tickets/:id/reply': 'support',
  'PUT /api/ops/tickets/:id/status': 'support',
  'POST /api/transfers/:type': 'answers 422 for an unknown transfer type',
  'POST /api/transfers/validate-recipient': 'looks a recipient up',
  'POST /api/zelle/claims/code': 'sends a one-time code to the ops outbox',
  'POST /api/ops/parked-events/retry': 'applies a parked event to a read model',
  'POST /api/ops/parked-events/skip': 'drops a parked event from a read model',
  'POST /api/ops/parked-events/retry-all': "applies a projection's parked events to its read model",
  'POST /api/ops/failed-jobs/retry': 'runs a failed job again; the job checks its own state',
  'DELETE /api/ops/auditors/:auditorId': 'read-only credentials',
  'POST /api/ops/crypto-deposits/:id/reject': 'credits nothing; each claim is decided once (409)',
  'PUT /api/accounts/:id/savings-goal': 'a target to show progress against; moves nothing',
  'DELETE /api/accounts/:id/savings-goal': 'a target to show progress against; moves nothing',
  'PUT /api/transactions/:id/category': 'how a transaction is labelled; moves nothing',
  'POST /api/transactions/:id/dispute': 'opens a support ticket about a card charge; moves nothing',
};

/**
 * Routes that complete a movement the pipeline already accepted: the customer's claim went through
 * it (key, duplicate check, limits) when made, and its own stream lets it be decided only once, so
 * a retried decision answers 409 and moves nothing.
 */
const COMPLETES_ACCEPTED_MOVEMENT: Record<string, string> = {
  'POST /api/ops/crypto-deposits/:id/approve': 'credits a reviewed deposit claim',
  'POST /api/ops/disputes/:id/resolve':
    'refunds a disputed card charge: the customer opened the dispute, and its stream lets staff decide it once',
};
const UNMARKED_BY_DESIGN = { ...NOT_MONEY, ...COMPLETES_ACCEPTED_MOVEMENT };

interface Route {
  key: string;
  marked: boolean;
}

/** Every route the command API registers, with whether moneyRoute() marked it. */
async function commandRoutes(extra?: (api: FastifyInstance) => void): Promise<Route[]> {
  // Registration reads nothing from the context; anything read from it is inert again.
  const inert: unknown = new Proxy(function inertValue() {}, {
    get: (_target, key) => (key === 'then' || key === Symbol.toPrimitive ? undefined : inert),
    apply: () => inert,
  });
  const app = createHttpApp();
  const routes: Route[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        key: `${String(method)} ${route.url}`,
        marked: route.config?.moneyPipeline === true,
      });
    }
  });
  await app.register(
    async (api) => {
      await api.register(commandApi, { ctx: inert as CommandContext, rateLimits: {} });
      extra?.(api);
    },
    { prefix: '/api' },
  );
  await app.ready();
  await app.close();
  return routes;
}

/** State-changing routes neither marked nor named as moving no value. */
function unclassified(routes: Route[]): string[] {
  return routes
    .filter((r) => !/^(GET|HEAD|OPTIONS) /.test(r.key))
    .filter((r) => !r.marked && !MONEY_ROUTES.includes(r.key) && !(r.key in UNMARKED_BY_DESIGN))
    .map((r) => r.key);
}

describe('the money pipeline, from the route table', () => {
  it('marks every route that moves value, and names every other state-changing route', async () => {
    const routes = await commandRoutes();
    const changing = routes.filter((r) => !/^(GET|HEAD|OPTIONS) /.test(r.key));
    const unmarkedMoney = changing
      .filter((r) => MONEY_ROUTES.includes(r.key) && !r.marked)
      .map((r) => r.key);
    expect(unmarkedMoney).toEqual([]);
    expect(unclassified(routes), 'state-changing routes neither in the pipeline nor named').toEqual(
      [],
    );
    const markedButListedAsNotMoney = changing
      .filter((r) => r.marked && r.key in UNMARKED_BY_DESIGN)
      .map((r) => r.key);
    expect(markedButListedAsNotMoney).toEqual([]);
  });

  it('knows every listed route (a renamed route must be listed again)', async () => {
    const keys = new Set((await commandRoutes()).map((r) => r.key));
    expect(MONEY_ROUTES.filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(UNMARKED_BY_DESIGN).filter((k) => !keys.has(k))).toEqual([]);
  });
});

describe('a route added outside the pipeline', () => {
  it('is caught: an unmarked POST that would credit an account', async () => {
    const routes = await commandRoutes((api) => {
      api.post('/rewards/cash-out', async () => ({ credited: true }));
    });
    expect(unclassified(routes)).toEqual(['POST /api/rewards/cash-out']);
  });
});
