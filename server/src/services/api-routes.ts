import fastifyRateLimit from '@fastify/rate-limit';
import { commandApi, type CommandContext } from '@bank/command-api';
import { createHttpApp, type BankApp, type Pool, type SessionStore } from '@bank/infra';
import { queryApi } from '@bank/query-api';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

export type ApiService = 'command-api' | 'query-api';

export interface ApiRoute {
  method: string;
  url: string;
  service: ApiService;
}

// Anything read from it during registration is again inert; nothing is called until a request.
const inert: unknown = new Proxy(function inertValue() {}, {
  get: (_target, key) => (key === 'then' || key === Symbol.toPrimitive ? undefined : inert),
  apply: () => inert,
});

/**
 * Registers one service's real route plugins under /api with inert dependencies (registration
 * touches none of them), on a throwaway app that only reads its route table or its documentation.
 */
export async function registerInertApi(app: BankApp, service: ApiService): Promise<void> {
  await app.register(
    async (api) => {
      if (service === 'command-api') {
        await api.register(commandApi, { ctx: inert as CommandContext, rateLimits: {} });
      } else {
        await api.register(queryApi, {
          pool: inert as Pool,
          sessions: inert as SessionStore,
          opsToken: 'inert',
          unseal: (sealed) => sealed,
        });
      }
    },
    { prefix: '/api' },
  );
}

/** Every /api route and which service serves it, read from the real route plugins. */
export async function collectApiRoutes(): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  for (const service of ['command-api', 'query-api'] as const) {
    const probe = createHttpApp();
    await probe.register(fastifyRateLimit, { global: false });
    probe.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        routes.push({ method: String(method), url: route.url, service });
      }
    });
    await registerInertApi(probe, service);
    await probe.ready();
    await probe.close();
  }
  return routes;
}

/**
 * The edge's rule: a request goes to the service that declares its route; one that matches no
 * route goes by method (GET and HEAD to query-api, where it gets a uniform 404; the rest to
 * command-api). Command-side GETs (a card's full number, say) go to command-api.
 */
export function createApiRouter(routes: ApiRoute[]): (method: string, url: string) => ApiService {
  const router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });
  for (const route of routes) {
    const method = route.method.toUpperCase() as HTTPMethod;
    if (router.hasRoute(method, route.url)) continue;
    router.on(method, route.url, () => {}, { service: route.service });
  }
  return (method, url) => {
    const path = url.split('?')[0]!;
    const upper = method.toUpperCase() as HTTPMethod;
    const found = router.find(upper === 'HEAD' ? 'GET' : upper, path);
    const service = (found?.store as { service?: ApiService } | undefined)?.service;
    if (service) return service;
    return upper === 'GET' || upper === 'HEAD' ? 'query-api' : 'command-api';
  };
}
