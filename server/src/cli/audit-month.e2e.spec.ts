import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonthsIso, bankMonth, bankMonthStart } from '@bank/events';
import { createPool, type Pool } from '@bank/infra';
import {
  cardPurchase,
  deposit,
  signedUpCustomer,
  startTestBank,
  testDatabaseUrlAs,
  type TestBank,
} from '../testing/index.ts';
import { auditCli } from '../testing/audit-cli.ts';

// An auditor reproduces a customer's monthly statement with `audit -- statement --month`: the
// bank's months (New York), not the UTC days a bare --from/--to means.

let bank: TestBank;
let operator: Pool;
let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
let accountId: string;
const now = new Date();
/** Two months ago and last month: both over, so both complete statements. */
const older = addMonthsIso(bankMonth(now), -2);
const last = addMonthsIso(bankMonth(now), -1);
const current = bankMonth(now);
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

const audit = auditCli(() => operator);

/** The figures of a statement, whoever drew it: every amount and balance, in cents. */
interface Figures {
  opening: number;
  lines: { at: string; reference: string; amount: number; balance: number }[];
  closing: number;
  interest: number;
  fees: number;
}

const cents = (dollars: string | number) => Math.round(Number(dollars) * 100);

/** The auditor CLI's CSV: opening row, lines, closing row, interest and fees rows. */
function figuresOfCsv(csv: string): Figures {
  const rows = csv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((r) => r.split(','));
  // A row's figure by its kind (a period given by --from/--to has no totals rows: 0).
  const figure = (kind: string) => cents(rows.find((r) => r[3] === kind)?.[5] ?? 0);
  return {
    opening: figure('opening'),
    lines: rows
      .filter((r) => !['opening', 'closing', 'total_interest', 'total_fees'].includes(r[3]!))
      .map((r) => ({
        at: r[0]!,
        reference: r[2]!,
        amount: cents(r[4]!),
        balance: cents(r[5]!),
      })),
    closing: figure('closing'),
    interest: figure('total_interest'),
    fees: figure('total_fees'),
  };
}

async function customerStatement(month: string) {
  const answer = await customer.client.get(
    `/api/accounts/${accountId}/statements/${month}?format=json`,
  );
  expect(answer.status, month).toBe(200);
  const data = answer.body.data as {
    from: string;
    to: string;
    complete: boolean;
    opening_balance: number;
    closing_balance: number;
    total_interest: number;
    total_fees: number;
    lines: { date: string; reference: string; amount: number; balance: number }[];
  };
  const figures: Figures = {
    opening: cents(data.opening_balance),
    lines: data.lines.map((l) => ({
      at: l.date,
      reference: l.reference,
      amount: cents(l.amount),
      balance: cents(l.balance),
    })),
    closing: cents(data.closing_balance),
    interest: cents(data.total_interest),
    fees: cents(data.total_fees),
  };
  return { data, figures };
}

beforeAll(async () => {
  bank = await startTestBank();
  operator = createPool(testDatabaseUrlAs(bank.config.databaseUrl!, 'owner'), 2);
  customer = await signedUpCustomer(bank, { name: 'Month Auditee' });
  accountId = customer.accounts[0]!.id;
  const olderStart = bankMonthStart(older);
  const lastStart = bankMonthStart(last);
  // Card purchases dated back to the edges of the bank's months, where a UTC month differs.
  const purchases: [string, number, Date][] = [
    // 11:30 pm in New York on the last evening before `older`: UTC already counts it in `older`.
    ['Late before', 1_111, minutes(olderStart, -30)],
    ['Early in older', 2_222, minutes(olderStart, 30)],
    ['Mid older', 3_333, new Date(olderStart.getTime() + 10 * 86_400_000)],
    // 11:30 pm in New York on the last evening of `older`: in `older`, though UTC says `last`.
    ['Last evening of older', 4_444, minutes(lastStart, -30)],
    ['Early in last', 5_555, minutes(lastStart, 30)],
  ];
  for (const [name, amount, occurredAt] of purchases) {
    await cardPurchase(bank, accountId, amount, { name, occurredAt });
  }
  await deposit(bank, customer.accounts[0]!.account_number, 500);
  await bank.runner.catchUp();
});
afterAll(async () => {
  await operator?.end();
  await bank?.stop();
});

describe('npm run audit -- statement --month', () => {
  it("gives the figures of the customer's statement of each month, to the cent", async () => {
    for (const month of [older, last]) {
      const served = await customerStatement(month);
      expect(served.data.complete, month).toBe(true);
      const cli = await audit('statement', accountId, '--month', month);
      expect(cli.code, cli.err).toBe(0);
      expect(cli.err).toContain(
        `Statement of ${month} (America/New_York): from ${served.data.from} up to, not including, ${served.data.to}\n`,
      );
      expect(figuresOfCsv(cli.out), month).toEqual(served.figures);
      expect(served.figures.lines.length, month).toBeGreaterThan(0);
    }
    // The edges fall where the customer's months put them.
    const olderLines = (await customerStatement(older)).figures.lines.map((l) => l.amount);
    expect(olderLines).toEqual([-2_222, -3_333, -4_444]);
    expect((await customerStatement(older)).figures.opening).toBe(-1_111);
  });

  it('differs from the UTC month a bare --from/--to gives, at the month’s edges', async () => {
    const [year, month] = older.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const utc = await audit('statement', accountId, '--from', `${older}-01`, '--to', lastDay);
    expect(utc.code).toBe(0);
    // UTC's month holds the evening before it and misses its own last evening.
    expect(figuresOfCsv(utc.out).lines.map((l) => l.amount)).toEqual([-1_111, -2_222, -3_333]);
  });

  it('draws the month in progress to date, as the customer sees it', async () => {
    const served = await customerStatement(current);
    expect(served.data.complete).toBe(false);
    const cli = await audit('statement', accountId, '--month', current);
    expect(cli.code, cli.err).toBe(0);
    expect(cli.err).toMatch(/, the month to date\n$/);
    expect(cli.out).toMatch(/,"Balance as of [^"]+",,closing,,/);
    const figures = figuresOfCsv(cli.out.replace(/"[^"]*"/g, 'as-of'));
    // Only the two statements' moments differ (each is drawn to its own now).
    expect({ ...figures, lines: figures.lines.map(({ at: _at, ...l }) => l) }).toEqual({
      ...served.figures,
      lines: served.figures.lines.map(({ at: _at, ...l }) => l),
    });
    expect(served.figures.closing).toBe(-16_665 + 50_000);
  });

  it('refuses a month that is not one, not begun, or given with --from/--to', async () => {
    for (const argv of [
      ['--month', '2026-13'],
      ['--month', '26-01'],
      ['--month', addMonthsIso(current, 1)],
      ['--month', older, '--from', '2020-01-01'],
      ['--month'],
    ]) {
      const result = await audit('statement', accountId, ...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.out).toBe('');
    }
  });
});
