import { describe, expect, it } from 'vitest';
import { formatCountdown, sessionPhase, shouldKeepAlive, warningWindow } from './session-timer';

describe('idle session timer', () => {
  const deadline = 1_000_000;

  it('stays quiet when the session is far from its end or has no known end', () => {
    expect(sessionPhase(deadline - 10 * 60_000, deadline).phase).toBe('active');
    expect(sessionPhase(deadline, null).phase).toBe('active');
  });

  it('warns in the last two minutes with the seconds left', () => {
    expect(sessionPhase(deadline - 120_000, deadline)).toEqual({
      phase: 'warning',
      secondsLeft: 120,
    });
    expect(sessionPhase(deadline - 1_500, deadline)).toEqual({ phase: 'warning', secondsLeft: 2 });
  });

  it('reports the session as over at its end', () => {
    expect(sessionPhase(deadline, deadline)).toEqual({ phase: 'expired', secondsLeft: 0 });
  });

  it('warns two minutes ahead, or halfway through a very short session', () => {
    expect(warningWindow(30 * 60_000)).toBe(120_000);
    expect(warningWindow(60_000)).toBe(30_000);
  });

  it('extends the server session only for a user who has been active since the last extension', () => {
    const ttl = 30 * 60_000;
    expect(shouldKeepAlive(11 * 60_000, 5 * 60_000, 0, ttl)).toBe(true);
    expect(shouldKeepAlive(5 * 60_000, 4 * 60_000, 0, ttl)).toBe(false);
    expect(shouldKeepAlive(20 * 60_000, 0, 1, ttl)).toBe(false);
  });

  it('shows the countdown as minutes and seconds', () => {
    expect(formatCountdown(95)).toBe('1:35');
    expect(formatCountdown(5)).toBe('0:05');
  });
});
