import { RECURRING_FREQUENCIES } from '@bank/contracts';
import {
  BillPaymentScheduleAdvanced,
  BillPaymentScheduled,
  MoneyMovementRecorded,
  type RecurringFrequency,
} from '@bank/events';
import { Prng } from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { stateAfter } from '../../kernel/decider-specification.ts';
import { activityAggregate } from '../transfers/limits.ts';
import { clampedDay, occurrenceDate, type IsoDate } from './calendar.ts';
import type { PayeesState } from './payees.ts';
import { billPaymentFingerprint } from './payment.ts';
import type { BillScheduleState, LivePayment, PlannedPayment } from './schedule.ts';
import {
  billScheduleAggregate,
  decideChange,
  DUPLICATE_HORIZON_YEARS,
  DUPLICATE_SCHEDULE,
  liveAutopays,
  liveSchedules,
  paidToday,
  requireNoDuplicatePayment,
} from './schedule.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const accountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
const water = { payeeId: '7f1c2b3a-4d5e-4f60-8a1b-2c3d4e5f6a70', name: 'Harbor Water' };
const power = { payeeId: '8a2d3c4b-5e6f-4a71-9b2c-3d4e5f6a7b81', name: 'City Power' };
const today = '2027-01-01';
/** A UUID told by its number. */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Recurrence = PlannedPayment['recurrence'];

function schedule(
  paymentId: string,
  payee: typeof water,
  amountCents: number,
  firstDate: IsoDate,
  recurrence: Recurrence,
): BillScheduleState {
  return stateAfter(
    billScheduleAggregate,
    BillPaymentScheduled.create({
      customerId,
      paymentId,
      payeeId: payee.payeeId,
      payeeName: payee.name,
      category: 'utilities',
      fromAccountId: accountId,
      amountCents,
      memo: null,
      firstDate,
      recurrence,
    }),
  );
}

function payees(
  ...autopays: { payee: typeof water; day: number; amountCents: number; firstDate: IsoDate }[]
): PayeesState {
  const all = Object.fromEntries(
    autopays.map(({ payee, day, amountCents, firstDate }) => [
      payee.payeeId,
      {
        ...payee,
        defaultAmountCents: null,
        autopay: { day, amountCents, fromAccountId: accountId, firstDate },
      },
    ]),
  );
  return { payees: all } as unknown as PayeesState;
}

/** The customer's movements after bill payments made today (noon in New York). */
function paid(...payments: { payee: typeof water; amountCents: number }[]) {
  return stateAfter(
    activityAggregate,
    ...payments.map((p, i) =>
      MoneyMovementRecorded.create({
        customerId,
        movementId: id(900 + i),
        category: 'bill-pay',
        amount: p.amountCents,
        fingerprint: billPaymentFingerprint(p.payee.payeeId, p.amountCents),
        at: `${today}T17:00:00.000Z`,
      }),
    ),
  );
}

function refusal(planned: PlannedPayment, live: LivePayment[]): string | null {
  try {
    requireNoDuplicatePayment(planned, live);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError) || error.reason !== DUPLICATE_SCHEDULE) throw error;
    return error.message;
  }
}

const monthly = (endDate: IsoDate | null = null) => ({
  frequency: 'monthly' as const,
  endDate,
});
const planned = (
  payee: typeof water,
  amountCents: number,
  firstDate: IsoDate,
  recurrence: Recurrence = null,
): PlannedPayment => ({ payeeId: payee.payeeId, amountCents, firstDate, recurrence });

