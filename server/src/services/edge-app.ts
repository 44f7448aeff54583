import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import {
  answerClientError,
  answerFrameworkError,
  isRefusedFilePath,
  limitConnectionsPerClient,
  MAX_CONNECTIONS_PER_CLIENT,
  messages,
  metricsRegistry,
  requestTimeoutOptions,
  requireOneOf,
  trustedProxies,
  type BankLogger,
  type TrustProxy,
} from '@bank/infra';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
} from 'fastify';
import { HEALTH_REPORT_MAX_AGE_MS } from '../health.ts';
import { frontendDist } from '../http-server.ts';
import { sharedResult } from '../shared-result.ts';
import { webAppFallback, webAppStaticOptions } from '../web-app-static.ts';
import { collectApiRoutes, createApiRouter, type ApiService } from './api-routes.ts';
import { aggregateHealth, type InstanceHealth } from './edge-health.ts';
import {
  edgeRequests,
  edgeUpstreamUnreachable,
  instanceNames,
  watchRotation,
} from './edge-metrics.ts';
import { createUpstreamPool, isUnreachable } from './upstream-pool.ts';

export interface EdgeOptions {
  /** Base URLs of each service's instances, e.g. {'command-api': ['http://127.0.0.1:3001']}. */
  upstreams: Record<ApiService, string[]>;
  /** Further health URLs that /api/health includes (projection and job workers). */
  health?: Record<string, string>;
  frontendDir?: string;
  /** Proxies in front of the edge that may name the client (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** Where the edge says what it did about an instance (taken out of rotation); silent if absent. */
  logger?: BankLogger;
  /** How long a client may take to send a whole request; REQUEST_TIMEOUT_MS when absent. */
  requestTimeoutMs?: number;
  /** Connections one client may hold open (MAX_CONNECTIONS_PER_CLIENT when absent; 0: no limit). */
  maxConnectionsPerClient?: number;
  /** Bearer tokens that may read the edge's /metrics (OPS_TOKEN, METRICS_TOKEN); none if absent. */
  metricsTokens?: (string | undefined)[];
}

/** An instance's answer to /api/health: whether it is 200, and the parked events it counts. */
async function probeHealth(url: string): Promise<InstanceHealth> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json().catch(() => undefined)) as
      { data?: { parkedEvents?: unknown } } | undefined;
    const parked = body?.data?.parkedEvents;
    return { up: response.ok, ...(typeof parked === 'number' ? { parkedEvents: parked } : {}) };
  } catch {
    return { up: false };
  }
}

async function probe(url: string): Promise<boolean> {
  return (await probeHealth(url)).up;
}

/**
 * The Node edge (where nginx is absent, and in tests): /api to the service that serves the route,
 * round-robin over its instances; /api/health aggregated; the built web app for everything else.
 * infra/edge/nginx.conf is the same rule for docker compose.
 */
