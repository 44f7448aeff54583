import { commandApi, type CommandContext } from '@bank/command-api';
import { createHttpApp } from '@bank/infra';
import { queryApi, type QueryApiOptions } from '@bank/query-api';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

/**
 * Every call of the /api surface declares the answer it gives on success, from the zod schemas in
 * `contracts/`: the schema serializes it (a field it does not name is not sent) and documents it in
 * the OpenAPI document. Read from Fastify's own route table, so a new route without one fails here.
 */

/** Calls whose success answer is not JSON, so there is no JSON schema to declare. */
const NOT_JSON: Record<string, string> = {
  'GET /api/ops/metrics': 'Prometheus text for scrapers',
};

/**
 * Calls still answering with the generic envelope (`data` undeclared). The list only shrinks: a
 * route that gains its schema must leave it, and no route may join it.
 */
const NOT_YET_DECLARED: string[] = [
  'POST /api/bill-payments/payees',
  'DELETE /api/bill-payments/payees/:id',
  'POST /api/bill-payments/schedule',
  'POST /api/crypto/buy',
  'POST /api/crypto/sell',
  'POST /api/crypto/deposit',
  'POST /api/crypto/withdraw',
  'GET /api/cards/:id',
  'POST /api/cards/:id/apply',
  'POST /api/cards/:id/toggle-lock',
  'POST /api/cards/:id/report-lost-stolen',
  'PUT /api/cards/:id/settings',
  'PUT /api/cards/:id/limits',
  'PUT /api/cards/:id/pin',
  'POST /api/support/tickets',
  'POST /api/support/tickets/:id/reply',
  'PUT /api/support/tickets/:id/status',
  'POST /api/ops/tickets/:id/reply',
  'PUT /api/ops/tickets/:id/status',
  'POST /api/transfers/validate-recipient',
  'POST /api/zelle/send',
  'POST /api/zelle/request',
  'POST /api/zelle/split',
  'POST /api/zelle/requests/:id/pay',
  'POST /api/zelle/requests/:id/decline',
  'POST /api/zelle/claims/code',
  'POST /api/zelle/claims',
  'PUT /api/accounts/:id/savings-goal',
  'DELETE /api/accounts/:id/savings-goal',
  'PUT /api/transactions/:id/category',
  'GET /api/bill-payments/categories',
  'GET /api/bill-payments/payees',
  'GET /api/bill-payments/scheduled',
  'GET /api/bill-payments/history',
  'GET /api/crypto/market-data',
  'GET /api/crypto/portfolio',
  'GET /api/crypto/transactions',
  'GET /api/crypto/deposit-methods',
  'GET /api/cards',
  'GET /api/support/categories',
  'GET /api/support/tickets',
  'GET /api/support/tickets/:id',
  'GET /api/support/search',
  'GET /api/ops/tickets',
  'GET /api/ops/tickets/:id',
  'GET /api/zelle/recipients',
  'GET /api/zelle/transactions',
  'GET /api/zelle/requests',
  'GET /api/zelle/limits',
];

interface Route {
  key: string;
  declared: boolean;
}

/** Every route of both APIs, with whether it declares a 2xx answer of its own. */
async function apiRoutes(extra?: (api: FastifyInstance) => void): Promise<Route[]> {
  // Registration reads nothing from its dependencies; anything read from them is inert again.
  const inert: unknown = new Proxy(function inertValue() {}, {
    get: (_target, key) => (key === 'then' || key === Symbol.toPrimitive ? undefined : inert),
    apply: () => inert,
  });
  const app = createHttpApp();
  const routes: Route[] = [];
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    const responses = Object.keys((route.schema?.response as object | undefined) ?? {});
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        key: `${String(method)} ${route.url}`,
        declared: responses.some((status) => /^2/.test(status)),
      });
    }
  });
  await app.register(
    async (api) => {
      await api.register(commandApi, { ctx: inert as CommandContext, rateLimits: {} });
      const queries: QueryApiOptions = {
        pool: inert as QueryApiOptions['pool'],
        sessions: inert as QueryApiOptions['sessions'],
        opsToken: 'not-used',
        unseal: () => '',
      };
      await api.register(queryApi, queries);
      extra?.(api);
    },
    { prefix: '/api' },
  );
  await app.ready();
  await app.close();
  return routes;
}

function undeclared(routes: Route[]): string[] {
  return routes
    .filter((r) => !r.declared && !(r.key in NOT_JSON) && !NOT_YET_DECLARED.includes(r.key))
    .map((r) => r.key);
}

describe('the answers of the /api surface, from the route table', () => {
  it('declares a success schema on every route', async () => {
    expect(undeclared(await apiRoutes())).toEqual([]);
  });

  it('keeps the list of routes still to declare honest (declared ones leave it)', async () => {
    const routes = await apiRoutes();
    const keys = new Set(routes.map((r) => r.key));
    expect(NOT_YET_DECLARED.filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(NOT_JSON).filter((k) => !keys.has(k))).toEqual([]);
    const declaredButListed = routes
      .filter((r) => r.declared && NOT_YET_DECLARED.includes(r.key))
      .map((r) => r.key);
    expect(declaredButListed).toEqual([]);
  });

  it('catches a route added without a declared answer', async () => {
    const routes = await apiRoutes((api) => {
      api.get('/rewards/balance', async () => ({ status: 'success', data: { points: 1 } }));
    });
    expect(undeclared(routes)).toContain('GET /api/rewards/balance');
  });
});
