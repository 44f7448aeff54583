// When to warn that the session is ending (WCAG 2.2.1: warn and let the user extend with one action).

export const SESSION_WARNING_MS = 2 * 60 * 1000;

export type SessionPhase = { phase: 'active' | 'warning' | 'expired'; secondsLeft: number };

export function sessionPhase(
  now: number,
  expiresAt: number | null,
  warnMs = SESSION_WARNING_MS,
): SessionPhase {
  if (expiresAt === null) return { phase: 'active', secondsLeft: Infinity };
  const left = expiresAt - now;
  const secondsLeft = Math.max(0, Math.ceil(left / 1000));
  if (left <= 0) return { phase: 'expired', secondsLeft: 0 };
  if (left <= warnMs) return { phase: 'warning', secondsLeft };
  return { phase: 'active', secondsLeft };
}

/** 95 → "1:35". */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
