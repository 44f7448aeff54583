import { ApiError } from './api-client';

// Signing out ends the session on the server too: a logout lost to a dropped connection, a
// restarting server or a rate limit would leave the token usable (by anyone who copied it) until
// it has gone unused for the idle time. Such a failure is sent again, briefly: the customer is
// waiting on the sign-out, so the retries and the calls themselves fit in a few seconds.

/** The waits before the second and third tries. */
const BACKOFF_MS = [500, 1000];
/** A server's Retry-After longer than this is not waited for: the sign-out is reported as unconfirmed. */
const LONGEST_RETRY_AFTER_S = 2;
/** The whole sign-out, calls and waits, gives up after this. */
export const END_SESSION_WITHIN_MS = 5000;

/**
 * How long to wait before sending a failed logout again (`retry` counts the retries made so
 * far), or null when another try is no use: the failure is not a passing one (not a lost
 * connection, a 5xx or a 429), the retries are used up, or the server asks for a longer wait.
 */
export function logoutRetryDelay(error: unknown, retry: number): number | null {
  if (!(error instanceof ApiError) || retry >= BACKOFF_MS.length) return null;
  const { status, retryAfter } = error;
  if (status !== 0 && status !== 429 && status < 500) return null;
  if (retryAfter === undefined) return BACKOFF_MS[retry]!;
  return retryAfter <= LONGEST_RETRY_AFTER_S ? retryAfter * 1000 : null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends the logout (each call given `signal`, which ends the attempts) until the server has
 * ended the session: true then, or when it answers 401 (the session had already ended); false
 * when it could not be confirmed.
 */
export async function endServerSession(
  send: (signal: AbortSignal) => Promise<unknown>,
  signal: AbortSignal,
  wait = sleep,
): Promise<boolean> {
  for (let retry = 0; ; retry++) {
    try {
      await send(signal);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return true;
      const delay = logoutRetryDelay(error, retry);
      if (delay === null || signal.aborted) return false;
      await wait(delay);
    }
  }
}
