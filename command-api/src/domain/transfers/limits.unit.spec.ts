import {
  MoneyMovementCancelled,
  MoneyMovementRecorded,
  movementCategories,
  type MovementCategory,
} from '@bank/events';
import { Prng } from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { deciderSpecification } from '../../kernel/decider-specification.ts';
import { addBusinessDays, bankDate } from './bank-time.ts';
import {
  activityAggregate,
  DAILY_LIMITS,
  decideMovement,
  MONTHLY_LIMITS,
  movementsOf,
  requireWithinLimits,
  usage,
} from './limits.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
let counter = 0;

const activity = deciderSpecification(activityAggregate, decideMovement);

/** A movement of the customer's, at a time. */
const movement = (
  category: MovementCategory,
  amount: number,
  at: string,
  fingerprint: string | null = null,
  checkDuplicate = false,
) => ({
  customerId,
  movementId: `00000000-0000-4000-8000-${String((counter += 1)).padStart(12, '0')}`,
  category,
  amount,
  fingerprint,
  checkDuplicate,
  now: new Date(at),
});

/** Given these movements, each decided in order at its time: the state they leave. */
function given(...moves: [MovementCategory, number, string, string?][]) {
  const events: Parameters<typeof activity.given> = [];
  for (const [category, amount, at, fingerprint] of moves) {
    events.push(
      ...activity
        .given(...events)
        .when(movement(category, amount, at, fingerprint))
        .then([{ type: 'MoneyMovementRecorded' }]),
    );
  }
  return { events, ...activity.given(...events) };
}

const refused = (reason: string) => expect.objectContaining({ reason });
const counted = [{ type: 'MoneyMovementRecorded' as const }];

type ActivityEvent = Parameters<typeof activityAggregate.evolve>[1];

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
    const spent = given(['zelle-send', 2_000_00, '2026-11-23T15:00:00Z']);
    spent
      .when(movement('zelle-send', 500_01, '2026-11-23T16:00:00Z'))
      .thenThrows(refused('daily_limit_exceeded'));
    spent.when(movement('zelle-send', 500_00, '2026-11-23T16:00:00Z')).then(counted);
  });

  it('starts again at midnight New York time, not UTC', () => {
    const lateEvening = given(['zelle-send', 2_500_00, '2026-11-24T04:58:00Z']); // 23:58 EST
    // 23:59 EST (already the 24th in UTC): still the same bank day.
    lateEvening
      .when(movement('zelle-send', 1, '2026-11-24T04:59:00Z'))
      .thenThrows(refused('daily_limit_exceeded'));
    // 00:00 EST: a new bank day.
    lateEvening.when(movement('zelle-send', 2_500_00, '2026-11-24T05:00:00Z')).then(counted);
    // And the UTC midnight before it was not a new day.
    const beforeUtcMidnight = given(['same-bank', 10_000_00, '2026-11-23T23:59:00Z']);
    beforeUtcMidnight
      .when(movement('same-bank', 5_00, '2026-11-24T00:01:00Z'))
      .thenThrows(refused('daily_limit_exceeded'));
  });

  it('keeps each category to its own limit', () => {
    const spent = given(['same-bank', 10_000_00, '2026-11-23T15:00:00Z']);
    spent.when(movement('external-bank', 5_000_00, '2026-11-23T15:01:00Z')).then(counted);
    spent
      .when(movement('external-bank', 5_000_01, '2026-11-23T15:01:00Z'))
      .thenThrows(refused('daily_limit_exceeded'));
    expect(usage(spent.state, 'same-bank', new Date('2026-11-23T20:00:00Z'))).toEqual({
      day: 10_000_00,
      month: 10_000_00,
    });
  });

  it('no longer counts a cancelled movement (failed transfer, returned payment)', () => {
    const moved = given(['external-bank', 5_000_00, '2026-11-23T15:00:00Z']);
    const movementId = movementsOf(moved.state)[0]!.movementId;
    activity
      .given(
        ...moved.events,
        MoneyMovementCancelled.create({ customerId, movementId, reason: 'failed' }),
      )
      .when(movement('external-bank', 5_000_00, '2026-11-23T16:00:00Z'))
      .then(counted);
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
    const spent = given(...days);
    spent.when(movement('zelle-send', 1, '2026-12-20T15:00:00Z')).thenThrows(
      expect.objectContaining({
        reason: 'daily_limit_exceeded',
        message: 'You have exceeded your monthly transaction limit.',
      }),
    );
    // 31 Dec 23:30 in New York is already January in UTC, but still December at the bank.
    spent
      .when(movement('zelle-send', 1, '2027-01-01T04:30:00Z'))
      .thenThrows(refused('daily_limit_exceeded'));
    spent.when(movement('zelle-send', 2_500_00, '2027-01-01T05:00:00Z')).then(counted);
  });
});

