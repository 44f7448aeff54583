import type { BankEvent, MovementCategory } from '@bank/events';
import { MoneyMovementCancelled, movementCategories } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { addBusinessDays, bankDate } from './bank-time.ts';
import {
  activityAggregate,
  DAILY_LIMITS,
  decideMovement,
  MONTHLY_LIMITS,
  requireWithinLimits,
  usage,
  type ActivityState,
} from './limits.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
let counter = 0;

/** Given these movements (decided in order at their times), what does the next one do? */
function given(...moves: [MovementCategory, number, string, string?][]): ActivityState {
  return moves.reduce((state, [category, amount, at, fingerprint]) => {
    const events = decideMovement(
      {
        customerId,
        movementId: `00000000-0000-4000-8000-${String((counter += 1)).padStart(12, '0')}`,
        category,
        amount,
        fingerprint: fingerprint ?? null,
        checkDuplicate: false,
        now: new Date(at),
      },
      state,
    );
    return events.reduce((s, e) => activityAggregate.evolve(s, e as BankEvent), state);
  }, activityAggregate.initial());
}

function attempt(
  state: ActivityState,
  category: MovementCategory,
  amount: number,
  at: string,
  fingerprint: string | null = null,
  checkDuplicate = false,
) {
  return () =>
    decideMovement(
      {
        customerId,
        movementId: '00000000-0000-4000-8000-ffffffffffff',
        category,
        amount,
        fingerprint,
        checkDuplicate,
        now: new Date(at),
      },
      state,
    );
}

function reason(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as DomainError).reason;
  }
}

describe('the bank day', () => {
  it('is the calendar day in New York, with daylight saving', () => {
    expect(bankDate(new Date('2026-11-24T04:59:59Z'))).toBe('2026-11-23'); // EST, UTC-5
    expect(bankDate(new Date('2026-11-24T05:00:00Z'))).toBe('2026-11-24');
    expect(bankDate(new Date('2026-07-04T03:59:59Z'))).toBe('2026-07-03'); // EDT, UTC-4
    expect(bankDate(new Date('2026-07-04T04:00:00Z'))).toBe('2026-07-04');
  });

  it('counts business days without weekends', () => {
    // Friday 27 Nov 2026, noon in New York: 1 business day later is Monday.
    const friday = new Date('2026-11-27T17:00:00Z');
    expect(bankDate(addBusinessDays(friday, 1))).toBe('2026-11-30');
    expect(bankDate(addBusinessDays(friday, 3))).toBe('2026-12-02');
    expect(bankDate(addBusinessDays(new Date('2026-11-24T17:00:00Z'), 1))).toBe('2026-11-25');
  });
});

describe('daily limits', () => {
  it('refuses the movement that would pass the daily limit, up to the cent', () => {
    const state = given(['zelle-send', 2_000_00, '2026-11-23T15:00:00Z']);
    expect(reason(attempt(state, 'zelle-send', 500_01, '2026-11-23T16:00:00Z'))).toBe(
      'daily_limit_exceeded',
    );
    expect(attempt(state, 'zelle-send', 500_00, '2026-11-23T16:00:00Z')()).toHaveLength(1);
  });

  it('starts again at midnight New York time, not UTC', () => {
    const lateEvening = given(['zelle-send', 2_500_00, '2026-11-24T04:58:00Z']); // 23:58 EST
    // 23:59 EST (already the 24th in UTC): still the same bank day.
    expect(reason(attempt(lateEvening, 'zelle-send', 1, '2026-11-24T04:59:00Z'))).toBe(
      'daily_limit_exceeded',
    );
    // 00:00 EST: a new bank day.
    expect(attempt(lateEvening, 'zelle-send', 2_500_00, '2026-11-24T05:00:00Z')()).toHaveLength(1);
    // And the UTC midnight before it was not a new day.
    const beforeUtcMidnight = given(['same-bank', 10_000_00, '2026-11-23T23:59:00Z']);
    expect(reason(attempt(beforeUtcMidnight, 'same-bank', 5_00, '2026-11-24T00:01:00Z'))).toBe(
      'daily_limit_exceeded',
    );
  });

  it('keeps each category to its own limit', () => {
    const state = given(['same-bank', 10_000_00, '2026-11-23T15:00:00Z']);
    expect(attempt(state, 'external-bank', 5_000_00, '2026-11-23T15:01:00Z')()).toHaveLength(1);
    expect(reason(attempt(state, 'external-bank', 5_000_01, '2026-11-23T15:01:00Z'))).toBe(
      'daily_limit_exceeded',
    );
    expect(usage(state, 'same-bank', new Date('2026-11-23T20:00:00Z'))).toEqual({
      day: 10_000_00,
      month: 10_000_00,
    });
  });

  it('no longer counts a cancelled movement (failed transfer, returned payment)', () => {
    let state = given(['external-bank', 5_000_00, '2026-11-23T15:00:00Z']);
    const movementId = state.movements[0]!.movementId;
    state = activityAggregate.evolve(
      state,
      MoneyMovementCancelled.create({ customerId, movementId, reason: 'failed' }) as BankEvent,
    );
    expect(attempt(state, 'external-bank', 5_000_00, '2026-11-23T16:00:00Z')()).toHaveLength(1);
  });
});