describe('a payment that repeats what already pays the payee', () => {
  it('is asked about when the payee AutoPay pays it: a monthly plan of its amount, or a one-off on its day', () => {
    const autopay = liveAutopays(
      payees({ payee: water, day: 10, amountCents: 55_00, firstDate: '2027-01-10' }),
      today,
    );
    expect(refusal(planned(water, 55_00, '2027-01-10', monthly()), autopay)).toBe(
      'This payment appears to be a duplicate: AutoPay already pays $55.00 to Harbor Water monthly, next on Jan 10, 2027.',
    );
    expect(refusal(planned(water, 55_00, '2027-03-10'), autopay)).toBe(
      'This payment appears to be a duplicate: AutoPay already pays $55.00 to Harbor Water on Mar 10, 2027.',
    );
    expect(refusal(planned(water, 55_00, '2027-03-11'), autopay)).toBeNull();
    expect(refusal(planned(water, 56_00, '2027-03-10'), autopay)).toBeNull();
    expect(refusal(planned(power, 55_00, '2027-03-10'), autopay)).toBeNull();
  });

  it('is asked about when the same was paid today, and only for a payment dated today', () => {
    const madeToday = paidToday(paid({ payee: water, amountCents: 12_34 }), water, 12_34, today);
    expect(refusal(planned(water, 12_34, today), madeToday)).toBe(
      'This payment appears to be a duplicate: $12.34 to Harbor Water was already paid today.',
    );
    expect(refusal(planned(water, 12_34, '2027-01-02'), madeToday)).toBeNull();
    expect(paidToday(paid({ payee: water, amountCents: 12_34 }), water, 12_35, today)).toEqual([]);
    expect(paidToday(paid({ payee: power, amountCents: 12_34 }), water, 12_34, today)).toEqual([]);
    expect(
      paidToday(paid({ payee: water, amountCents: 12_34 }), water, 12_34, '2027-01-02'),
    ).toEqual([]);
  });

  it('is asked about when a new repeating plan later reaches a one-off, within its end', () => {
    const oneOff = liveSchedules([schedule(id(1), water, 99_00, '2027-06-15', null)]);
    expect(refusal(planned(water, 99_00, '2027-01-15', monthly()), oneOff)).toBe(
      'This payment appears to be a duplicate: $99.00 to Harbor Water is already scheduled on Jun 15, 2027.',
    );
    expect(refusal(planned(water, 99_00, '2027-01-15', monthly('2027-05-31')), oneOff)).toBeNull();
    expect(refusal(planned(water, 99_00, '2027-01-16', monthly()), oneOff)).toBeNull();
  });

  it('leaves a schedule out once it is paid to its end', () => {
    const state = schedule(id(2), water, 99_00, '2027-01-15', null);
    const advanced = billScheduleAggregate.evolve(
      state,
      BillPaymentScheduleAdvanced.create({
        customerId,
        paymentId: id(2),
        date: '2027-01-15',
        nextDate: null,
      }) as Parameters<typeof billScheduleAggregate.evolve>[1],
    );
    expect(liveSchedules([advanced])).toEqual([]);
  });

  it('asks about an edit that makes a schedule repeat another, not about the schedule itself nor a change of account alone', () => {
    const edited = schedule(id(3), water, 40_00, '2027-02-01', monthly());
    const other = schedule(id(4), water, 55_00, '2027-03-01', null);
    const live = liveSchedules([edited, other]);
    const plan = { fromAccountId: accountId, startDate: '2027-02-01', recurrence: monthly() };
    const change = (amountCents: number, fromAccountId = accountId) =>
      decideChange(
        edited,
        customerId,
        { ...plan, fromAccountId, amountCents },
        { payee: { paid: true }, today, live },
      );
    expect(() => change(55_00)).toThrow(
      'This payment appears to be a duplicate: $55.00 to Harbor Water is already scheduled on Mar 1, 2027.',
    );
    // Its own plan is no duplicate of itself, whatever account it pays from.
    expect(change(40_00, '1e0b4e6f-8a73-4e4f-8c2d-4a3b8d2e1f12')).toHaveLength(1);
    expect(change(41_00)).toHaveLength(1);
    // Confirmed: no live payments given, nothing is asked.
    expect(
      decideChange(
        edited,
        customerId,
        { ...plan, amountCents: 55_00 },
        { payee: { paid: true }, today },
      ),
    ).toHaveLength(1);
  });
});

/** Every date a plan pays from `from` up to `until`, listed one by one (the test's own model). */
function datesOf(
  start: IsoDate,
  recurrence: Recurrence,
  from: IsoDate,
  until: IsoDate,
): Set<IsoDate> {
  const dates = new Set<IsoDate>();
  if (!recurrence) {
    if (start >= from && start <= until) dates.add(start);
    return dates;
  }
  for (let n = 0; ; n += 1) {
    const date = occurrenceDate(start, recurrence.frequency, n);
    if (date > until || (recurrence.endDate !== null && date > recurrence.endDate)) break;
    if (date >= from) dates.add(date);
  }
  return dates;
}

