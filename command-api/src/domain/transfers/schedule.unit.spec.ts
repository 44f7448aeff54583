import { describe, expect, it } from 'vitest';
import type { TransferFrequency } from '@bank/events';
import { daysInMonth } from '../bill-pay/calendar.ts';
import { stateAfter } from '../../kernel/decider-specification.ts';
import {
  decideChangeSchedule,
  decideFailed,
  decideNewSchedule,
  decideRan,
  isDue,
  nextRunDate,
  SCHEDULE_ALREADY_RAN_ON_DATE,
  transferScheduleAggregate,
  type SchedulePlan,
} from './schedule.ts';
import { seededRandom as random } from '../../testing/seeded-random.ts';

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

function randomPlan(next: () => number): Pick<SchedulePlan, 'startDate' | 'recurrence'> {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  // Month-ends are picked often: they are where a monthly calendar goes wrong.
  const year = 2024 + Math.floor(next() * 8);
  const month = 1 + Math.floor(next() * 12);
  const day =
    next() < 0.4 ? daysInMonth(year, month) - Math.floor(next() * 3) : 1 + Math.floor(next() * 28);
  const startDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (next() < 0.15) return { startDate, recurrence: null };
  const frequency = pick<TransferFrequency>(['weekly', 'biweekly', 'monthly']);
  const endDate = next() < 0.5 ? addDays(startDate, Math.floor(next() * 800)) : null;
  const count = next() < 0.5 ? 1 + Math.floor(next() * 30) : null;
  return { startDate, recurrence: { frequency, endDate, count } };
}

/** Every run date of a plan, each found from the one before (as the jobs do), up to `max`. */
function runDates(plan: Pick<SchedulePlan, 'startDate' | 'recurrence'>, max = 60): string[] {
  const dates: string[] = [];
  let date = nextRunDate(plan, 0, null);
  while (date !== null && dates.length < max) {
    dates.push(date);
    date = nextRunDate(plan, dates.length, date);
  }
  return dates;
}

describe('nextRunDate', () => {
  it('runs a one-off transfer once, on its date', () => {
    const plan = { startDate: '2030-05-31', recurrence: null };
    expect(runDates(plan)).toEqual(['2030-05-31']);
  });

  it('keeps a monthly transfer on the 31st at each month end', () => {
    const plan = {
      startDate: '2031-01-31',
      recurrence: { frequency: 'monthly' as const, endDate: null, count: 5 },
    };
    expect(runDates(plan)).toEqual([
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
      '2031-04-30',
      '2031-05-31',
    ]);
  });

  it('stops at the end date (inclusive) or the count, whichever comes first', () => {
    const weekly = (endDate: string | null, count: number | null) => ({
      startDate: '2030-01-01',
      recurrence: { frequency: 'weekly' as const, endDate, count },
    });
    expect(runDates(weekly('2030-01-15', null))).toEqual([
      '2030-01-01',
      '2030-01-08',
      '2030-01-15',
    ]);
    expect(runDates(weekly('2030-12-31', 2))).toEqual(['2030-01-01', '2030-01-08']);
  });

  it('holds its rules over 2,000 random plans', () => {
    for (let seed = 1; seed <= 2000; seed += 1) {
      const next = random(seed);
      const plan = randomPlan(next);
      const dates = runDates(plan);
      const context = `seed ${seed}: ${JSON.stringify(plan)} -> ${dates.join(',')}`;
      expect(dates[0], context).toBe(plan.startDate);
      const r = plan.recurrence;
      if (!r) {
        expect(dates, context).toHaveLength(1);
        continue;
      }
      if (r.count !== null) expect(dates.length, context).toBeLessThanOrEqual(r.count);
      if (r.endDate !== null)
        expect(
          dates.every((d) => d <= r.endDate!),
          context,
        ).toBe(true);
      const ended = dates.length < 60;
      if (ended && r.count !== null && dates.length < r.count) {
        // It stopped before its count: only the end date can have stopped it.
        const after = nextRunDate(
          { startDate: plan.startDate, recurrence: { ...r, endDate: null } },
          dates.length,
          dates.at(-1)!,
        );
        expect(after! > r.endDate!, context).toBe(true);
      }
      const [sy, sm, sd] = plan.startDate.split('-').map(Number) as [number, number, number];
      dates.forEach((date, i) => {
        if (i > 0) expect(date > dates[i - 1]!, context).toBe(true);
        if (r.frequency === 'weekly')
          expect(daysBetween(plan.startDate, date), context).toBe(7 * i);
        if (r.frequency === 'biweekly')
          expect(daysBetween(plan.startDate, date), context).toBe(14 * i);
        if (r.frequency === 'monthly') {
          const index = sy * 12 + (sm - 1) + i;
          const [y, m, d] = date.split('-').map(Number) as [number, number, number];
          expect([y, m], context).toEqual([Math.floor(index / 12), (index % 12) + 1]);
          expect(d, context).toBe(Math.min(sd, daysInMonth(y, m)));
        }
      });
      // From any day, the next run is the first date of the sequence after it.
      const probe = addDays(plan.startDate, Math.floor(next() * 900) - 30);
      const doneBefore = dates.filter((d) => d <= probe).length;
      if (dates.length === 60 && doneBefore === 60) continue;
      const expected = dates.find((d) => d > probe) ?? null;
      expect(nextRunDate(plan, doneBefore, probe), `${context} after ${probe}`).toBe(expected);
    }
  });
});

