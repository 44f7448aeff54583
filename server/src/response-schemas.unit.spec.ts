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
  'GET /api/profile/photos/:ref': "a customer's photo, the image itself",
};

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
  return routes.filter((r) => !r.declared && !(r.key in NOT_JSON)).map((r) => r.key);
}

describe('the answers of the /api surface, from the route table', () => {
  it('declares a success schema on every route', async () => {
    expect(undeclared(await apiRoutes())).toEqual([]);
  });

  it('names only routes that exist among those answering without JSON', async () => {
    const keys = new Set((await apiRoutes()).map((r) => r.key));
    expect(Object.keys(NOT_JSON).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('catches a route added without a declared answer', async () => {
    const routes = await apiRoutes((api) => {
      api.get('/rewards/balance', async () => ({ status: 'success', data: { points: 1 } }));
    });
    expect(undeclared(routes)).toContain('GET /api/rewards/balance');
  });
});
