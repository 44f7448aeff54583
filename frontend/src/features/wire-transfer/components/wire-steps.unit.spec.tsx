import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMinuteClock } from './wire-steps';

afterEach(() => {
  vi.useRealTimers();
});

describe('useMinuteClock', () => {
  it('moves on at the start of the next minute, so the cut-off minute is named when it comes', () => {
    vi.useFakeTimers();
    // 3:59:40 PM in New York on a Monday: 20 seconds before the domestic wire cut-off.
    vi.setSystemTime(new Date('2026-12-07T20:59:40.000Z'));
    const { result } = renderHook(() => useMinuteClock());
    expect(result.current.toISOString()).toBe('2026-12-07T20:59:40.000Z');

    act(() => vi.advanceTimersByTime(19_999));
    expect(result.current.toISOString()).toBe('2026-12-07T20:59:40.000Z');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toISOString()).toBe('2026-12-07T21:00:00.000Z');
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.toISOString()).toBe('2026-12-07T21:01:00.000Z');
  });
});