describe('duplicates', () => {
  const at = '2026-11-23T15:00:00Z';
  const spent = given(['between-accounts', 30_00, at, 'fp-1']);

  it('refuses an identical movement within 60 seconds when asked to check', () => {
    spent
      .when(movement('between-accounts', 30_00, '2026-11-23T15:00:59Z', 'fp-1', true))
      .thenThrows(refused('duplicate_transaction'));
  });

  it('allows it after 60 seconds, with another fingerprint, or under an Idempotency-Key', () => {
    spent
      .when(movement('between-accounts', 30_00, '2026-11-23T15:01:00Z', 'fp-1', true))
      .then(counted);
    spent
      .when(movement('between-accounts', 30_00, '2026-11-23T15:00:30Z', 'fp-2', true))
      .then(counted);
    spent
      .when(movement('between-accounts', 30_00, '2026-11-23T15:00:30Z', 'fp-1', false))
      .then(counted);
  });

  it('forgets movements older than the monthly window', () => {
    const later = given(
      ['between-accounts', 1, '2026-10-01T15:00:00Z'],
      ['between-accounts', 1, '2026-11-23T15:00:00Z'],
    );
    expect(movementsOf(later.state)).toHaveLength(1);
  });

  it('is a DomainError the API turns into 409', () => {
    spent.when(movement('between-accounts', 30_00, at, 'fp-1', true)).thenThrows(DomainError);
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
    expect(() => requireWithinLimits('bill-pay', 10_000_01)).toThrow(
      refused('daily_limit_exceeded'),
    );
    expect(() => requireWithinLimits('bill-pay', 1, { day: 0, month: 50_000_00 })).toThrow(
      'You have exceeded your monthly transaction limit.',
    );
  });

  it('counts bill pay apart from transfers', () => {
    const spent = given(['external-bank', 5_000_00, '2026-11-23T15:00:00Z']);
    spent.when(movement('bill-pay', 10_000_00, '2026-11-23T15:01:00Z')).then(counted);
    spent
      .when(movement('bill-pay', 10_000_01, '2026-11-23T15:01:00Z'))
      .thenThrows(refused('daily_limit_exceeded'));
  });
});

/** A movement id (a UUID) numbered `n`. */
const idOf = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

