import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TrustProxy } from '../config.ts';
import { installAccessLog, loggerOptions, type LogStream } from './access-log.ts';
import { limitBodyBytes } from './body-budget.ts';
import { NotYetConsistent, sendNotYetConsistent } from './consistent-reads.ts';
import {
  ApiError,
  fieldError,
  messages,
  RATE_LIMITED_BODY,
  ServiceBusy,
  type FieldErrors,
} from './errors.ts';
import { parseQueryString } from './query-string.ts';
import {
  jsonRepeatsKey,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  quoteInexactNumbers,
  scanJson,
} from './json-depth.ts';
import {
  answerClientError,
  answerFrameworkError,
  isRefusedFilePath,
  URI_TOO_LONG,
} from './client-error.ts';
import { applyTextPolicy } from './text-policy.ts';
import { isUnavailableError } from './unavailable-error.ts';
import { installZodMessages, isPastIntegerRange } from './zod-messages.ts';
import {
  limitConnectionsPerClient,
  MAX_CONNECTIONS_PER_CLIENT,
  requestTimeoutOptions,
} from './connection-guard.ts';

installZodMessages();

/** Fastify's trustProxy, with a hop count as the function proxy-addr would make of it. */
export function trustedProxies(trust: TrustProxy | undefined) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust ?? false;
}

