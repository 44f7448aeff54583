import { BILL_PAY_MESSAGES, RECURRING_FREQUENCIES } from '@bank/contracts';
import {
  AccountCredited,
  AccountOpened,
  BillPaymentScheduled,
  BillPayeeAdded,
  BillPayeeFirstPaid,
  BillPayeeRemoved,
  type EventData,
} from '@bank/events';
import { Prng } from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { deciderSpecification, stateAfter } from '../../kernel/decider-specification.ts';
import { accountAggregate, decideAccount } from '../account/account.ts';
import {
  activityAggregate,
  DAILY_LIMIT_MESSAGE,
  decideMovement,
  type ActivityState,
} from '../transfers/limits.ts';
import {
  AUTOPAY_AMOUNT_REQUIRED,
  decidePayees,
  NEW_PAYEE_FIRST_PAYMENT_CENTS,
  NEW_PAYEE_LIMIT_MESSAGE,
  payeesAggregate,
  payeesToHash,
  type Payee,
} from './payees.ts';
import {
  decideOccurrence,
  decideSchedule,
  END_BEFORE_START,
  PAST_DATE,
  TOO_FAR,
  type OccurrenceLimits,
} from './payment.ts';
import { isAutopayDate, nextAutopayDate, nextOccurrence, occurrenceDate } from './calendar.ts';
import { billScheduleAggregate, decideAdvanced, isDue } from './schedule.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const accountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
const payeeId = '7f1c2b3a-4d5e-4f60-8a1b-2c3d4e5f6a70';
const paymentId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const payees = deciderSpecification(payeesAggregate, decidePayees);
const movements = deciderSpecification(activityAggregate, decideMovement);

const opening = AccountOpened.create({
  accountId,
  customerId,
  accountNumber: '100000000001',
  routingNumber: '021000021',
  name: 'Premium Checking',
  type: 'checking',
  productCode: 'premium_checking',
  currency: 'USD',
});

function account(balance: number) {
  return stateAfter(
    accountAggregate,
    opening,
    AccountCredited.create({
      accountId,
      entryId: crypto.randomUUID(),
      amount: balance,
      description: 'seed',
      kind: 'deposit',
      contra: 'cash:teller',
      reference: 'DEP-1',
    }),
  );
}

const payee = {
  customerId,
  payeeId,
  name: 'City Power',
  displayName: null,
  category: 'utilities' as const,
  accountNumberEncrypted: 'v1:x:y:z',
  accountNumberHash: 'hmac-sha256:city-power-5678-1234',
  accountLast4: '1234',
  address: null,
  city: null,
  state: null,
  zipCode: null,
  phone: null,
  defaultAmountCents: null,
  autopay: null,
};

const schedule = {
  customerId,
  paymentId,
  payeeId,
  payeeName: 'City Power',
  category: 'utilities' as const,
  fromAccountId: accountId,
  amountCents: 5000,
  memo: null,
  firstDate: '2025-03-10',
  recurrence: null,
};

const occurrence = {
  customerId,
  source: 'scheduled' as const,
  scheduleId: paymentId,
  payeeId,
  payeeName: 'City Power',
  category: 'utilities' as const,
  fromAccountId: accountId,
  amountCents: 5000,
  date: '2025-03-10',
  nextDate: null,
};
const ids = {
  entryId: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  reference: 'BIL-TEST',
  notificationId: '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e',
};

