import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import { commandApi, type CommandContext } from '@bank/command-api';
import {
  isUnavailableError,
  createHttpApp,
  errorEnvelope,
  messages,
  RATE_LIMITED_BODY,
  redisWithLocalFallback,
  countedInProcess,
  bearsOneOf,
  requireOneOf,
  successEnvelope,
  within,
  type BankApp,
  type LogStream,
  type TrustProxy,
} from '@bank/infra';
import { allProjectionNames, bankMetrics } from '@bank/projections';
import { queryApi } from '@bank/query-api';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { documentApi, serveApiReference } from './api-docs.ts';
import {
  HEALTH_REPORT_MAX_AGE_MS,
  HEALTH_REPORT_TIMEOUT_MS,
  healthReport,
  type HealthRules,
  withoutErrorTexts,
  type FailingJobs,
  type FailingProjections,
} from './health.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limit-setting.ts';
import { sendSecurityHeaders } from './security-headers.ts';
import { sharedResult } from './shared-result.ts';
import { webAppFallback, webAppStaticOptions } from './web-app-static.ts';

export const frontendDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../frontend/dist',
);

export interface HttpServerOptions {
  ctx: CommandContext;
  /** Redis for rate-limit counters shared across instances; in memory when absent. */
  redis?: Redis | undefined;
  /** Whether `redis` answers in time (a watch's pings): its state in /api/health and the store. */
  redisAnswering?: () => boolean;
  /**
   * No other process serves the command API (the one-process bank, its database's sole writer):
   * the rate limits count in this process's memory, which is then exact, instead of a round trip
   * to Redis per request. Counts start again when the process restarts.
   */
  onlyCommandServer?: boolean;
  /** Which halves of the API this process serves (scale-out runs them apart). */
  serve?: { commands: boolean; queries: boolean };
  isReady: () => boolean;
  /** Projections failing in this process (scale mode's workers), reported by /api/health. */
  failingProjections?: FailingProjections | undefined;
  /** Repeating jobs failing in this process (a jobs worker's), reported by /api/health. */
  failingJobs?: FailingJobs | undefined;
  /** What makes this process unhealthy (HealthRules); the one-process bank's rules by default. */
  healthRules?: HealthRules;
  rateLimits?: {
    auth: { max: number; timeWindow: number };
    money: { max: number; timeWindow: number };
    /** Photo uploads; none when absent (tests and tools that pass their own limits). */
    upload?: { max: number; timeWindow: number };
    /** A customer's other writes; none when absent (tests and tools that pass their own limits). */
    writes?: { max: number; timeWindow: number };
    /** The contact page's forms; the sign-in limit when absent. */
    contact?: { max: number; timeWindow: number };
    /** A customer's new support tickets; none when absent (tests and tools with their own limits). */
    tickets?: { max: number; timeWindow: number };
  };
  serveFrontend?: boolean;
  /** Where the built web app is; frontend/dist when absent. */
  frontendDir?: string;
  rateLimitNamespace?: string | undefined;
  /** Which proxies may name the client in X-Forwarded-For (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** Connections one client may hold open (MAX_CONNECTIONS_PER_CLIENT); the default when absent. */
  maxConnectionsPerClient?: number;
  /** pino level of the access log (LOG_LEVEL); silent when absent. */
  logLevel?: string;
  logStream?: LogStream;
  corsOrigins?: string[] | undefined;
  /** Scrape-only bearer token for /metrics (METRICS_TOKEN), besides the ops token. */
  metricsToken?: string | undefined;
}

export { DEFAULT_RATE_LIMITS };

