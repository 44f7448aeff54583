import { BillPaymentScheduled } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DAILY_LIMIT_MESSAGE } from '../transfers/limits.ts';
import { NEW_PAYEE_LIMIT_MESSAGE } from './payees.ts';
import { END_BEFORE_START, MINIMUM_PAYMENT, PAST_DATE, TOO_FAR } from './payment.ts';
import {
  ALREADY_PAID_ON_DATE,
  billScheduleAggregate,
  decideAdvanced,
  decideCancel,
  decideChange,
  isDue,
  SCHEDULE_CANCELLED,
  SCHEDULE_FINISHED,
  SCHEDULE_STOPPED,
  type BillSchedulePlan,
  type BillScheduleState,
} from './schedule.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const otherCustomer = '5c7d3a1b-2e3f-4d4c-9b0a-6f7e8d9c0b13';
const accountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
const otherAccount = '1e0b4e6f-8a73-4e4f-8c2d-4a3b8d2e1f12';
const payeeId = '7f1c2b3a-4d5e-4f60-8a1b-2c3d4e5f6a70';
const paymentId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const paidPayee = { paid: true };
const today = '2025-03-10';

function scheduled(recurrence: BillSchedulePlan['recurrence'] = null, firstDate = '2025-03-15') {
  return BillPaymentScheduled.create({
    customerId,
    paymentId,
    payeeId,
    payeeName: 'City Power',
    category: 'utilities',
    fromAccountId: accountId,
    amountCents: 120_00,
    memo: null,
    firstDate,
    recurrence,
  });
}

/** The schedule's own events, folded onto a state (the initial one by default). */
function fold(
  events: Parameters<typeof billScheduleAggregate.evolve>[1][],
  from = billScheduleAggregate.initial(),
): BillScheduleState {
  return events.reduce((state, event) => billScheduleAggregate.evolve(state, event), from);
}

const monthly = { frequency: 'monthly' as const, endDate: null };

function plan(overrides: Partial<BillSchedulePlan> = {}): BillSchedulePlan {
  return {
    fromAccountId: accountId,
    amountCents: 80_00,
    startDate: '2025-03-20',
    recurrence: monthly,
    ...overrides,
  };
}

const change = (state: BillScheduleState, p: BillSchedulePlan, payee = paidPayee) =>
  decideChange(state, customerId, p, { payee, today });

describe('changing a scheduled bill payment', () => {
  const live = fold([scheduled(monthly)]);

  it('records the new plan; the schedule then waits for the new date', () => {
    const events = change(live, plan());
    expect(events.map((e) => e.type)).toEqual(['BillPaymentScheduleChanged']);
    const after = fold(events, live);
    expect(after.nextDate).toBe('2025-03-20');
    expect(after.plan).toMatchObject({ amountCents: 80_00, startDate: '2025-03-20' });
  });

  it('answers another customer as it answers an unknown schedule', () => {
    const other = () => decideChange(live, otherCustomer, plan(), { payee: paidPayee, today });
    const unknown = () =>
      decideChange(billScheduleAggregate.initial(), customerId, plan(), {
        payee: paidPayee,
        today,
      });
    expect(other).toThrow('The requested resource was not found.');
    expect(unknown).toThrow('The requested resource was not found.');
  });

  it('refuses a cancelled schedule, one whose payee was deleted, and a finished one', () => {
    const cancelled = fold(decideCancel(live, customerId, { payeeActive: true }), live);
    expect(() => change(cancelled, plan())).toThrow(SCHEDULE_CANCELLED);
    expect(() => decideChange(live, customerId, plan(), { payee: null, today })).toThrow(
      SCHEDULE_CANCELLED,
    );
    const once = fold([scheduled()]);
    const finished = fold(decideAdvanced(once, '2025-03-15'), once);
    expect(finished.nextDate).toBeNull();
    expect(() => change(finished, plan())).toThrow(SCHEDULE_FINISHED);
  });

  it('refuses to change or cancel a schedule the bank stopped, saying so', () => {
    const stopped = fold(decideAdvanced(live, '2025-03-15', { stopped: true }), live);
    expect(stopped).toMatchObject({ nextDate: null, stopped: true, lastHandled: '2025-03-15' });
    expect(() => change(stopped, plan({ startDate: '2025-04-20' }))).toThrow(SCHEDULE_STOPPED);
    expect(() => decideCancel(stopped, customerId, { payeeActive: true })).toThrow(
      SCHEDULE_STOPPED,
    );
    // A one-off's only date refused just ends it: there was nothing to stop.
    const once = fold([scheduled()]);
    const ended = fold(decideAdvanced(once, '2025-03-15', { stopped: true }), once);
    expect(ended).toMatchObject({ nextDate: null, stopped: false });
  });

  it('holds the amount to the rules of scheduling, with the same messages', () => {
    expect(() => change(live, plan({ amountCents: 0 }))).toThrow(MINIMUM_PAYMENT);
    expect(() => change(live, plan({ amountCents: 50_000_01 }))).toThrow(DAILY_LIMIT_MESSAGE);
    expect(() => change(live, plan({ amountCents: 2_500_01 }), { paid: false })).toThrow(
      NEW_PAYEE_LIMIT_MESSAGE,
    );
    expect(change(live, plan({ amountCents: 2_500_01 }))).toHaveLength(1);
  });

  it('refuses a date before today and an end before the date, naming the field', () => {
    expect(() => change(live, plan({ startDate: '2025-03-09' }))).toThrow(PAST_DATE);
    expect(() => change(live, plan({ startDate: '9999-12-31' }))).toThrow(TOO_FAR);
    expect(change(live, plan({ startDate: today }))).toHaveLength(1);
    try {
      change(live, plan({ recurrence: { frequency: 'weekly', endDate: '2025-03-19' } }));
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ message: END_BEFORE_START, field: 'recurring_end_date' });
    }
  });

  it('never moves the schedule back onto a date already paid', () => {
    const paidOnce = fold(decideAdvanced(live, '2025-03-15'), live);
    expect(paidOnce.nextDate).toBe('2025-04-15');
    expect(() => change(paidOnce, plan({ startDate: '2025-03-15' }))).toThrow(ALREADY_PAID_ON_DATE);
    expect(change(paidOnce, plan({ startDate: '2025-03-16' }))).toHaveLength(1);
  });

  it('appends nothing when nothing changes', () => {
    const same = plan({ amountCents: 120_00, startDate: '2025-03-15' });
    expect(change(live, same)).toEqual([]);
    expect(change(live, { ...same, fromAccountId: otherAccount })).toHaveLength(1);
  });
});

