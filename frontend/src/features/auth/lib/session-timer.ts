// Idle sign-out (WCAG 2.2.1): the server ends a session after a period without requests and slides
// it on every request. The app counts idleness from the user's own activity (background polling does
// not count), warns before the end and lets the user stay signed in with one action.

export const SESSION_WARNING_MS = 2 * 60 * 1000;

export type SessionPhase = { phase: 'active' | 'warning' | 'expired'; secondsLeft: number };

/** The warning shows two minutes before the end, or halfway for very short sessions. */
export function warningWindow(ttlMs: number): number {
  return Math.min(SESSION_WARNING_MS, Math.floor(ttlMs / 2));
}

export function sessionPhase(
  now: number,
  deadline: number | null,
  warnMs = SESSION_WARNING_MS,
): SessionPhase {
  if (deadline === null) return { phase: 'active', secondsLeft: Infinity };
  const left = deadline - now;
  const secondsLeft = Math.max(0, Math.ceil(left / 1000));
  if (left <= 0) return { phase: 'expired', secondsLeft: 0 };
  if (left <= warnMs) return { phase: 'warning', secondsLeft };
  return { phase: 'active', secondsLeft };
}

/**
 * While the user is active the server session is extended now and then (at most every third of
 * its lifetime), so a person reading a page without clicking anything that calls the server is
 * not signed out by the server behind the app's back.
 */
export function shouldKeepAlive(
  now: number,
  lastActivity: number,
  lastRefresh: number,
  ttlMs: number,
): boolean {
  return lastActivity > lastRefresh && now - lastRefresh >= ttlMs / 3;
}

/** 95 → "1:35". */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
