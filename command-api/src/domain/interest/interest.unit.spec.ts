import { AccountClosed, AccountCredited, AccountDebited, AccountOpened } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../testing/seeded-random.ts';
import { accountAggregate, decideAccount, type AccountState } from '../account/account.ts';
import {
  daysOfMonth,
  decideMonthlyInterest,
  endOfDayBalances,
  interestCents,
  type AccountStreamEvent,
} from './interest.ts';

const int = (next: () => number, min: number, max: number) =>
  min + Math.floor(next() * (max - min + 1));

/** The formula written out with exact rationals in BigInt, independently of the code under test. */
function expected(balances: number[], bp: number): number {
  const sum = balances.reduce((s, b) => s + BigInt(Math.max(0, b)), 0n);
  const num = sum * BigInt(bp);
  const den = 3_650_000n;
  const floor = num / den;
  return Number(2n * (num - floor * den) >= den ? floor + 1n : floor);
}

const RUNS = 500;

describe('interest by the average daily balance', () => {
  it('pays round(B × rate × days / 365) on a constant balance B', () => {
    const next = random(1);
    for (let i = 0; i < RUNS; i += 1) {
      const balance = int(next, 0, 5_000_000_000_00);
      const bp = int(next, 0, 2_000);
      const days = int(next, 28, 31);
      const want = Math.floor((balance * bp * days) / 3_650_000 + 0.5);
      // Exact in BigInt whatever the float says at the edge of a half cent.
      expect(interestCents(Array(days).fill(balance), bp)).toBe(
        expected(Array(days).fill(balance), bp),
      );
      if (balance * bp * days < 2 ** 53) {
        expect(Math.abs(interestCents(Array(days).fill(balance), bp) - want)).toBeLessThanOrEqual(
          1,
        );
      }
    }
    // $10,000.00 at 2.50% for a 30-day month: 1,000,000 × 250 × 30 / 3,650,000 = 2054.79 → $20.55.
    expect(interestCents(Array(30).fill(1_000_000), 250)).toBe(2055);
    // Half a cent rounds up: 365 × 5000 / 3,650,000 = 0.5 → 1, and 364 gives 0.4986 → 0.
    expect(interestCents([365], 5_000)).toBe(1);
    expect(interestCents([364], 5_000)).toBe(0);
  });

  it('matches the exact rational formula over random balance sequences', () => {
    const next = random(2);
    for (let i = 0; i < RUNS; i += 1) {
      const days = int(next, 1, 31);
      const balances = Array.from({ length: days }, () =>
        int(next, -1_000_000_00, 90_000_000_000_00),
      );
      const bp = int(next, 0, 10_000);
      expect(interestCents(balances, bp)).toBe(expected(balances, bp));
    }
  });

  it('is never negative, and zero at a zero rate or on overdrawn days only', () => {
    const next = random(3);
    for (let i = 0; i < RUNS; i += 1) {
      const balances = Array.from({ length: int(next, 1, 31) }, () =>
        int(next, -50_000_00, 50_000_00),
      );
      expect(interestCents(balances, int(next, 0, 5_000))).toBeGreaterThanOrEqual(0);
      expect(interestCents(balances, 0)).toBe(0);
      expect(
        interestCents(
          balances.map((b) => -Math.abs(b)),
          int(next, 0, 5_000),
        ),
      ).toBe(0);
    }
  });

  it('is monotone in the balance and in the rate', () => {
    const next = random(4);
    for (let i = 0; i < RUNS; i += 1) {
      const balances = Array.from({ length: int(next, 1, 31) }, () =>
        int(next, -10_000_00, 10_000_000_00),
      );
      const more = balances.map((b) => b + int(next, 0, 1_000_000_00));
      const bp = int(next, 0, 5_000);
      expect(interestCents(more, bp)).toBeGreaterThanOrEqual(interestCents(balances, bp));
      expect(interestCents(balances, bp + int(next, 0, 500))).toBeGreaterThanOrEqual(
        interestCents(balances, bp),
      );
    }
  });

  it('refuses a fractional rate or balance', () => {
    expect(() => interestCents([100], 1.5)).toThrow(RangeError);
    expect(() => interestCents([100.5], 100)).toThrow(RangeError);
    expect(() => interestCents([100], -1)).toThrow(RangeError);
  });
});