describe('cancelling a scheduled bill payment', () => {
  const live = fold([scheduled(monthly)]);

  it('cancels once; cancelling again appends nothing and is no error', () => {
    const events = decideCancel(live, customerId, { payeeActive: true });
    expect(events.map((e) => e.type)).toEqual(['BillPaymentScheduleCancelled']);
    const cancelled = fold(events, live);
    expect(cancelled.nextDate).toBeNull();
    expect(decideCancel(cancelled, customerId, { payeeActive: true })).toEqual([]);
    expect(decideCancel(live, customerId, { payeeActive: false })).toEqual([]);
  });

  it('refuses another customer (404) and a finished schedule', () => {
    expect(() => decideCancel(live, otherCustomer, { payeeActive: true })).toThrow(
      'The requested resource was not found.',
    );
    const once = fold([scheduled()]);
    const finished = fold(decideAdvanced(once, '2025-03-15'), once);
    expect(() => decideCancel(finished, customerId, { payeeActive: true })).toThrow(
      SCHEDULE_FINISHED,
    );
  });
});

describe('which occurrence a job may pay', () => {
  it('pays the date the plan waits for, not the date an edit moved away from', () => {
    const live = fold([scheduled(monthly)]);
    expect(isDue(live, '2025-03-15')).toBe(true);
    const moved = fold(change(live, plan({ startDate: '2025-03-20' })), live);
    expect(isDue(moved, '2025-03-15')).toBe(false);
    expect(isDue(moved, '2025-03-20')).toBe(true);
    expect(isDue(moved, '2025-04-15')).toBe(false);
  });

  it('pays nothing of a cancelled schedule', () => {
    const live = fold([scheduled(monthly)]);
    const cancelled = fold(decideCancel(live, customerId, { payeeActive: true }), live);
    expect(isDue(cancelled, '2025-03-15')).toBe(false);
  });

  it('over random edits, cancels and runs: each date is paid at most once, only when due', () => {
    const frequencies = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const day = (offset: number) => {
      const d = new Date(Date.UTC(2025, 2, 10 + offset));
      return d.toISOString().slice(0, 10);
    };
    for (let round = 0; round < 200; round += 1) {
      let state = fold([scheduled(random(2) ? monthly : null, day(random(30)))]);
      const paid = new Set<string>();
      let clock = 0;
      for (let step = 0; step < 20; step += 1) {
        const action = random(10);
        if (action < 5 && state.nextDate) {
          // The job of some date fires: only the date the plan waits for is paid.
          const date = random(2) ? state.nextDate : day(random(60));
          if (isDue(state, date)) {
            expect(paid.has(date)).toBe(false);
            expect(date >= state.nextDate).toBe(true);
            paid.add(date);
            state = fold(decideAdvanced(state, date), state);
            clock = Math.max(clock, Date.parse(`${date}T00:00:00Z`));
          }
        } else if (action < 9) {
          const startDate = day(random(60));
          const recurrence = random(2)
            ? {
                frequency: frequencies[random(5)]!,
                endDate: random(2) ? null : day(60 + random(300)),
              }
            : null;
          try {
            state = fold(
              decideChange(state, customerId, plan({ startDate, recurrence }), {
                payee: paidPayee,
                today: new Date(clock || Date.parse('2025-03-10T00:00:00Z'))
                  .toISOString()
                  .slice(0, 10),
              }),
              state,
            );
          } catch {
            // A refused change leaves the schedule as it was.
          }
        } else {
          try {
            state = fold(decideCancel(state, customerId, { payeeActive: true }), state);
          } catch {
            // A finished schedule cannot be cancelled.
          }
        }
        if (state.cancelled) expect(state.nextDate).toBeNull();
        if (state.nextDate && state.lastHandled) {
          expect(state.nextDate > state.lastHandled).toBe(true);
        }
      }
    }
  });
});
