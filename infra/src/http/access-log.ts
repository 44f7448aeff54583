import { randomUUID } from 'node:crypto';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

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
  const logger = {
    level: options.level ?? 'info',
    // Whatever else gets logged, a credential never reaches the log.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
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

/**
 * One line per answered request: id, method, route pattern (never the raw URL with its query or
 * ids), status, latency and client address, plus the customer id when someone is signed in.
 * No bodies, headers or tokens.
 */
export function installAccessLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const customerId = (request as { customerId?: string }).customerId;
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: request.ip,
        ...(customerId ? { customer_id: customerId } : {}),
      },
      'request',
    );
  });
}