export async function buildEdge(options: EdgeOptions): Promise<FastifyInstance> {
  const route = createApiRouter(await collectApiRoutes());
  const pool = createUpstreamPool(options.upstreams, probe);
  const chosen = new WeakMap<object, string>(); // request -> the instance it was sent to

  // A plain Fastify: the proxy passes bodies through unparsed, the services validate them.
  const app = Fastify({
    // The services log each request (with its request id); the edge only what it decides.
    ...(options.logger
      ? {
          loggerInstance: options.logger as FastifyBaseLogger,
          logController: new LogController({ disableRequestLogging: true }),
        }
      : {}),
    bodyLimit: 9 * 1024 * 1024,
    // The edge is what clients reach: a request sent a byte at a time must not hold it either.
    ...requestTimeoutOptions(options.requestTimeoutMs),
    trustProxy: trustedProxies(options.trustProxy),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  const names = instanceNames(options.upstreams);
  const stopWatching = watchRotation(pool, names);
  app.addHook('onClose', async () => {
    stopWatching();
    pool.close();
  });
  limitConnectionsPerClient(app.server, {
    maxPerClient: options.maxConnectionsPerClient ?? MAX_CONNECTIONS_PER_CLIENT,
    trustProxy: options.trustProxy,
    onRefused: (client) =>
      options.logger?.warn({ client }, 'connection refused: too many open from this client'),
  });

  const targets: Record<string, string> = { ...options.health };
  for (const service of ['command-api', 'query-api'] as const) {
    options.upstreams[service].forEach((base, i) => {
      targets[`${service}#${i + 1}`] = `${base}/api/health`;
    });
  }
  // One round of probes shared by concurrent callers and reused briefly, as each service's own
  // report is: anyone may ask, and each answer costs a probe of every instance.
  const probeAll = sharedResult(
    () =>
      Promise.all(
        Object.entries(targets).map(async ([name, url]) => [name, await probeHealth(url)] as const),
      ).then((entries) => aggregateHealth(Object.fromEntries(entries))),
    HEALTH_REPORT_MAX_AGE_MS,
  );

  // Prometheus scrapes the edge as it does each service: the ops token or METRICS_TOKEN.
  app.get(
    '/metrics',
    { onRequest: requireOneOf(options.metricsTokens ?? []) },
    async (_request, reply) =>
      reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics()),
  );
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    edgeRequests.inc({
      service: route(request.method, request.url),
      status: String(reply.statusCode),
    });
  });

  app.get('/api/health', async (_request, reply) => {
    const health = await probeAll();
    return reply
      .code(health.ready ? 200 : 503)
      .send(
        health.ready
          ? { status: 'success', message: 'ready', data: health }
          : { status: 'error', message: messages.unavailable, data: health },
      );
  });

  await app.register(fastifyHttpProxy, {
    // No fixed upstream: with one, the HTTP client is bound to that origin and ignores
    // getUpstream's choice.
    upstream: '',
    prefix: '/api',
    rewritePrefix: '/api',
    // The proxy would otherwise send a GET answered 503 again, up to ten times: a read whose
    // consistency wait ran out then took eleven waits (a minute, not CONSISTENCY_WAIT_MS), and an
    // overloaded instance got eleven times the reads. The 503 and its Retry-After go to the client.
    retryMethods: [],
    disableRequestLogging: true,
    replyOptions: {
      getUpstream: (request) => {
        const base = pool.pick(route(request.method, request.url));
        chosen.set(request, base);
        return base;
      },
      // An instance that cannot be reached leaves the rotation, and the client gets a 503 with
      // Retry-After rather than a 500: money commands carry an Idempotency-Key, so sending one
      // again cannot make it happen twice.
      onError: (reply, { error }) => {
        const base = chosen.get(reply.request);
        if (!base || !isUnreachable(error)) return void reply.send(error);
        pool.markDown(base);
        edgeUpstreamUnreachable.inc({ instance: names.get(base) ?? base });
        reply.log.warn({ upstream: base }, 'upstream unreachable: taken out of rotation');
        return void reply
          .code(503)
          .header('retry-after', '1')
          .send({ status: 'error', message: messages.unavailable, code: 'SERVICE_UNAVAILABLE' });
      },
      // The services trust the edge (their TRUST_PROXY) to name the client: it passes on the
      // address it saw itself, never the X-Forwarded-For a client wrote.
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        'x-forwarded-for': request.ip,
      }),
    },
  });

  const dist = options.frontendDir ?? frontendDist;
  if (existsSync(path.join(dist, 'index.html'))) {
    app.setNotFoundHandler(webAppFallback(dist));
    // A path the file server will not look up is not found, not forbidden; other errors keep
    // Fastify's own answer.
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      if (isRefusedFilePath(error)) return void reply.callNotFound();
      throw error;
    });
    await app.register(fastifyStatic, webAppStaticOptions(dist));
  }
  return app;
}
