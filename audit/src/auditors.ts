import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  bearerToken,
  forbidden,
  hashToken,
  newToken,
  unauthenticated,
  type Pool,
  type SessionStore,
} from '@bank/infra';

declare module 'fastify' {
  interface FastifyRequest {
    /** The auditor behind the request, set by requireAuditor. */
    auditorId: string;
  }
}

export interface IssuedAuditor {
  auditorId: string;
  name: string;
  /** Shown once; only its SHA-256 is stored. */
  token: string;
  createdAt: Date;
  expiresAt: Date;
}

export const DEFAULT_AUDITOR_DAYS = 90;
export const MAX_AUDITOR_DAYS = 366;

/** A read-only auditor credential that ends after `days` (90 unless given) or when revoked. */
export async function issueAuditorCredential(
  pool: Pool,
  name: string,
  days: number = DEFAULT_AUDITOR_DAYS,
): Promise<IssuedAuditor> {
  const { token, hash } = newToken();
  const auditorId = randomUUID();
  const { rows } = await pool.query<{ created_at: Date; expires_at: Date }>(
    `INSERT INTO auditor_credentials (auditor_id, token_hash, name, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))
     RETURNING created_at, expires_at`,
    [auditorId, hash, name, days],
  );
  const row = rows[0]!;
  return { auditorId, name, token, createdAt: row.created_at, expiresAt: row.expires_at };
}

/** Ends a credential at once; false when there is no live credential with that id. */
export async function revokeAuditorCredential(pool: Pool, auditorId: string): Promise<boolean> {
  const result = await pool.query(
    `UPDATE auditor_credentials SET revoked_at = now()
     WHERE auditor_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [auditorId],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function resolveAuditor(
  pool: Pool,
  token: string,
): Promise<{ auditorId: string; name: string } | undefined> {
  if (token.length < 20 || token.length > 100) return undefined;
  const { rows } = await pool.query<{ auditor_id: string; name: string }>(
    `SELECT auditor_id, name FROM auditor_credentials
     WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [hashToken(token)],
  );
  const row = rows[0];
  return row ? { auditorId: row.auditor_id, name: row.name } : undefined;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * onRequest hook for /audit: only a live auditor credential passes. A customer session or the
 * ops token is recognised and refused with 403 (the role is wrong); anything else is a 401.
 */
export function requireAuditor(pool: Pool, sessions: SessionStore, opsToken: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const auditor = await resolveAuditor(pool, token);
    if (auditor) {
      request.auditorId = auditor.auditorId;
      return;
    }
    if (opsToken && sameSecret(token, opsToken)) throw forbidden();
    if (await sessions.resolve(token)) throw forbidden();
    throw unauthenticated();
  };
}
