import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionStore } from '../security/sessions.ts';
import { ApiError, messages, unauthenticated } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, set by requireCustomer. */
    customerId: string;
    sessionHash: Buffer | undefined;
    sessionExpiresAt: Date | undefined;
    /** When the session last proved the customer (sign-in or step-up). */
    sessionSteppedUpAt: Date | null | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** onRequest hook: only a live customer session passes; everything else is a 401. */
export function requireCustomer(sessions: SessionStore) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const session = token ? await sessions.resolve(token) : undefined;
    if (!session) throw unauthenticated();
    request.customerId = session.customerId;
    request.sessionHash = session.tokenHash;
    request.sessionExpiresAt = session.expiresAt;
    request.sessionSteppedUpAt = session.steppedUpAt;
  };
}

/** How long signing in or stepping up lets a session do sensitive things without asking again. */
export const STEP_UP_WINDOW_MS = 5 * 60_000;
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

/** Whether the session proved the customer recently enough for a sensitive action. */
export function isSteppedUp(request: FastifyRequest, now = Date.now()): boolean {
  const at = request.sessionSteppedUpAt;
  return Boolean(at && now - at.getTime() < STEP_UP_WINDOW_MS);
}

/**
 * Refuses a sensitive action (revealing a card, changing contact details, the mailing address or
 * the password, a card mailed elsewhere than the address on file, a card's first PIN, adding a
 * payee or recipient, a first payment to a destination never saved nor paid, turning off
 * two-factor) unless the session stepped up within the window:
 * 403 STEP_UP_REQUIRED, which the web app answers with its confirm-it-is-you dialog.
 */
export function requireStepUp(request: FastifyRequest): void {
  if (!isSteppedUp(request)) throw stepUpRequired();
}

/** The refusal requireStepUp answers, for a check that needs a lookup first. */
export function stepUpRequired(): ApiError {
  return new ApiError(
    403,
    'Please confirm it is you with your password or authenticator code to continue.',
    STEP_UP_REQUIRED,
  );
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** onRequest hook for /ops: the OPS_TOKEN bearer token; customer tokens are refused. */
export function requireOps(opsToken: string) {
  return requireOneOf([opsToken]);
}

/** Whether the request's bearer token is one of `secrets` (empty ones never match). */
export function bearsOneOf(
  request: FastifyRequest,
  secrets: readonly (string | undefined)[],
): boolean {
  const token = bearerToken(request);
  return token !== undefined && secrets.some((secret) => secret && sameSecret(token, secret));
}

/** onRequest hook: the bearer token must be one of `secrets` (empty ones never match). */
export function requireOneOf(secrets: readonly (string | undefined)[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!bearerToken(request)) throw unauthenticated();
    if (!bearsOneOf(request, secrets)) throw new ApiError(403, messages.forbidden, 'FORBIDDEN');
  };
}
