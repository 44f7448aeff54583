import { describe, expect, it } from 'vitest';
import { INSUFFICIENT_FUNDS } from '../account/account.ts';
import { DAILY_LIMIT_EXCEEDED } from './limits.ts';
import { INVALID_RECIPIENT } from './posting.ts';
import { ACCOUNT_GONE, refusalStopsSchedule, SCHEDULE_REFUSALS } from './schedule-refusals.ts';

describe('refusalStopsSchedule', () => {
  it('stops a schedule at a refusal that can never go away, and only there', () => {
    const stops = [ACCOUNT_GONE, 'account_closed', INVALID_RECIPIENT, 'same_account'];
    const keeps = [INSUFFICIENT_FUNDS, DAILY_LIMIT_EXCEEDED];
    for (const reason of stops) expect(refusalStopsSchedule(reason), reason).toBe(true);
    for (const reason of keeps) expect(refusalStopsSchedule(reason), reason).toBe(false);
    // Every refusal the table knows is one of these: a new one is added here too, classified.
    expect(Object.keys(SCHEDULE_REFUSALS).sort()).toEqual([...stops, ...keeps].sort());
  });

  it('keeps a schedule on a refusal it does not know to be final', () => {
    for (const reason of ['', 'validation', 'duplicate_transaction', 'toString', '__proto__']) {
      expect(refusalStopsSchedule(reason), reason).toBe(false);
    }
  });
});
