import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { commandApi, type CommandContext } from '@bank/command-api';
import { createHttpApp, messages, type BankApp } from '@bank/infra';
import { queryApi } from '@bank/query-api';
import type { Redis } from 'ioredis';

export const frontendDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../frontend/dist',
);

export interface HttpServerOptions {
  ctx: CommandContext;
  /** Redis for rate-limit counters shared across instances; in memory when absent. */
  redis?: Redis | undefined;
  /** Which halves of the API this process serves (scale-out runs them apart). */
  serve?: { commands: boolean; queries: boolean };
  isReady: () => boolean;
  rateLimits?: {
    auth: { max: number; timeWindow: number };
    money: { max: number; timeWindow: number };
  };
  serveFrontend?: boolean;
  rateLimitNamespace?: string | undefined;
}

export const DEFAULT_RATE_LIMITS = {
  auth: { max: 30, timeWindow: 60_000 },
  money: { max: 120, timeWindow: 60_000 },
};

/** The /api surface (commands and queries), /api/health, and the built frontend. */
export async function buildHttpServer(options: HttpServerOptions): Promise<BankApp> {
  const hasFrontend =
    options.serveFrontend !== false && existsSync(path.join(frontendDist, 'index.html'));
  const app = createHttpApp({
    bodyLimit: 8 * 1024 * 1024,
    // The web app routes in the browser: unknown page paths get its index page.
    pageFallback: hasFrontend
      ? (_request, reply) => (reply as FastifyReply).type('text/html').sendFile('index.html')
      : undefined,
  });
  const serve = options.serve ?? { commands: true, queries: true };
  await app.register(fastifyHelmet, {
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
  await app.register(fastifyRateLimit, {
    global: false,
    // Redis down must not take sign-in down with it: the limiter lets requests through.
    skipOnError: true,
    ...(options.redis
      ? { redis: options.redis, nameSpace: `${options.rateLimitNamespace ?? 'bank'}-rate-limit-` }
      : {}),
    errorResponseBuilder: () => ({
      statusCode: 429,
      status: 'error',
      message: messages.rateLimited,
      code: 'RATE_LIMITED',
    }),
  });

  app.get('/api/health', async (_request, reply) =>
    options.isReady()
      ? reply.send({ status: 'success', message: 'ready', data: { ready: true } })
      : reply.code(503).send({ status: 'error', message: messages.unavailable }),
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
        });
      }
    },
    { prefix: '/api' },
  );

  if (options.serveFrontend !== false) {
    if (hasFrontend) {
      await app.register(fastifyStatic, { root: frontendDist, wildcard: false });
    } else {
      app.get('/', async (_request, reply) =>
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