describe('payees', () => {
  it('adds a payee and removes it; a removed payee is not found', () => {
    const added = payees
      .given()
      .when({ type: 'AddPayee', data: payee })
      .then([{ type: 'BillPayeeAdded' }]);
    const withPayee = payees.given(...added);
    const removed = withPayee
      .when({ type: 'RemovePayee', customerId, payeeId })
      .then([{ type: 'BillPayeeRemoved', data: { payeeId } }]);
    const after = withPayee.and(...removed);
    expect(after.state.payees[payeeId]).toBeUndefined();
    after.when({ type: 'RemovePayee', customerId, payeeId }).thenThrows(/not found/);
  });

  it('refuses the same payee again (name in any case or spacing, same full account number)', () => {
    const added = payees
      .given()
      .when({ type: 'AddPayee', data: { ...payee, autopay: null } })
      .then([{ type: 'BillPayeeAdded' }]);
    const again = (over: Partial<EventData<'BillPayeeAdded'>>) =>
      payees.given(...added).when({
        type: 'AddPayee',
        data: { ...payee, payeeId: crypto.randomUUID(), ...over },
      });
    for (const name of ['City Power', ' city  POWER ']) {
      again({ name }).thenRefuses(BILL_PAY_MESSAGES.payeeExists, 'account_number');
    }
    again({ name: 'City Power', displayName: 'My flat' }).thenRefuses(
      BILL_PAY_MESSAGES.payeeExists,
    );
    again({ accountNumberHash: 'hmac-sha256:other', accountLast4: '9999' }).then([
      { type: 'BillPayeeAdded' },
    ]);
    // Another account at the same company that ends in the same four digits is its own payee,
    // once a nickname tells the two apart where they are listed (name and last four).
    const other = { accountNumberHash: 'hmac-sha256:city-power-9999-1234' };
    for (const displayName of [null, 'CITY  power']) {
      again({ ...other, displayName }).thenRefuses(
        BILL_PAY_MESSAGES.nicknameNeeded,
        'display_name',
      );
    }
    again({ ...other, displayName: 'Rental flat' }).then([{ type: 'BillPayeeAdded' }]);
    const nicknamed = payees
      .given(...added)
      .and(...again({ ...other, displayName: 'Rental flat' }).then([{ type: 'BillPayeeAdded' }]));
    nicknamed
      .when({
        type: 'AddPayee',
        data: {
          ...payee,
          payeeId: crypto.randomUUID(),
          accountNumberHash: 'hmac-sha256:third',
          displayName: 'rental  FLAT',
        },
      })
      .thenRefuses(BILL_PAY_MESSAGES.nicknameNeeded, 'display_name');
    again({ name: 'City Water' }).then([{ type: 'BillPayeeAdded' }]);

    // Once removed, it may be added again.
    const removed = payees
      .given(...added)
      .when({ type: 'RemovePayee', customerId, payeeId })
      .then([{ type: 'BillPayeeRemoved' }]);
    payees
      .given(...added, ...removed)
      .when({ type: 'AddPayee', data: { ...payee, payeeId: crypto.randomUUID() } })
      .then([{ type: 'BillPayeeAdded' }]);
  });

  it('renames a payee, so two look-alikes added before nicknames were asked for can be told apart', () => {
    const twinId = crypto.randomUUID();
    // Both added before the rule: same company, both accounts ending in 1234, no nickname.
    const older = [
      BillPayeeAdded.create(payee),
      BillPayeeAdded.create({
        ...payee,
        payeeId: twinId,
        accountNumberHash: 'hmac-sha256:city-power-other-1234',
      }),
    ];
    const rename = (id: string, displayName: string | null) =>
      ({ type: 'RenamePayee', customerId, payeeId: id, displayName }) as const;
    const renamed = payees
      .given(...older)
      .when(rename(twinId, 'Rental flat'))
      .then([{ type: 'BillPayeeRenamed', data: { payeeId: twinId, displayName: 'Rental flat' } }]);
    const after = payees.given(...older, ...renamed);
    expect(after.state.payees[twinId]).toMatchObject({ name: 'Rental flat' });
    expect(after.state.payees[payeeId]).toMatchObject({ name: 'City Power' });
    // A name that would make them look alike again is refused on the nickname field.
    for (const displayName of [null, ' city  POWER']) {
      after
        .when(rename(twinId, displayName))
        .thenRefuses(BILL_PAY_MESSAGES.nicknameNeeded, 'display_name');
    }
    after
      .when(rename(payeeId, 'rental FLAT'))
      .thenRefuses(BILL_PAY_MESSAGES.nicknameNeeded, 'display_name');
    // The same name again records nothing; a payee of another company may share a nickname.
    after.when(rename(twinId, 'Rental flat')).then([]);
    const water = BillPayeeAdded.create({
      ...payee,
      payeeId: crypto.randomUUID(),
      name: 'City Water',
      accountNumberHash: 'hmac-sha256:water',
    });
    payees
      .given(...older, ...renamed, water)
      .when(rename(water.data.payeeId, 'Rental flat'))
      .then([{ type: 'BillPayeeRenamed' }]);
    // Without its nickname a payee shows its company's name again.
    const home = payees.given(BillPayeeAdded.create({ ...payee, displayName: 'Home' }));
    const unnamed = home
      .when(rename(payeeId, null))
      .then([{ type: 'BillPayeeRenamed', data: { displayName: null } }]);
    expect(home.and(...unnamed).state.payees[payeeId]!.name).toBe('City Power');
    // An unknown or removed payee is not found.
    expect(() => decidePayees(rename(crypto.randomUUID(), 'X'), after.state)).toThrow(DomainError);
  });

  it('compares a payee added before account hashes by the hash the service makes of its number', () => {
    const { accountNumberHash: hashed, ...withoutHash } = payee;
    const earlier = BillPayeeAdded.create(withoutHash);
    const state = payees.given(earlier).state;
    expect(payeesToHash(state, ' CITY power ').map((p) => p.payeeId)).toEqual([payeeId]);
    expect(payeesToHash(state, 'City Water')).toEqual([]);
    const add = (earlierAccountHashes: Record<string, string>, accountNumberHash: string) =>
      payees.given(earlier).when({
        type: 'AddPayee',
        // Another account ending in the same four digits: a nickname tells the two apart.
        data: { ...payee, payeeId: crypto.randomUUID(), accountNumberHash, displayName: 'Shop' },
        earlierAccountHashes,
      });
    add({ [payeeId]: hashed }, hashed).thenRefuses(BILL_PAY_MESSAGES.payeeExists, 'account_number');
    add({ [payeeId]: hashed }, 'hmac-sha256:city-power-9999-1234').then([
      { type: 'BillPayeeAdded' },
    ]);
    const added = payees
      .given(earlier)
      .and(...add({ [payeeId]: hashed }, 'hmac-sha256:x').then([{ type: 'BillPayeeAdded' }]));
    expect(payeesToHash(added.state, 'City Power').map((p) => p.payeeId)).toEqual([payeeId]);
  });

  it('refuses AutoPay with no amount to pay', () => {
    const autopay = {
      day: 15,
      amountCents: null,
      fromAccountId: accountId,
      firstDate: '2025-03-15',
    };
    payees
      .given()
      .when({ type: 'AddPayee', data: { ...payee, autopay } })
      .thenThrows(AUTOPAY_AMOUNT_REQUIRED);
    payees
      .given()
      .when({ type: 'AddPayee', data: { ...payee, defaultAmountCents: 4200, autopay } })
      .then([{ type: 'BillPayeeAdded' }]);
  });
});