function autopayDates(day: number, firstDate: IsoDate, from: IsoDate, until: IsoDate) {
  const dates = new Set<IsoDate>();
  for (let y = 2027; y <= 2031; y += 1) {
    for (let m = 1; m <= 12; m += 1) {
      const date = clampedDay(y, m, day);
      if (date >= firstDate && date >= from && date <= until) dates.add(date);
    }
  }
  return dates;
}

describe('which payments are asked about, over random plans', () => {
  it('asks iff the payment pays the same payee the same amount as another live plan, repeating as often or on a day both pay', () => {
    const frequencies: (RecurringFrequency | null)[] = [null, ...RECURRING_FREQUENCIES];
    const dateIn = (random: Prng, days: number) =>
      random.chance(0.15)
        ? today
        : new Date(Date.parse(`${today}T00:00:00Z`) + random.int(0, days) * 86_400_000)
            .toISOString()
            .slice(0, 10);
    const recurrenceOf = (random: Prng, start: IsoDate): Recurrence => {
      const frequency = random.pick(frequencies);
      if (!frequency) return null;
      const end = random.chance(0.3) ? dateIn(random, 400) : null;
      return { frequency, endDate: end && end >= start ? end : null };
    };
    let asked = 0;
    for (let seed = 1; seed <= 400; seed += 1) {
      const random = new Prng(seed);
      const payee = () => random.pick([water, power]);
      const amount = () => random.pick([55_00, 99_00]);

      const states: BillScheduleState[] = [];
      for (let i = random.int(0, 3); i > 0; i -= 1) {
        const start = dateIn(random, 200);
        states.push(schedule(id(10 + i), payee(), amount(), start, recurrenceOf(random, start)));
      }
      const autopays = (random.chance(0.5) ? [water] : []).map((p) => ({
        payee: p,
        day: random.int(1, 31),
        amountCents: amount(),
        firstDate: dateIn(random, 60),
      }));
      const made = random.chance(0.4) ? [{ payee: water, amountCents: amount() }] : [];

      const firstDate = dateIn(random, 200);
      const plan = planned(payee(), amount(), firstDate, recurrenceOf(random, firstDate));
      const payeeOfPlan = plan.payeeId === water.payeeId ? water : power;
      const live = [
        ...liveSchedules(states),
        ...liveAutopays(payees(...autopays), today),
        ...(firstDate === today
          ? paidToday(paid(...made), payeeOfPlan, plan.amountCents, today)
          : []),
      ];

      // The model: each plan's dates listed one by one up to the horizon, and compared.
      const until = occurrenceDate(firstDate, 'yearly', DUPLICATE_HORIZON_YEARS);
      const mine = datesOf(firstDate, plan.recurrence, today, until);
      const others = [
        ...states.map((s) => ({
          payeeId: s.schedule!.payeeId,
          amountCents: s.plan!.amountCents,
          frequency: s.plan!.recurrence?.frequency ?? null,
          dates: datesOf(s.plan!.startDate, s.plan!.recurrence, today, until),
        })),
        ...autopays.map((a) => ({
          payeeId: a.payee.payeeId,
          amountCents: a.amountCents,
          frequency: 'monthly' as const,
          dates: autopayDates(a.day, a.firstDate, today, until),
        })),
        ...made.map((m) => ({
          payeeId: m.payee.payeeId,
          amountCents: m.amountCents,
          frequency: null,
          dates: new Set([today]),
        })),
      ];
      const expected = others.some(
        (o) =>
          o.payeeId === plan.payeeId &&
          o.amountCents === plan.amountCents &&
          ((plan.recurrence !== null && o.frequency === plan.recurrence.frequency) ||
            [...mine].some((d) => o.dates.has(d))),
      );
      const message = refusal(plan, live);
      expect(message !== null, `seed ${seed}: ${message}`).toBe(expected);
      if (expected) asked += 1;
    }
    // The run met both answers often enough to mean something.
    expect(asked).toBeGreaterThan(40);
    expect(asked).toBeLessThan(360);
  });
});
