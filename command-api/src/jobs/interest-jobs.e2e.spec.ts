import { addDaysIso } from '@bank/contracts/bank-time';
import { addMonthsIso, bankDate, bankMonth, bankMonthStart, streams } from '@bank/events';
// The job wiring every bank process registers, so the test sees the interest job scheduled.
import '@bank/server/modules';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger } from '../routes/money-test-helpers.ts';
import { PAY_INTEREST_JOB, interestEntryId, payMonthlyInterest } from './interest-jobs.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank?.stop());

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;

/** The interest credits in the account's own stream: what was paid, whatever a read model shows. */
async function interestCredits(accountId: string) {
  const events = await bank.ctx.bus.store.readStream(streams.account(accountId));
  return events
    .map(
      (r) => r.event as { type: string; data: { kind: string; amount: number; entryId: string } },
    )
    .filter((e) => e.type === 'AccountCredited' && e.data.kind === 'interest')
    .map((e) => e.data);
}

/** The bank's books: every customer account and every ledger account sum to zero. */
async function booksBalance() {
  const books = await ledger(bank);
  expect(books.balanced).toBe(true);
  return books;
}

/** Written out with exact integers, apart from the code: round half up of Σ balance × bp / 3,650,000. */
const expectedCents = (dailyBalanceCents: number, days: number, basisPoints: number) => {
  const numerator = BigInt(dailyBalanceCents) * BigInt(days) * BigInt(basisPoints);
  return Number((2n * numerator + 3_650_000n) / 7_300_000n);
};

describe('monthly interest', () => {
  const now = new Date();
  const thisMonth = bankMonth(now);
  // A day into the next bank month: this month has ended.
  const nextMonth = new Date(bankMonthStart(addMonthsIso(thisMonth, 1)).getTime() + 86_400_000);
  // Accounts opened today count from today to the month's last day.
  let daysOpen = 0;
  for (let day = bankDate(now); day.startsWith(thisMonth); day = addDaysIso(day, 1)) daysOpen += 1;

  let saver: Customer;
  let savings: Customer['accounts'][number];
  beforeAll(async () => {
    saver = await signedUpCustomer(bank, { name: 'Interest Saver' });
    savings = saver.accounts.find((a) => a.name === 'High Yield Savings')!;
    await deposit(bank, savings.account_number, 10_000);
  });

  it('is looked for hourly by the job system', async () => {
    const scheduler = await bank.jobs!.queue.getJobScheduler(PAY_INTEREST_JOB);
    expect(scheduler?.every).toBe(3_600_000);
  });

  it('pays nothing for a month that has not ended', async () => {
    expect((await payMonthlyInterest(bank.ctx, now)).paid).toBe(0);
    expect(await interestCredits(savings.id)).toEqual([]);
  });

  it('pays the month once, by the end-of-day balances from the opening day, to the history and the statement', async () => {
    // Two runs at once (two jobs processes, or a retry overlapping the run it retries).
    const [first, second] = await Promise.all([
      payMonthlyInterest(bank.ctx, nextMonth),
      payMonthlyInterest(bank.ctx, nextMonth),
    ]);
    const cents = expectedCents(10_000_00, daysOpen, 250);
    expect(cents).toBeGreaterThan(0);
    expect(first.month).toBe(thisMonth);
    // Only the savings account holds money: the others earn nothing, so nothing is posted there.
    const credits = await interestCredits(savings.id);
    expect(credits).toEqual([
      expect.objectContaining({ amount: cents, entryId: interestEntryId(savings.id, thisMonth) }),
    ]);
    expect(first.paid + second.paid).toBe(1);
    for (const other of saver.accounts.filter((a) => a.id !== savings.id)) {
      expect(await interestCredits(other.id)).toEqual([]);
    }

    // Again, later that month: nothing more.
    const again = await payMonthlyInterest(
      bank.ctx,
      new Date(nextMonth.getTime() + 5 * 86_400_000),
    );
    expect(again.paid).toBe(0);
    expect(await interestCredits(savings.id)).toHaveLength(1);

    await bank.runner.catchUp();
    const history = (
      await saver.client.get(
        `/api/dashboard/comprehensive-history?account_id=${savings.id}&limit=50`,
      )
    ).body.data.transactions as { description: string; amount: number; kind: string }[];
    expect(history.filter((t) => t.kind === 'interest')).toEqual([
      expect.objectContaining({ description: 'Interest paid', amount: cents / 100 }),
    ]);
    const accounts = (await saver.client.get('/api/accounts')).body.data.accounts as {
      id: string;
      balance: number;
      interest_rate: number;
    }[];
    expect(accounts.find((a) => a.id === savings.id)).toMatchObject({
      balance: (10_000_00 + cents) / 100,
      interest_rate: 2.5,
    });

    // The interest is posted when paid (the statements of ended months stay as they were).
    const statement = (
      await saver.client.get(`/api/accounts/${savings.id}/statements/${bankMonth(new Date())}`)
    ).body.data as {
      total_interest: number;
      lines: { description: string; amount: number; kind: string }[];
    };
    expect(statement.total_interest).toBe(cents / 100);
    expect(statement.lines.filter((l) => l.kind === 'interest')).toEqual([
      expect.objectContaining({ description: 'Interest paid', amount: cents / 100 }),
    ]);

    const books = await booksBalance();
    expect(books.internal['expense:interest']).toBe(-cents / 100);
  });

  it('pays nothing for a month before the account opened', async () => {
    const lastMonth = bankMonthStart(thisMonth);
    const result = await payMonthlyInterest(bank.ctx, new Date(lastMonth.getTime() + 3_600_000));
    expect(result.month).toBe(addMonthsIso(thisMonth, -1));
    expect(result.paid).toBe(0);
    expect(await interestCredits(savings.id)).toHaveLength(1);
  });
});
