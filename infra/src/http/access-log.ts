import { randomUUID } from 'node:crypto';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { httpRequestDuration } from '../observability/metrics.ts';
import { traceContextFrom, tracer } from '../observability/tracing.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface LogStream {
  write(line: string): void;
}

export interface AccessLogOptions {
  /** pino level; "silent" writes nothing. */
  level?: string;
  /** Where the JSON lines go (standard output when absent). */
  stream?: LogStream;
}

/**
 * Fastify's logger (pino) for the bank: JSON lines, and none of Fastify's own per-request lines
 * (they carry the raw URL, which can hold search text); the access line below replaces them.
 */
export function loggerOptions(options: AccessLogOptions) {
  const level = options.level ?? 'info';
  // A person at a terminal reads pino-pretty's lines; anything else (files, collectors) gets JSON.
  const pretty = !options.stream && level !== 'silent' && process.stdout.isTTY === true;
  const logger = {
    level,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:standard' } } }
      : {}),
    // Whatever else gets logged, a credential never reaches the log, nor a PostgreSQL error's
    // detail and context, which quote the row's values (a customer's email in a duplicate key).
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        'err.detail',
        'err.where',
        'err.cause.detail',
        'err.cause.where',
      ],
      censor: '[redacted]',
    },
    ...(options.stream ? { stream: options.stream } : {}),
  };
  return {
    logger,
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: 'request_id',
    }),
    genReqId: () => randomUUID(),
  };
}

const CORRELATION_HEADER = 'x-correlation-id';

/**
 * The id that ties a request's log line to the events it appends (their metadata's
 * correlationId): the caller's X-Correlation-Id when it sends a usable one, else the request id.
 */
export function correlationIdOf(request: FastifyRequest): string {
  const given = request.headers[CORRELATION_HEADER];
  return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : request.id;
}

/** The `code` of an error answer's JSON envelope (INSUFFICIENT_FUNDS, VALIDATION_ERROR...). */
function errorCodeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || payload.length > 65_536) return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown } | null)?.code;
    return typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How loud a request's line is: a failure of the bank's is an error; a refused credential or a
 * caller held back (401, 403, 429) is a warning an operator may want to watch for; the rest is
 * information.
 */
function levelOf(status: number): 'error' | 'warn' | 'info' {
  if (status >= 500) return 'error';
  return status === 401 || status === 403 || status === 429 ? 'warn' : 'info';
}

/**
 * One line per answered request: id, method, route pattern (never the raw URL with its query or
 * ids), status, latency and client address, plus the customer id when someone is signed in, and
 * for an error answer its code, so a refused transfer can be told from a malformed one.
 * No bodies, headers or tokens.
 */
export function installAccessLog(app: FastifyInstance): void {
  // Tracing (a no-op unless started): a server span per request, a child of the caller's
  // traceparent; the route's handler runs in it, so commands and appends become its children.
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const parent = traceContextFrom(request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: unknown, request, reply) {
      const span = spans.get(request);
      if (!span) return handler.call(this as never, request, reply);
      return context.with(trace.setSpan(context.active(), span), () =>
        handler.call(this as never, request, reply),
      );
    };
  });
  const errorCodes = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400) {
      const code = errorCodeOf(payload);
      if (code) errorCodes.set(request, code);
    }
    done(null, payload);
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const customerId = (request as { customerId?: string }).customerId;
    const route = request.routeOptions.url ?? 'unmatched';
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    httpRequestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    const code = errorCodes.get(request);
    request.log[levelOf(reply.statusCode)](
      {
        method: request.method,
        route,
        status: reply.statusCode,
        ...(code ? { code } : {}),
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: request.ip,
        correlation_id: correlationIdOf(request),
        ...(customerId ? { customer_id: customerId } : {}),
      },
      'request',
    );
  });
}