describe('a new schedule', () => {
  const data = (endDate: string) => ({
    customerId: '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02',
    scheduleId: '9c1e2f3a-4b5c-4d6e-8f70-000000000001',
    fromAccountId: '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01',
    destination: {
      type: 'between-accounts' as const,
      toAccountId: '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e02',
      toAccountName: 'Savings',
    },
    amountCents: 1000,
    memo: '',
    startDate: '2026-12-01',
    recurrence: { frequency: 'monthly' as const, endDate, count: null },
  });

  it('ends at most ten years after its first transfer, as a count of 520 weekly ones does', () => {
    expect(decideNewSchedule(data('2036-12-01'), '2026-11-30')).toHaveLength(1);
    for (const end of ['2036-12-02', '9999-12-31']) {
      expect(() => decideNewSchedule(data(end), '2026-11-30')).toThrow(
        'The end date can be at most 10 years after the transfer date.',
      );
    }
  });
});

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const fromAccountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';

/** The state of a schedule of `plan` between the customer's accounts, set up on its start date. */
function scheduledState(seed: number, plan: SchedulePlan) {
  return stateAfter(
    transferScheduleAggregate,
    ...decideNewSchedule(
      {
        customerId,
        scheduleId: `9c1e2f3a-4b5c-4d6e-8f70-${String(seed).padStart(12, '0')}`,
        destination: {
          type: 'between-accounts',
          toAccountId: fromAccountId,
          toAccountName: 'Savings',
        },
        ...plan,
      },
      plan.startDate,
    ),
  );
}

describe('changing a schedule', () => {
  it('never moves a plan back onto a date whose transfer already ran (300 random histories)', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = random(seed);
      const start = addDays('2026-01-05', Math.floor(next() * 300));
      const plan: SchedulePlan = {
        fromAccountId,
        amountCents: 1000,
        memo: '',
        startDate: start,
        recurrence: { frequency: 'weekly', endDate: null, count: null },
      };
      let state = scheduledState(seed, plan);
      // Some occurrences run or fail, each on its date, as the jobs do.
      const runs = Math.floor(next() * 4);
      for (let i = 0; i < runs; i += 1) {
        const date = state.nextDate!;
        const handled =
          next() < 0.7
            ? decideRan(state, date, {
                transferId: fromAccountId,
                reference: 'TRF-1',
                amountCents: 1000,
              })
            : decideFailed(state, date, 'Insufficient funds');
        state = handled.reduce(transferScheduleAggregate.evolve, state);
      }
      const lastRun = runs === 0 ? null : addDays(start, 7 * (runs - 1));
      const today = lastRun ?? start;
      const newStart = addDays(today, Math.floor(next() * 10) - 2);
      const context = `seed ${seed}: ran until ${lastRun}, today ${today}, moved to ${newStart}`;
      const change = () =>
        decideChangeSchedule(state, customerId, { ...plan, startDate: newStart }, today);
      if (newStart < today) {
        expect(change, context).toThrow();
      } else if (lastRun !== null && newStart <= lastRun) {
        expect(change, context).toThrow(SCHEDULE_ALREADY_RAN_ON_DATE);
      } else {
        const [changed] = change();
        expect(changed!.data.nextDate, context).toBe(newStart);
      }
    }
  });
});

describe('a failed occurrence', () => {
  it('ends the series at a permanent refusal, never at a temporary one (1,000 random histories)', () => {
    for (let seed = 1; seed <= 1_000; seed += 1) {
      const next = random(seed);
      const plan: SchedulePlan = {
        fromAccountId,
        amountCents: 1000,
        memo: '',
        ...randomPlan(next),
      };
      let state = scheduledState(seed, plan);
      // What would happen if nothing stopped it: every date of the plan (an endless one's first).
      const planned = runDates(plan, 120);
      const endless = planned.length === 120;
      const last = endless ? 80 : planned.length;
      const permanentAt = next() < 0.6 ? Math.floor(next() * (Math.min(last, 40) + 2)) : Infinity;
      const handled: string[] = [];
      const context = `seed ${seed}: ${JSON.stringify(plan.recurrence)} from ${plan.startDate}`;
      while (state.nextDate !== null && handled.length < last) {
        const date = state.nextDate;
        const permanent = handled.length === permanentAt;
        const events = permanent
          ? decideFailed(state, date, 'The account is no longer available.', { stops: true })
          : next() < 0.5
            ? decideRan(state, date, { transferId: fromAccountId, reference: 'T', amountCents: 1 })
            : decideFailed(state, date, 'Insufficient funds', { stops: false });
        state = events.reduce(transferScheduleAggregate.evolve, state);
        handled.push(date);
        if (permanent) {
          // Never runs again: nothing is due on any date of the plan.
          expect(state.nextDate, context).toBeNull();
          for (const later of planned) expect(isDue(state, later), context).toBe(false);
          // Stopped when it cut off a date the plan still had; a last date just ends it.
          const cutOff = endless || handled.length < planned.length;
          expect(state.stopped, context).toBe(cutOff);
          expect((events[0]!.data as { stopped?: true }).stopped, context).toBe(
            cutOff || undefined,
          );
        } else {
          expect(state.stopped, context).toBe(false);
        }
      }
      if (permanentAt < handled.length) {
        expect(handled, context).toEqual(planned.slice(0, permanentAt + 1));
      } else {
        // Temporary failures never end it: every date of the plan is handled in turn, and a count
        // or an end date still ends it there.
        expect(handled, context).toEqual(planned.slice(0, last));
        expect(state.stopped, context).toBe(false);
        if (!endless) expect(state.nextDate, context).toBeNull();
      }
    }
  });
});