describe("a payee's AutoPay", () => {
  const setting = (
    over: Partial<NonNullable<EventData<'BillPayeeAutopayChanged'>['autopay']>>,
  ) => ({
    day: 15,
    amountCents: 42_00,
    fromAccountId: accountId,
    firstDate: '2025-03-15',
    ...over,
  });
  const change = (autopay: EventData<'BillPayeeAutopayChanged'>['autopay'], id = payeeId) =>
    ({ type: 'ChangeAutopay', customerId, payeeId: id, autopay }) as const;
  const added = BillPayeeAdded.create(payee);
  const otherAccountId = '3c1f9e2a-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

  it('turns on for a payee added without it, changes, and turns off', () => {
    const on = payees
      .given(added)
      .when(change(setting({})))
      .then([{ type: 'BillPayeeAutopayChanged', data: { payeeId, autopay: setting({}) } }]);
    const withAutopay = payees.given(added, ...on);
    expect(withAutopay.state.payees[payeeId]!.autopay).toEqual(setting({}));
    const moved = withAutopay
      .when(change(setting({ day: 1, amountCents: 55_00, fromAccountId: otherAccountId })))
      .then([
        { type: 'BillPayeeAutopayChanged', data: { autopay: { day: 1, amountCents: 55_00 } } },
      ]);
    expect(withAutopay.and(...moved).state.payees[payeeId]!.autopay).toMatchObject({
      day: 1,
      fromAccountId: otherAccountId,
    });
    const off = withAutopay
      .when(change(null))
      .then([{ type: 'BillPayeeAutopayChanged', data: { autopay: null } }]);
    expect(withAutopay.and(...off).state.payees[payeeId]!.autopay).toBeNull();
  });

  it('records nothing when the setting is the one it has (its first date aside)', () => {
    payees.given(added).when(change(null)).then([]);
    const on = BillPayeeAdded.create({ ...payee, autopay: setting({}) });
    payees
      .given(on)
      .when(change(setting({ firstDate: '2025-04-15' })))
      .then([]);
  });

  it('refuses an AutoPay with nothing to pay, or above the limits, on the AutoPay amount', () => {
    payees
      .given(added)
      .when(change(setting({ amountCents: null })))
      .thenRefuses(AUTOPAY_AMOUNT_REQUIRED, 'autopay_amount');
    payees
      .given(BillPayeeAdded.create({ ...payee, defaultAmountCents: 80_00 }))
      .when(change(setting({ amountCents: null })))
      .then([{ type: 'BillPayeeAutopayChanged' }]);
    // A payee never paid is held to the new-payee limit; once paid, to the bill pay limits.
    const aboveFirst = setting({ amountCents: NEW_PAYEE_FIRST_PAYMENT_CENTS + 1 });
    payees
      .given(added)
      .when(change(aboveFirst))
      .thenRefuses(NEW_PAYEE_LIMIT_MESSAGE, 'autopay_amount');
    const paid = BillPayeeFirstPaid.create({ customerId, payeeId, at: '2025-03-01T12:00:00Z' });
    payees
      .given(added, paid)
      .when(change(aboveFirst))
      .then([{ type: 'BillPayeeAutopayChanged' }]);
    payees
      .given(added, paid)
      .when(change(setting({ amountCents: 10_000_000_00 })))
      .thenRefuses(DAILY_LIMIT_MESSAGE, 'autopay_amount');
  });

  it('does not find a payee that is not this customer’s, or was removed', () => {
    payees
      .given(added)
      .when(change(setting({}), crypto.randomUUID()))
      .thenThrows(/not found/);
    payees
      .given(added, BillPayeeRemoved.create({ customerId, payeeId }))
      .when(change(null))
      .thenThrows(/not found/);
  });
});