function baseApp(options: HttpAppOptions) {
  return Fastify({
    ...loggerOptions({ level: options.logLevel ?? 'silent', stream: options.logStream }),
    bodyLimit: options.bodyLimit ?? 8 * 1024 * 1024,
    ...requestTimeoutOptions(options.requestTimeoutMs),
    // Only a configured proxy may name the client (X-Forwarded-For); by default nobody can.
    trustProxy: trustedProxies(options.trustProxy),
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // A path parameter over Fastify's default 100 characters would be refused with a bare 414
    // before any schema runs; let it reach the route's schema, which answers the usual 400/404.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();
}

export type BankApp = ReturnType<typeof baseApp>;

type ValidationIssue = Parameters<typeof isPastIntegerRange>[0] & {
  instancePath: string;
  message?: string;
};

function fieldErrorsFrom(validation: ValidationIssue[], context: string | undefined): FieldErrors {
  const fieldOf = (issue: ValidationIssue) =>
    issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'body';
  // A field past its own bound is told that bound, not also zod's largest integer.
  const bounded = new Set(validation.filter((i) => !isPastIntegerRange(i)).map(fieldOf));
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = fieldOf(issue);
    if (isPastIntegerRange(issue) && bounded.has(field)) continue;
    (errors[field] ??= []).push(issue.message ?? messages.invalid);
  }
  return errors;
}

/**
 * A Fastify instance with zod validation and the bank's uniform error bodies: never a stack
 * trace, always {status: "error", message, errors?, code?}.
 */
export interface HttpAppOptions {
  /** pino level of the access and error log; silent when absent. */
  logLevel?: string;
  logStream?: LogStream;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and CIDR ranges. */
  trustProxy?: TrustProxy;
  bodyLimit?: number;
  /** How long a client may take to send a whole request; REQUEST_TIMEOUT_MS when absent. */
  requestTimeoutMs?: number;
  /**
   * Connections one client address may hold open at once (MAX_CONNECTIONS_PER_CLIENT when
   * absent; 0 for no limit). Connections from a trusted proxy are not counted.
   */
  maxConnectionsPerClient?: number;
  /** Connections all clients together may hold open (the process's budget when absent). */
  maxConnectionsTotal?: number;
  /** Bytes of request bodies all clients together may hold at once (BODY_BYTES_BUDGET when absent). */
  maxBodyBytesTotal?: number;
  /** Answers requests outside /api that match no route (the web app's pages). */
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function createHttpApp(options: HttpAppOptions = {}): BankApp {
  const app = baseApp(options);
  limitConnectionsPerClient(app.server, {
    maxPerClient: options.maxConnectionsPerClient ?? MAX_CONNECTIONS_PER_CLIENT,
    ...(options.maxConnectionsTotal !== undefined ? { maxTotal: options.maxConnectionsTotal } : {}),
    trustProxy: options.trustProxy,
    onRefused: (client) =>
      app.log.warn({ client }, 'connection refused: too many open from this client'),
  });
  limitBodyBytes(app, {
    ...(options.maxBodyBytesTotal !== undefined ? { maxBytes: options.maxBodyBytesTotal } : {}),
    onRefused: (client) =>
      app.log.warn({ client }, 'request body refused: the bodies held at once are at their budget'),
  });
  installAccessLog(app);
  // The API reads JSON only: a text/plain body (Fastify reads one as a string by default) is an
  // unsupported type, like a form's, not a malformed object.
  app.removeContentTypeParser('text/plain');
  // An empty body with a JSON content type (a bodiless POST from a browser) reads as no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string;
    try {
      // Bytes that are not UTF-8 are refused, not stored as replacement characters.
      text = strictUtf8.decode(body as Buffer);
    } catch {
      return done(new ApiError(400, 'The request body is not valid UTF-8.'), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    const { tooComplex, members, inexactNumbers } = scanJson(text);
    if (tooComplex === 'depth') {
      return done(
        new ApiError(400, `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`),
        undefined,
      );
    }
    if (tooComplex === 'values') {
      return done(
        new ApiError(413, `The request body holds more than ${MAX_JSON_VALUES} values.`),
        undefined,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(quoteInexactNumbers(text, inexactNumbers));
    } catch {
      return done(new ApiError(400, 'The request body is not valid JSON.'), undefined);
    }
    if (jsonRepeatsKey(parsed, members)) {
      return done(new ApiError(400, 'The request body names a field more than once.'), undefined);
    }
    done(null, parsed);
  });
  // Every body and query string meets the text policy before its schema: one place, no route
  // can leave it out. Path parameters are ids and keys of fixed shapes; their schemas refuse
  // anything else.
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    if (route.httpPart !== 'body' && route.httpPart !== 'querystring') return validate;
    return (data) => {
      const checked = applyTextPolicy(data, route.schema);
      return 'errors' in checked ? { error: fieldError(checked.errors) } : validate(checked.value);
    };
  });
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isRefusedFilePath(error)) return void reply.callNotFound();
    if (error instanceof NotYetConsistent) return sendNotYetConsistent(reply);
    if (error instanceof ApiError) {
      if (error instanceof ServiceBusy)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({
        status: 'error',
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.code ? { code: error.code } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsFrom(error.validation, error.validationContext);
      if (error.validationContext === 'params') {
        return reply.code(404).send(NOT_FOUND_BODY);
      }
      const first = Object.values(errors)[0]?.[0];
      return reply.code(422).send({
        status: 'error',
        message: first ?? messages.invalid,
        errors,
        code: 'VALIDATION_ERROR',
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply
        .code(400)
        .send({ status: 'error', message: 'The request body is not valid JSON.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ status: 'error', message: 'The request body is too large.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ status: 'error', message: 'Unsupported content type.' });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send(RATE_LIMITED_BODY);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ status: 'error', message: error.message });
    }
    if (isUnavailableError(error)) {
      return reply
        .code(503)
        .send({ status: 'error', message: messages.unavailable, code: 'SERVICE_UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    // Without a log, stderr gets the message and stack alone: no row values from an error's detail.
    if (!options.logLevel || options.logLevel === 'silent')
      console.error(error.stack ?? error.message);
    return reply.code(500).send({ status: 'error', message: messages.serverError });
  });

  // A request for no route is answered before its body is read: else each connection could make
  // the process hold up to a body limit (256 KiB) for a minute, with no sign-in and no rate limit
  // (a thousand connections from one address held 220 MB).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404 && carriesBody(request)) reply.code(404).send(NOT_FOUND_BODY);
    else done();
  });

  app.setNotFoundHandler((request, reply) => {
    const api = request.url.startsWith('/api/');
    if (options.pageFallback && !api) return options.pageFallback(request, reply);
    // A GET with an over-long id reaches here by the file server's wildcard; a PUT or DELETE gets
    // the router's answer: both say the same.
    if (api && hasSegmentOver(request.url, MAX_PARAM_LENGTH)) {
      return reply.code(URI_TOO_LONG.status).send(URI_TOO_LONG_BODY);
    }
    return reply.code(404).send(NOT_FOUND_BODY);
  });
  return app;
}

/** The longest path segment the router matches as a parameter (an id). */
const MAX_PARAM_LENGTH = 2048;

const hasSegmentOver = (url: string, length: number) =>
  url
    .split('?', 1)[0]!
    .split('/')
    .some((segment) => segment.length > length);

const URI_TOO_LONG_BODY = {
  status: 'error',
  message: URI_TOO_LONG.message,
  code: URI_TOO_LONG.code,
} as const;

/** The answer to a request for nothing there. */
const NOT_FOUND_BODY = { status: 'error', message: messages.notFound, code: 'NOT_FOUND' } as const;

/** Whether a request says a body follows (a length above zero, or chunks). */
function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}
