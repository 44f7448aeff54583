import { describe, expect, it } from 'vitest';
import { formatCountdown, sessionPhase } from './session-timer';

describe('session timer', () => {
  const expiresAt = 1_000_000;

  it('stays quiet when the session is far from its end or has no known end', () => {
    expect(sessionPhase(expiresAt - 10 * 60_000, expiresAt).phase).toBe('active');
    expect(sessionPhase(expiresAt, null).phase).toBe('active');
  });

  it('warns in the last two minutes with the seconds left', () => {
    expect(sessionPhase(expiresAt - 120_000, expiresAt)).toEqual({
      phase: 'warning',
      secondsLeft: 120,
    });
    expect(sessionPhase(expiresAt - 1_500, expiresAt)).toEqual({
      phase: 'warning',
      secondsLeft: 2,
    });
  });

  it('reports the session as over at its end', () => {
    expect(sessionPhase(expiresAt, expiresAt)).toEqual({ phase: 'expired', secondsLeft: 0 });
  });

  it('shows the countdown as minutes and seconds', () => {
    expect(formatCountdown(95)).toBe('1:35');
    expect(formatCountdown(5)).toBe('0:05');
  });
});
