import { hashToken, newToken, type Pool } from '@bank/infra';
import type { FailureCounter } from './sign-in-lockout.ts';

/**
 * Trusted devices: each browser a customer signs in from keeps a random token in an HttpOnly
 * cookie, and the bank keeps the token's hash. Wrong passwords sent with it are counted for that
 * browser alone (see sign-in-lockout.ts), so a stranger spending the account number's attempts
 * does not lock its owner out of the browsers they use.
 */

export const DEVICE_COOKIE = 'hv_device';
/** A browser unused for this long is a stranger again. */
export const DEVICE_TRUST_DAYS = 180;
/** The most browsers kept per customer; signing in from another forgets the least recent. */
export const DEVICES_KEPT = 20;

const TOKEN_TEXT = /^[A-Za-z0-9_-]{43}$/;

/** The trusted-device token a request's Cookie header carries, if it has the form of one. */
export function deviceTokenOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      if (TOKEN_TEXT.test(value)) return value;
    }
  }
  return undefined;
}

/**
 * Where a secret sent with `token` for the account is counted: the browser's own count when the
 * token is one of the customer's trusted devices, else the account number's.
 */
export async function failureCounterFor(
  pool: Pool,
  accountNumber: string,
  customerId: string | undefined,
  token: string | undefined,
): Promise<FailureCounter> {
  if (!token || !customerId) return { accountNumber };
  const device = hashToken(token);
  const { rows } = await pool.query(
    `SELECT 1 FROM trusted_devices WHERE token_hash = $1 AND customer_id = $2
       AND last_used_at > now() - make_interval(days => $3)`,
    [device, customerId, DEVICE_TRUST_DAYS],
  );
  return rows.length > 0 ? { accountNumber, device } : { accountNumber };
}

/**
 * After a sign-in: the browser is trusted from now on. A token that already is this customer's
 * is kept (and its time renewed); otherwise a new one is made. Answers the token for the cookie.
 */
export async function trustDevice(
  pool: Pool,
  customerId: string,
  counter: FailureCounter,
  token: string | undefined,
): Promise<string> {
  if (counter.device && token) {
    await pool.query('UPDATE trusted_devices SET last_used_at = now() WHERE token_hash = $1', [
      counter.device,
    ]);
    return token;
  }
  const fresh = newToken();
  await pool.query(
    `WITH added AS (
       INSERT INTO trusted_devices (token_hash, customer_id) VALUES ($1, $2) RETURNING token_hash
     )
     DELETE FROM trusted_devices WHERE customer_id = $2 AND token_hash NOT IN (
       SELECT token_hash FROM trusted_devices WHERE customer_id = $2
       ORDER BY last_used_at DESC LIMIT $3::int - 1
     ) AND token_hash NOT IN (SELECT token_hash FROM added)`,
    [fresh.hash, customerId, DEVICES_KEPT],
  );
  return fresh.token;
}

/** Forgets every browser of the customer (an erasure). */
export async function forgetDevices(pool: Pool, customerId: string): Promise<void> {
  await pool.query('DELETE FROM trusted_devices WHERE customer_id = $1', [customerId]);
}

/** The Set-Cookie value that keeps `token` in the browser, sent back only to the API. */
export function deviceCookie(token: string, secure: boolean): string {
  return (
    `${DEVICE_COOKIE}=${token}; Path=/api; Max-Age=${DEVICE_TRUST_DAYS * 86_400}; HttpOnly; ` +
    `SameSite=Strict${secure ? '; Secure' : ''}`
  );
}
