import { describe, expect, it } from 'vitest';
import {
  domesticWireArrival,
  wireArrivalText,
  wireSentMessage,
  type WireArrival,
} from './wire-arrival.ts';

const at = (iso: string): WireArrival => domesticWireArrival(new Date(iso));
const closed = '(sent after the 4:00 PM ET cut-off, or on a day banks are closed)';

describe('domesticWireArrival', () => {
  it('arrives today when sent on a business day before the 4:00 PM ET cut-off', () => {
    // Monday 7 December 2026, 3:59 PM EST.
    expect(at('2026-12-07T20:59:59Z')).toEqual({ date: '2026-12-07', today: true });
    // Just after midnight in New York, still the evening before in UTC.
    expect(at('2026-12-08T05:00:00Z')).toEqual({ date: '2026-12-08', today: true });
  });

  it('arrives the next business day when sent at the cut-off or later', () => {
    expect(at('2026-12-07T21:00:00Z')).toEqual({ date: '2026-12-08', today: false });
    // 11:59 PM in New York: the next day in UTC, still Monday at the bank.
    expect(at('2026-12-08T04:59:00Z')).toEqual({ date: '2026-12-08', today: false });
  });

  it('arrives on Monday when sent on a Friday after the cut-off, a Saturday or a Sunday', () => {
    expect(at('2026-12-04T21:30:00Z')).toEqual({ date: '2026-12-07', today: false });
    expect(at('2026-12-05T15:00:00Z')).toEqual({ date: '2026-12-07', today: false });
    // The probe's moment: Sunday 6 December, 5:45 AM ET.
    expect(at('2026-12-06T10:45:00Z')).toEqual({ date: '2026-12-07', today: false });
  });

  it('skips bank holidays: on one, and after the cut-off the day before one', () => {
    // Christmas Day 2026 is a Friday: all day it is the Monday after.
    expect(at('2026-12-25T15:00:00Z')).toEqual({ date: '2026-12-28', today: false });
    // Wednesday before Thanksgiving, after the cut-off: the Friday.
    expect(at('2026-11-25T22:00:00Z')).toEqual({ date: '2026-11-27', today: false });
    // Independence Day 2027 is a Sunday, observed Monday 5 July.
    expect(at('2027-07-02T21:00:00Z')).toEqual({ date: '2027-07-06', today: false });
  });

  it('keeps the cut-off at 4:00 PM New York time across daylight saving changes', () => {
    // The same UTC time of day: 4:59 PM EDT on the Friday before the change, 3:59 PM EST after.
    expect(at('2026-10-30T20:59:00Z')).toEqual({ date: '2026-11-02', today: false });
    expect(at('2026-11-02T20:59:00Z')).toEqual({ date: '2026-11-02', today: true });
    // On the change day itself (Sunday 1 November, 1:30 AM, the hour that happens twice).
    expect(at('2026-11-01T05:30:00Z')).toEqual({ date: '2026-11-02', today: false });
    expect(at('2026-11-01T06:30:00Z')).toEqual({ date: '2026-11-02', today: false });
    // Spring forward: Monday 9 March 2026, 3:59 PM EDT is 19:59 UTC; 4:00 PM is 20:00 UTC.
    expect(at('2026-03-09T19:59:00Z')).toEqual({ date: '2026-03-09', today: true });
    expect(at('2026-03-09T20:00:00Z')).toEqual({ date: '2026-03-10', today: false });
  });
});

describe('the arrival as the customer reads it', () => {
  it('names today, or the day and why, on the review and in the bank’s answer', () => {
    expect(wireArrivalText({ date: '2026-12-07', today: true })).toBe('Arrives today, December 7');
    expect(wireArrivalText({ date: '2026-12-07', today: false })).toBe(
      `Arrives Monday, December 7 ${closed}`,
    );
    expect(wireSentMessage({ date: '2026-12-07', today: true })).toBe(
      'Wire transfer sent. It will arrive today.',
    );
    expect(wireSentMessage({ date: '2026-12-07', today: false })).toBe(
      'Wire transfer sent. It will arrive on Monday, December 7 (after the 4:00 PM ET cut-off, or on a day banks are closed).',
    );
  });
});