describe('end-of-day balances', () => {
  it('lists the days of a month, from a day in it', () => {
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-12')).toHaveLength(31);
    expect(daysOfMonth('2026-11', '2026-11-20')).toEqual(
      Array.from({ length: 11 }, (_, i) => `2026-11-${String(20 + i)}`),
    );
    expect(daysOfMonth('2026-11', '2026-10-03')).toHaveLength(30);
  });

  it('counts each posting from its day on, whatever order they come in', () => {
    const next = random(5);
    const days = daysOfMonth('2026-03');
    for (let i = 0; i < 200; i += 1) {
      const postings = Array.from({ length: int(next, 0, 40) }, () => ({
        date: `2026-0${int(next, 2, 3)}-${String(int(next, 1, 28)).padStart(2, '0')}`,
        cents: int(next, -100_00, 1_000_00),
      }));
      const balances = endOfDayBalances(postings, days);
      days.forEach((day, d) => {
        const want = postings.filter((p) => p.date <= day).reduce((s, p) => s + p.cents, 0);
        expect(balances[d]).toBe(want);
      });
    }
  });
});

describe('the monthly interest decision', () => {
  const accountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
  const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
  const entryId = '9a3d5e0d-7f62-4d3e-9b1c-3f2a7c1d0e99';
  const opened = (productCode: string) =>
    AccountOpened.create({
      accountId,
      customerId,
      accountNumber: '100000000001',
      routingNumber: '021000021',
      name: 'High Yield Savings',
      type: 'savings',
      productCode,
      currency: 'USD',
    });
  const leg = { accountId, description: 'test', kind: 'deposit', contra: 'cash:teller' };
  const posting = (amount: number) => ({
    ...leg,
    entryId: crypto.randomUUID(),
    reference: `DEP-${amount}`,
    amount,
  });
  // Bank time is New York: 15:00 UTC is the same day there.
  const at = (date: string) => new Date(`${date}T15:00:00Z`);
  const stream = (productCode: string, ...rest: AccountStreamEvent[]): AccountStreamEvent[] => [
    { event: opened(productCode), recordedAt: at('2026-10-20') },
    ...rest,
  ];
  const fold = (events: AccountStreamEvent[]): AccountState =>
    events.reduce(
      (s, e) => accountAggregate.evolve(s, e.event as never),
      accountAggregate.initial(),
    );
  const decide = (events: AccountStreamEvent[], month: string) =>
    decideMonthlyInterest({ state: fold(events), events, month, entryId, reference: 'INT-1' });

  const saved = stream(
    'high_yield_savings',
    { event: AccountCredited.create(posting(1_000_000)), recordedAt: at('2026-10-20') },
    { event: AccountDebited.create(posting(400_000)), recordedAt: at('2026-11-16') },
  );

  it('pays a whole month at the balance of each day, as an interest credit from the bank', () => {
    // November: $10,000 for 15 days, $6,000 for 15 days at 2.50%.
    const sum = 1_000_000 * 15 + 600_000 * 15;
    const command = decide(saved, '2026-11');
    expect(command).toMatchObject({
      type: 'Credit',
      posting: {
        accountId,
        entryId,
        amount: Math.round((sum * 250) / 3_650_000),
        description: 'Interest paid',
        kind: 'interest',
        contra: 'expense:interest',
      },
    });
  });

  it('counts the month the account opened from its opening day, and nothing before', () => {
    expect(decide(saved, '2026-10')).toMatchObject({
      posting: { amount: Math.round((1_000_000 * 12 * 250) / 3_650_000) },
    });
    expect(decide(saved, '2026-09')).toBeUndefined();
  });

  it('pays nothing on a product without interest, on a closed account, or twice', () => {
    const business = stream('business_checking', ...saved.slice(1));
    expect(decide(business, '2026-11')).toBeUndefined();
    const closed = [
      ...saved,
      {
        event: AccountClosed.create({ accountId, customerId, reason: 'owner_erased' }),
        recordedAt: at('2026-12-02'),
      },
    ];
    expect(decide(closed, '2026-11')).toBeUndefined();

    const command = decide(saved, '2026-11')!;
    const credit = decideAccount(command, fold(saved));
    expect(credit).toHaveLength(1);
    const paid = [...saved, { event: credit[0]!, recordedAt: at('2026-12-01') }];
    expect(decide(paid, '2026-11')).toBeUndefined();
    // The account itself refuses the same interest entry again, whoever decided it.
    expect(decideAccount(command, fold(paid))).toEqual([]);
  });
});