describe('scheduling', () => {
  it('refuses a date more than a year ahead, naming the field, and takes the last one allowed', () => {
    const on = (firstDate: string) => () =>
      decideSchedule({ ...schedule, firstDate }, null, '2025-03-10');
    expect(on('9999-12-31')).toThrow(
      expect.objectContaining({ message: TOO_FAR, field: 'scheduled_date' }),
    );
    expect(on('2026-03-12')).toThrow(TOO_FAR);
    expect(on('2026-03-11')()).toHaveLength(1);
  });

  it('refuses a date before today and an end date before the start', () => {
    expect(() => decideSchedule(schedule, null, '2025-03-11')).toThrow(PAST_DATE);
    expect(() =>
      decideSchedule(
        { ...schedule, recurrence: { frequency: 'weekly', endDate: '2025-03-09' } },
        null,
        '2025-03-10',
      ),
    ).toThrow(END_BEFORE_START);
    expect(decideSchedule(schedule, null, '2025-03-10')).toHaveLength(1);
  });

  it('refuses an amount under one cent', () => {
    expect(() => decideSchedule({ ...schedule, amountCents: 0 }, null, '2025-03-01')).toThrow(
      DomainError,
    );
  });
});

const knownPayee: Payee = {
  payeeId,
  name: 'City Power',
  companyName: 'City Power',
  company: 'city power',
  last4: '1234',
  accountHash: 'hmac-sha256:city-power-5678-1234',
  accountNumberEncrypted: 'v1:x:y:z',
  category: 'utilities',
  defaultAmountCents: null,
  autopay: null,
  paid: true,
};
const now = new Date('2025-03-10T15:00:00Z');
const autopayPayee: Payee = {
  ...knownPayee,
  autopay: { day: 10, amountCents: 5000, fromAccountId: accountId, firstDate: '2025-03-10' },
};
const limits = (over: Partial<OccurrenceLimits> = {}): OccurrenceLimits => ({
  payee: knownPayee,
  activity: activityAggregate.initial(),
  now,
  checkDuplicate: false,
  ...over,
});