describe('monthly limit', () => {
  it('refuses person-to-person sends past $20,000 in a New York calendar month', () => {
    const days = Array.from(
      { length: 8 },
      (_, i) =>
        ['zelle-send', 2_500_00, `2026-12-${String(i + 2).padStart(2, '0')}T15:00:00Z`] as [
          MovementCategory,
          number,
          string,
        ],
    );
    const state = given(...days);
    expect(reason(attempt(state, 'zelle-send', 1, '2026-12-20T15:00:00Z'))).toBe(
      'daily_limit_exceeded',
    );
    let message = '';
    try {
      attempt(state, 'zelle-send', 1, '2026-12-20T15:00:00Z')();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('You have exceeded your monthly transaction limit.');
    // 31 Dec 23:30 in New York is already January in UTC, but still December at the bank.
    expect(reason(attempt(state, 'zelle-send', 1, '2027-01-01T04:30:00Z'))).toBe(
      'daily_limit_exceeded',
    );
    expect(attempt(state, 'zelle-send', 2_500_00, '2027-01-01T05:00:00Z')()).toHaveLength(1);
  });
});

describe('duplicates', () => {
  const at = '2026-11-23T15:00:00Z';
  const state = given(['between-accounts', 30_00, at, 'fp-1']);

  it('refuses an identical movement within 60 seconds when asked to check', () => {
    expect(
      reason(attempt(state, 'between-accounts', 30_00, '2026-11-23T15:00:59Z', 'fp-1', true)),
    ).toBe('duplicate_transaction');
  });

  it('allows it after 60 seconds, with another fingerprint, or under an Idempotency-Key', () => {
    expect(
      attempt(state, 'between-accounts', 30_00, '2026-11-23T15:01:00Z', 'fp-1', true)(),
    ).toHaveLength(1);
    expect(
      attempt(state, 'between-accounts', 30_00, '2026-11-23T15:00:30Z', 'fp-2', true)(),
    ).toHaveLength(1);
    expect(
      attempt(state, 'between-accounts', 30_00, '2026-11-23T15:00:30Z', 'fp-1', false)(),
    ).toHaveLength(1);
  });

  it('forgets movements older than the monthly window', () => {
    const later = given(
      ['between-accounts', 1, '2026-10-01T15:00:00Z'],
      ['between-accounts', 1, '2026-11-23T15:00:00Z'],
    );
    expect(later.movements).toHaveLength(1);
  });

  it('is a DomainError the API turns into 409', () => {
    expect(attempt(state, 'between-accounts', 30_00, at, 'fp-1', true)).toThrow(DomainError);
  });
});

describe('the limits table', () => {
  it('gives every channel a daily and a monthly limit, the month never below the day', () => {
    for (const category of movementCategories) {
      expect(DAILY_LIMITS[category], category).toBeGreaterThan(0);
      expect(MONTHLY_LIMITS[category], category).toBeGreaterThanOrEqual(DAILY_LIMITS[category]);
    }
    expect(DAILY_LIMITS['external-bank']).toBe(5_000_00);
    expect(DAILY_LIMITS['bill-pay']).toBe(10_000_00);
    expect(MONTHLY_LIMITS['zelle-send']).toBe(20_000_00);
  });

  it('refuses one amount above a day or a month on its own, for a payment scheduled ahead', () => {
    expect(() => requireWithinLimits('bill-pay', 10_000_00)).not.toThrow();
    expect(reason(() => requireWithinLimits('bill-pay', 10_000_01))).toBe('daily_limit_exceeded');
    expect(() => requireWithinLimits('bill-pay', 1, { day: 0, month: 50_000_00 })).toThrow(
      'You have exceeded your monthly transaction limit.',
    );
  });

  it('counts bill pay apart from transfers', () => {
    const state = given(['external-bank', 5_000_00, '2026-11-23T15:00:00Z']);
    expect(attempt(state, 'bill-pay', 10_000_00, '2026-11-23T15:01:00Z')()).toHaveLength(1);
    expect(reason(attempt(state, 'bill-pay', 10_000_01, '2026-11-23T15:01:00Z'))).toBe(
      'daily_limit_exceeded',
    );
  });
});