describe('the movements a state holds', () => {
  const CATEGORIES: MovementCategory[] = ['same-bank', 'between-accounts', 'bill-pay'];
  /**
   * What a state must hold: every recorded movement of its own history, less the cancelled and
   * the aged out (a movement goes once it, and every one recorded before it, is older than 40
   * days before the newest: one stamped out of order is kept until those before it go).
   */
  function expected(history: { event: ActivityEvent; atMs: number }[]): string[] {
    let kept: { id: string; atMs: number }[] = [];
    for (const { event, atMs } of history) {
      if (event.type === 'MoneyMovementCancelled') {
        kept = kept.filter((m) => m.id !== event.data.movementId);
      } else {
        const agedOut = kept.findIndex((m) => m.atMs >= atMs - 40 * 24 * 3600 * 1000);
        kept = agedOut < 0 ? [] : kept.slice(agedOut);
        kept.push({ id: event.data.movementId, atMs });
      }
    }
    return kept.map((m) => m.id);
  }

  it('are its own history only, whichever earlier state later ones were evolved from', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const rng = new Prng(seed);
      let clock = Date.parse('2026-09-01T12:00:00Z');
      // Every state made, with the events that made it: later states branch from any of them, as
      // a retried command decides again on a state a sibling was already evolved from.
      const states = [
        {
          state: activityAggregate.initial(),
          history: [] as { event: ActivityEvent; atMs: number }[],
        },
      ];
      for (let step = 0; step < 150; step += 1) {
        const base =
          rng.next() < 0.7 ? states[states.length - 1]! : states[rng.int(0, states.length - 1)]!;
        const recordedIds = expected(base.history);
        clock += rng.int(0, 3) * 24 * 3600 * 1000 + rng.int(0, 3600_000);
        // Now and then a movement stamped 45 days ahead (a process with its clock wrong): it ages
        // out movements of the days still to come.
        const atMs = rng.next() < 0.05 ? clock + 45 * 24 * 3600 * 1000 : clock;
        const event: ActivityEvent =
          recordedIds.length > 0 && rng.next() < 0.15
            ? MoneyMovementCancelled.create({
                customerId,
                movementId: recordedIds[rng.int(0, recordedIds.length - 1)]!,
                reason: 'failed',
              })
            : MoneyMovementRecorded.create({
                customerId,
                movementId: idOf(seed * 1000 + step),
                category: CATEGORIES[rng.int(0, CATEGORIES.length - 1)]!,
                amount: rng.int(1, 1000),
                fingerprint: null,
                at: new Date(atMs).toISOString(),
              });
        const history = [...base.history, { event, atMs }];
        states.push({ state: activityAggregate.evolve(base.state, event), history });
        // A command's outcome folded again on the state it was decided on.
        if (rng.next() < 0.3) {
          states.push({ state: activityAggregate.evolve(base.state, event), history });
        }
      }
      for (const { state, history } of states) {
        expect(
          movementsOf(state).map((m) => m.movementId),
          `seed ${seed}`,
        ).toEqual(expected(history));
      }
      // Usage as the sum of what each state holds, asked of the states in creation order (as a
      // stream's commands ask) and then in a random order, on the day of the state's last
      // movement or one of the two before.
      const asked = [...states, ...states.map(() => states[rng.int(0, states.length - 1)]!)];
      for (const { state, history } of asked) {
        const today = new Date((history.at(-1)?.atMs ?? clock) - rng.int(0, 2) * 24 * 3600_000);
        for (const category of CATEGORIES) {
          const mine = movementsOf(state).filter((m) => m.category === category);
          const sum = (kept: typeof mine) => kept.reduce((total, m) => total + m.amount, 0);
          expect(usage(state, category, today), `seed ${seed}`).toEqual({
            day: sum(mine.filter((m) => m.bankDate === bankDate(today))),
            month: sum(mine.filter((m) => m.bankDate.slice(0, 7) === bankDate(today).slice(0, 7))),
          });
        }
      }
    }
  });

  /** A $0.01 same-bank movement numbered `n`, recorded at `atMs`. */
  const recordedAt = (n: number, atMs: number) =>
    MoneyMovementRecorded.create({
      customerId,
      movementId: idOf(n),
      category: 'same-bank',
      amount: 1,
      fingerprint: null,
      at: new Date(atMs).toISOString(),
    });

  /** The state `count` movements leave, each `everyMs` after the one before. */
  function folded(count: number, start: number, everyMs: number) {
    let state = activityAggregate.initial();
    for (let i = 0; i < count; i += 1) {
      state = activityAggregate.evolve(state, recordedAt(i, start + i * everyMs));
    }
    return state;
  }

  it('are not copied when the same movement is recorded on the same state again', () => {
    const start = Date.parse('2026-11-01T12:00:00Z');
    const before = folded(2000, start, 60_000);
    const event = recordedAt(999_998, start + 2000 * 60_000);
    const once = activityAggregate.evolve(before, event);
    const again = activityAggregate.evolve(before, event);
    expect(again.log).toBe(before.log);
    expect(movementsOf(again)).toEqual(movementsOf(once));
    // Another movement on that state still gets a log of its own.
    const other = activityAggregate.evolve(before, recordedAt(999_997, start + 2000 * 60_000));
    expect(other.log).not.toBe(before.log);
    expect(movementsOf(other).at(-1)!.movementId).toBe(idOf(999_997));
    expect(movementsOf(again).at(-1)!.movementId).toBe(idOf(999_998));
  });

  it('grow by one entry when one state follows another, not by a copy of the 40 days', () => {
    const start = Date.parse('2026-11-01T12:00:00Z');
    const before = folded(2000, start, 60_000);
    const next = activityAggregate.evolve(before, recordedAt(999_999, start + 2000 * 60_000));
    expect(next.log).toBe(before.log);
    expect(movementsOf(before)).toHaveLength(2000);
    expect(movementsOf(next)).toHaveLength(2001);
  });

  it('let go of what aged out: a year of daily movements keeps about 40 days of log', () => {
    const state = folded(365, Date.parse('2026-01-01T12:00:00Z'), 24 * 3600 * 1000);
    expect(movementsOf(state)).toHaveLength(41);
    expect(state.log.length).toBeLessThan(41 + 2 * 64);
  });
});