/** The activity after these bill payments (cents), each paid at `now`. */
function paidBefore(...amounts: number[]): ActivityState {
  let activity = movements.given();
  for (const [i, amountCents] of amounts.entries()) {
    const paid = decideOccurrence(
      { ...occurrence, amountCents },
      account(100_000_00),
      limits({ activity: activity.state }),
      { ...ids, entryId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` },
    );
    activity = activity.and(...paid.movement);
  }
  return activity.state;
}

describe('an occurrence', () => {
  it('pays from the account through clearing:bill_pay', () => {
    const result = decideOccurrence(occurrence, account(5000), limits(), ids);
    expect(result.outcome).toBe('paid');
    expect(result.account).toMatchObject([
      {
        type: 'AccountDebited',
        data: { amount: 5000, contra: 'clearing:bill_pay', kind: 'bill_payment' },
      },
    ]);
    expect(result.occurrence[0]!.type).toBe('BillPaymentPaid');
    expect(result.notification[0]!.data).toMatchObject({ type: 'bill_payment' });
  });

  it('fails without overdrawing when funds are short, and says so', () => {
    const result = decideOccurrence(occurrence, account(4999), limits(), ids);
    expect(result.outcome).toBe('failed');
    expect(result.account).toEqual([]);
    expect(result.occurrence[0]).toMatchObject({
      type: 'BillPaymentFailed',
      data: { reason: 'insufficient_funds' },
    });
    expect(result.notification[0]!.data).toMatchObject({
      type: 'bill_payment',
      title: 'Bill payment failed',
      priority: 'high',
    });
    // Written as the customer reads dates everywhere else, not as an ISO date.
    expect((result.notification[0]!.data as { message: string }).message).toContain(
      'due Mar 10, 2025 failed: insufficient funds in your',
    );
  });

  it('counts against the bill pay limit of the day and fails past it, up to the cent', () => {
    const activity = paidBefore(6_000_00, 3_999_99);
    const at = account(100_000_00);
    expect(decideOccurrence(occurrence, at, limits({ activity }), ids).outcome).toBe('failed');
    const fits = decideOccurrence({ ...occurrence, amountCents: 1 }, at, limits({ activity }), ids);
    expect(fits.outcome).toBe('paid');
    expect(fits.movement).toMatchObject([
      { type: 'MoneyMovementRecorded', data: { category: 'bill-pay', amount: 1 } },
    ]);
    const over = decideOccurrence({ ...occurrence, amountCents: 2 }, at, limits({ activity }), ids);
    expect(over).toMatchObject({ outcome: 'failed', account: [], movement: [] });
    expect(over.occurrence[0]!.data).toMatchObject({ reason: 'limit_exceeded' });
    expect(over.notification[0]!.data.message).toContain('exceeded your daily transaction limit');
    if (over.outcome === 'failed') expect(over.refusal.reason).toBe('daily_limit_exceeded');
  });

  it('holds a payee never paid to the new-payee limit for its first payment', () => {
    const newPayee = { ...knownPayee, paid: false };
    const at = account(100_000_00);
    const first = decideOccurrence(
      { ...occurrence, amountCents: 2_500_01 },
      at,
      limits({ payee: newPayee }),
      ids,
    );
    expect(first.outcome).toBe('failed');
    if (first.outcome === 'failed') expect(first.refusal.message).toBe(NEW_PAYEE_LIMIT_MESSAGE);
    const paid = decideOccurrence(
      { ...occurrence, amountCents: 2_500_00 },
      at,
      limits({ payee: newPayee }),
      ids,
    );
    expect(paid.payee).toMatchObject([{ type: 'BillPayeeFirstPaid', data: { payeeId } }]);
    const added = payees
      .given()
      .when({ type: 'AddPayee', data: payee })
      .then([{ type: 'BillPayeeAdded' }]);
    const state = payees.given(...added, ...paid.payee).state;
    expect(state.payees[payeeId]!.paid).toBe(true);
    const later = decideOccurrence(
      { ...occurrence, amountCents: 2_500_01 },
      at,
      limits({ payee: state.payees[payeeId]! }),
      ids,
    );
    expect(later).toMatchObject({ outcome: 'paid', payee: [] });
  });

  it('refuses an identical payment within 60 seconds when it has no Idempotency-Key', () => {
    const withFingerprint = limits({ checkDuplicate: true });
    const first = decideOccurrence(occurrence, account(10_000), withFingerprint, ids);
    const activity = stateAfter(activityAggregate, ...first.movement);
    expect(() =>
      decideOccurrence(occurrence, account(10_000), { ...withFingerprint, activity }, ids),
    ).toThrow(DomainError);
  });
});

describe('a scheduled payment refused on its date', () => {
  /** The accounts an occurrence may meet, and whether each refusal can ever go away. */
  const funded = account(100_000_00);
  const opened = stateAfter(accountAggregate, opening);
  const accounts = {
    paid: { state: funded, limits: limits() },
    insufficientFunds: { state: account(1), limits: limits() },
    limitExceeded: { state: funded, limits: limits({ activity: paidBefore(6_000_00, 4_000_00) }) },
    closed: {
      state: stateAfter(
        accountAggregate,
        opening,
        ...decideAccount({ type: 'Close', reason: 'owner_erased' }, opened),
      ),
      limits: limits(),
    },
    notTheirs: { state: { ...funded, customerId: payeeId }, limits: limits() },
  };
  const permanent = new Set(['closed', 'notTheirs']);

  it('ends at the first permanent refusal and never runs again; a temporary one never ends it (1,000 random histories)', () => {
    for (let seed = 1; seed <= 1_000; seed += 1) {
      const random = new Prng(seed);
      const firstDate = `2025-0${random.int(1, 9)}-${String(random.int(1, 28)).padStart(2, '0')}`;
      const frequency = random.pick(RECURRING_FREQUENCIES);
      const endDate = random.chance(0.5)
        ? null
        : occurrenceDate(firstDate, frequency, random.int(0, 12));
      const recurrence = random.chance(0.1) ? null : { frequency, endDate };
      let state = stateAfter(
        billScheduleAggregate,
        BillPaymentScheduled.create({ ...schedule, firstDate, recurrence }),
      );
      // Every date of the plan, had nothing stopped it (an endless one's first 40).
      const planned = [firstDate];
      for (let d = nextOccurrence(firstDate, recurrence, firstDate); d && planned.length < 40;) {
        planned.push(d);
        d = nextOccurrence(firstDate, recurrence, d);
      }
      const context = `seed ${seed}: ${firstDate} ${JSON.stringify(recurrence)}`;
      const kinds = Object.keys(accounts) as (keyof typeof accounts)[];
      const handled: string[] = [];
      let stoppedAt: number | null = null;
      while (state.nextDate !== null && handled.length < planned.length) {
        const date = state.nextDate;
        expect(date, context).toBe(planned[handled.length]);
        expect(isDue(state, date), context).toBe(true);
        const kind = random.chance(0.15) ? random.pick([...permanent]) : random.pick(kinds);
        const met = accounts[kind as keyof typeof accounts];
        const nextDate = nextOccurrence(firstDate, recurrence, date);
        const result = decideOccurrence(
          { ...occurrence, date, nextDate },
          met.state,
          met.limits,
          ids,
        );
        const stopped = result.outcome === 'failed' && result.stopped;
        const advanced = decideAdvanced(state, date, { stopped });
        state = advanced.reduce(billScheduleAggregate.evolve, state);
        handled.push(date);
        expect(result.outcome, context).toBe(kind === 'paid' ? 'paid' : 'failed');
        const failed = result.occurrence[0]!.data as EventData<'BillPaymentFailed'>;
        if (permanent.has(kind)) {
          // Nothing is due on any later date, and no job is asked for (no next date).
          expect(state.nextDate, context).toBeNull();
          for (const later of planned) expect(isDue(state, later), context).toBe(false);
          expect(failed.nextDate, context).toBeNull();
          // Stopped when it cut off a date the plan still had; a last date just ends it.
          const cutOff = nextDate !== null;
          expect(stopped, context).toBe(cutOff);
          expect(state.stopped, context).toBe(cutOff);
          expect(failed.stopped, context).toBe(cutOff || undefined);
          expect(result.notification[0]!.data, context).toMatchObject({
            title: cutOff ? 'Repeating bill payment stopped' : 'Bill payment failed',
          });
          stoppedAt = handled.length;
        } else {
          expect(stopped, context).toBe(false);
          expect(state.stopped, context).toBe(false);
          expect(state.nextDate, context).toBe(nextDate);
          expect(result.occurrence[0]!.data.nextDate, context).toBe(nextDate);
        }
      }
      // Temporary refusals never end it: every date of the plan is handled in turn (an end
      // date or a one-off still ends it there); a permanent one ends it at that date.
      expect(handled, context).toEqual(planned.slice(0, stoppedAt ?? planned.length));
    }
  });

  it('tells the customer why, and that the payment has stopped, when its account is closed', () => {
    const result = decideOccurrence(
      { ...occurrence, nextDate: '2025-04-10' },
      accounts.closed.state,
      limits(),
      ids,
    );
    expect(result.notification[0]!.data).toMatchObject({
      title: 'Repeating bill payment stopped',
      message:
        'Your $50.00 payment to City Power due Mar 10, 2025 failed: your Premium Checking is closed. Nothing was taken from your account. This repeating payment has been stopped; schedule a new one if you still need it.',
      priority: 'high',
    });
    expect(result.occurrence[0]!.data).toMatchObject({ reason: 'account_closed', stopped: true });
    // An account not theirs is not named to them, and is never debited.
    const gone = decideOccurrence(
      { ...occurrence, nextDate: '2025-04-10' },
      accounts.notTheirs.state,
      limits(),
      ids,
    );
    expect(gone.account).toEqual([]);
    expect(gone.occurrence[0]!.data).toMatchObject({ reason: 'account_gone', stopped: true });
    expect((gone.notification[0]!.data as { message: string }).message).toContain(
      'failed: the account is no longer available. Nothing was taken',
    );
  });

  it('turns a payee’s AutoPay off at the first permanent refusal, and never pays it after; a temporary one keeps it on (1,000 random histories)', () => {
    let stoppedInAll = 0;
    let turnedOnAgain = 0;
    for (let seed = 1; seed <= 1_000; seed += 1) {
      const random = new Prng(seed);
      /** An AutoPay on a random day, from its first such day after `after`. */
      const setting = (after: string) => {
        const day = random.int(1, 31);
        return {
          day,
          amountCents: 5000,
          fromAccountId: accountId,
          firstDate: nextAutopayDate(day, after),
        };
      };
      let state = stateAfter(
        payeesAggregate,
        BillPayeeAdded.create({
          ...payee,
          autopay: setting(
            `2025-0${random.int(1, 9)}-${String(random.int(1, 28)).padStart(2, '0')}`,
          ),
        }),
        BillPayeeFirstPaid.create({ customerId, payeeId, at: now.toISOString() }),
      );
      const context = `seed ${seed}`;
      // The date the AutoPay job would run next (null: none is queued), as the scheduler reads it.
      let queued: string | null = state.payees[payeeId]!.autopay!.firstDate;
      let runs = 0;
      while (queued !== null && runs < 30) {
        const date: string = queued;
        const current = state.payees[payeeId]!;
        // The job pays only what the payee's AutoPay is still set for on that date.
        expect(current.autopay, context).not.toBeNull();
        expect(isAutopayDate(current.autopay!, date), context).toBe(true);
        const kind = random.chance(0.1)
          ? random.pick([...permanent])
          : random.pick(Object.keys(accounts) as (keyof typeof accounts)[]);
        const met = accounts[kind as keyof typeof accounts];
        const nextDate = nextAutopayDate(current.autopay!.day, date);
        const result = decideOccurrence(
          { ...occurrence, source: 'autopay', scheduleId: payeeId, date, nextDate },
          met.state,
          { ...met.limits, payee: current },
          ids,
        );
        runs += 1;
        state = result.payee.reduce(payeesAggregate.evolve, state);
        const handled = result.occurrence[0]!.data;
        expect(result.outcome, context).toBe(kind === 'paid' ? 'paid' : 'failed');
        if (permanent.has(kind)) {
          stoppedInAll += 1;
          // Off in the same append as the failure, which names no next date: no job is queued.
          expect(result.stopped, context).toBe(true);
          expect(result.payee, context).toMatchObject([
            { type: 'BillPayeeAutopayChanged', data: { payeeId, autopay: null } },
          ]);
          expect(state.payees[payeeId]!.autopay, context).toBeNull();
          expect(handled, context).toMatchObject({ nextDate: null, stopped: true });
          expect(result.notification[0]!.data, context).toMatchObject({
            title: 'AutoPay turned off',
          });
          queued = handled.nextDate;
          // Only the customer turns it on again (with another account, from a later date).
          if (random.chance(0.5)) {
            const turnedOn = decidePayees(
              {
                type: 'ChangeAutopay',
                customerId,
                payeeId,
                autopay: setting(date),
              },
              state,
            );
            state = turnedOn.reduce(payeesAggregate.evolve, state);
            queued = state.payees[payeeId]!.autopay!.firstDate;
            turnedOnAgain += 1;
          }
        } else {
          // Paid, or refused for now: AutoPay stays on, on to next month.
          expect(result.outcome === 'failed' && result.stopped, context).toBe(false);
          expect(
            result.payee.filter((e) => e.type === 'BillPayeeAutopayChanged'),
            context,
          ).toEqual([]);
          expect(state.payees[payeeId]!.autopay, context).toEqual(current.autopay);
          expect(handled.nextDate, context).toBe(nextDate);
          expect(result.notification[0]!.data, context).not.toMatchObject({
            title: 'AutoPay turned off',
          });
          queued = handled.nextDate;
        }
      }
      // It ran until a permanent refusal left it off (no job queued), or for 30 months.
      expect(queued === null || runs === 30, context).toBe(true);
      if (queued === null) expect(state.payees[payeeId]!.autopay, context).toBeNull();
    }
    expect(stoppedInAll).toBeGreaterThan(100);
    expect(turnedOnAgain).toBeGreaterThan(50);
  });

  it('tells the customer once that AutoPay was turned off, and why', () => {
    const result = decideOccurrence(
      { ...occurrence, source: 'autopay', scheduleId: payeeId, nextDate: '2025-04-10' },
      accounts.closed.state,
      limits({ payee: autopayPayee }),
      ids,
    );
    expect(result.occurrence[0]!.data).toMatchObject({
      reason: 'account_closed',
      nextDate: null,
      stopped: true,
    });
    expect(result.payee).toMatchObject([
      { type: 'BillPayeeAutopayChanged', data: { customerId, payeeId, autopay: null } },
    ]);
    expect(result.notification).toHaveLength(1);
    expect(result.notification[0]!.data).toMatchObject({
      title: 'AutoPay turned off',
      message:
        'Your $50.00 payment to City Power due Mar 10, 2025 failed: your Premium Checking is closed. Nothing was taken from your account. AutoPay for City Power has been turned off; turn it on again with another account if you still need it.',
      priority: 'high',
    });
    // Already off (the customer turned it off while the job ran): nothing to turn off.
    const off = decideOccurrence(
      { ...occurrence, source: 'autopay', scheduleId: payeeId, nextDate: '2025-04-10' },
      accounts.closed.state,
      limits(),
      ids,
    );
    expect(off.payee).toEqual([]);
    expect(off.occurrence[0]!.data).not.toHaveProperty('stopped');
    // A temporary refusal keeps it on.
    const short = decideOccurrence(
      { ...occurrence, source: 'autopay', scheduleId: payeeId, nextDate: '2025-04-10' },
      accounts.insufficientFunds.state,
      limits({ payee: autopayPayee }),
      ids,
    );
    expect(short.payee).toEqual([]);
    expect(short.occurrence[0]!.data).toMatchObject({ nextDate: '2025-04-10' });
    expect(short.notification[0]!.data).toMatchObject({ title: 'Bill payment failed' });
  });
});