/** The /api surface (commands and queries), /api/health, and the built frontend. */
export async function buildHttpServer(options: HttpServerOptions): Promise<BankApp> {
  const webAppDir = options.frontendDir ?? frontendDist;
  const hasFrontend =
    options.serveFrontend !== false && existsSync(path.join(webAppDir, 'index.html'));
  const app = createHttpApp({
    bodyLimit: 256 * 1024,
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.maxConnectionsPerClient !== undefined
      ? { maxConnectionsPerClient: options.maxConnectionsPerClient }
      : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    // The web app routes in the browser: unknown page paths get its index page.
    pageFallback: hasFrontend ? webAppFallback(webAppDir) : undefined,
  });
  const serve = options.serve ?? { commands: true, queries: true };
  // Answers of the API may hold a customer's data: no browser or shared cache keeps them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  sendSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  // Same-origin by default; other origins only when listed in CORS_ORIGINS.
  await app.register(fastifyCors, {
    origin: options.corsOrigins && options.corsOrigins.length > 0 ? options.corsOrigins : false,
    credentials: false,
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-consistency-token'],
    // The web app times its idle-session warning on the server's clock (Date), not the computer's.
    exposedHeaders: ['x-consistency-token', 'date'],
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Redis down takes neither sign-in nor its limits down: this process counts until it is back.
    ...(options.redis && !options.onlyCommandServer
      ? {
          store: redisWithLocalFallback(
            options.redis,
            `${options.rateLimitNamespace ?? 'bank'}-rate-limit-`,
            options.redisAnswering,
          ),
        }
      : { store: countedInProcess() }),
    errorResponseBuilder: () => ({ statusCode: 429, ...RATE_LIMITED_BODY }),
  });

  await documentApi(app);
  await serveApiReference(app, serve);

  // Prometheus scrapes each process here: the ops token or the scrape-only METRICS_TOKEN.
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: requireOneOf([options.ctx.config.opsToken, options.metricsToken]),
    },
    async (_request, reply) => {
      const { contentType, body } = await bankMetrics(options.ctx.pool, allProjectionNames);
      return reply.type(contentType).send(body);
    },
  );

  // Ready, with how far the read side is behind; 503 when not ready, or when reads would stay
  // stale without bound (an open transaction holding the log back, a stuck projection).
  // Shared by concurrent callers and reused briefly: it needs no token, and each report reads
  // every projection's position, so a flood of anonymous probes must not cost one each.
  const sharedHealthReport = sharedResult(
    () =>
      healthReport(
        options.ctx.pool,
        options.redis && (options.redisAnswering ?? (() => options.redis?.status === 'ready')),
        options.failingProjections,
        options.healthRules,
        options.failingJobs,
      ),
    HEALTH_REPORT_MAX_AGE_MS,
  );
  const degraded = errorEnvelope.extend({ data: z.any().optional() });
  app.get(
    '/api/health',
    { schema: { response: { 200: successEnvelope, 503: degraded } } },
    async (request, reply) => {
      const shared = options.isReady()
        ? await within(sharedHealthReport(), HEALTH_REPORT_TIMEOUT_MS, 'late' as const).catch(
            (error) => (isUnavailableError(error) ? ('late' as const) : undefined),
          )
        : undefined;
      if (shared === 'late') {
        // PostgreSQL cannot be reached, or holds the report's queries (hung, or every connection
        // busy): a probe is answered now, and a report still under way is shared by the next.
        return reply
          .code(503)
          .send({ status: 'error', message: messages.unavailable, code: 'DATABASE_UNAVAILABLE' });
      }
      if (!shared) return reply.code(503).send({ status: 'error', message: messages.unavailable });
      const report = bearsOneOf(request, [options.ctx.config.opsToken])
        ? shared
        : withoutErrorTexts(shared);
      if (report.status === 'unhealthy') {
        return reply.code(503).send({
          status: 'error',
          message: messages.unavailable,
          code: 'DEGRADED',
          data: { ready: false, ...report },
        });
      }
      // Degraded still answers 200: a probe must not take out a bank that moves money.
      const message = report.status === 'degraded' ? 'degraded' : 'ready';
      return reply.send({ status: 'success', message, data: { ready: true, ...report } });
    },
  );

  const limits = options.rateLimits ?? DEFAULT_RATE_LIMITS;
  await app.register(
    async (api) => {
      if (serve.commands) {
        await api.register(commandApi, { ctx: options.ctx, rateLimits: limits });
      }
      if (serve.queries) {
        await api.register(queryApi, {
          pool: options.ctx.pool,
          sessions: options.ctx.sessions,
          opsToken: options.ctx.config.opsToken,
          openEvents: options.ctx.bus.store.openRows,
          unseal: (sealed) => options.ctx.secrets.decrypt(sealed),
        });
      }
    },
    { prefix: '/api' },
  );

  if (options.serveFrontend !== false) {
    if (hasFrontend) {
      await app.register(fastifyStatic, webAppStaticOptions(webAppDir));
    } else {
      // A page for people, not part of the API: it stays out of /api/openapi.json.
      app.get('/', { schema: { hide: true } }, async (_request, reply) =>
        reply
          .type('text/html')
          .send(
            '<!doctype html><html lang="en"><head><title>Harborview Community Bank</title></head><body><main><h1>Harborview Community Bank</h1><p>The API is running under /api. Build the web app with <code>npm run build</code>.</p></main></body></html>',
          ),
      );
    }
  }
  return app;
}
