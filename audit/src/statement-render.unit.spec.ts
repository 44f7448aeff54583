import { pdfText } from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import type { Statement } from './account-history.ts';
import { statementCsv, statementPdf } from './statement-render.ts';

const rowsOf = (csv: string) => csv.trimEnd().split('\r\n');

// March 2026 in the bank's calendar: from midnight in New York (05:00 UTC) to midnight on
// 1 April (04:00 UTC, daylight saving). The line was paid at 9 pm on 31 March in New York.
const march: Statement = {
  account: {
    accountId: '00000000-0000-4000-8000-000000000001',
    customerId: '00000000-0000-4000-8000-000000000002',
    accountNumber: '1234567890',
    routingNumber: '061000227',
    name: 'Everyday Checking',
    type: 'checking',
    openedAt: new Date('2026-01-05T15:00:00Z'),
  },
  from: new Date('2026-03-01T05:00:00Z'),
  to: new Date('2026-04-01T04:00:00Z'),
  openingBalance: 10_000,
  closingBalance: 7_500,
  totalCredits: 0,
  totalDebits: 2_500,
  totalInterest: 0,
  totalFees: 0,
  lines: [
    {
      date: new Date('2026-04-01T01:00:00Z'),
      description: 'Rent',
      reference: 'TRF-1',
      kind: 'transfer',
      entryId: '00000000-0000-4000-8000-000000000010',
      fee: false,
      amount: -2_500,
      balanceAfter: 7_500,
      version: 2,
      position: 10,
    },
  ],
};

describe('statementCsv', () => {
  it("dates a customer's lines in the bank's calendar, so the month's last evening stays in it", () => {
    expect(rowsOf(statementCsv(march, { audience: 'customer' }))).toEqual([
      'date,description,reference,amount,balance',
      '2026-03-01,Opening balance,,,100.00',
      '2026-03-31,Rent,TRF-1,-25.00,75.00',
      '2026-03-31,Closing balance,,,75.00',
    ]);
  });

  it('names the last balance of a month in progress as of the moment drawn, dated that day', () => {
    // Drawn at 10:30 am in New York on 15 March: the month is not over.
    const toDate = { ...march, to: new Date('2026-03-15T14:30:00Z'), lines: [] };
    expect(
      rowsOf(statementCsv(toDate, { audience: 'customer', toDate: true, totals: true })),
    ).toEqual([
      'date,description,reference,amount,balance',
      '2026-03-01,Opening balance,,,100.00',
      '2026-03-15,"Balance as of Mar 15, 2026, 10:30 AM EDT",,,75.00',
      '2026-03-15,Interest paid to date,,,0.00',
      '2026-03-15,Fees charged to date,,,0.00',
    ]);
  });

  it('gives an auditor the instants, in UTC', () => {
    const rows = rowsOf(statementCsv(march));
    expect(rows[2]).toBe('2026-04-01T01:00:00.000Z,Rent,TRF-1,transfer,-25.00,75.00,2,10');
  });

  it("dates an auditor's opening row at the period's first instant and its closing rows at its last", () => {
    // Midnight on 1 April in New York is April's: March closes the millisecond before it.
    expect(rowsOf(statementCsv(march, { totals: true }))).toEqual([
      'date,description,reference,kind,amount,balance,stream_version,position',
      '2026-03-01T05:00:00.000Z,Opening balance,,opening,,100.00,,',
      '2026-04-01T01:00:00.000Z,Rent,TRF-1,transfer,-25.00,75.00,2,10',
      '2026-04-01T03:59:59.999Z,Closing balance,,closing,,75.00,,',
      '2026-04-01T03:59:59.999Z,Interest paid,,total_interest,,0.00,,',
      '2026-04-01T03:59:59.999Z,Fees charged,,total_fees,,0.00,,',
    ]);
  });
});

describe('statementPdf', () => {
  it('lets other work run while it draws a long statement, rather than holding the process', async () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => ({
      ...march.lines[0]!,
      reference: `TRF-${i}`,
      amount: i % 2 === 0 ? -500 : 500,
      balanceAfter: i % 2 === 0 ? 9_500 : 10_000,
      version: i + 2,
      position: i + 10,
    }));
    const long: Statement = {
      ...march,
      closingBalance: 10_000,
      totalCredits: 500_000,
      totalDebits: 500_000,
      lines,
    };
    await statementPdf(march, { audience: 'customer' }); // pdfkit loaded, so only drawing is timed
    // Another request's work, as the event loop would run it between the drawing's turns.
    let turns = 0;
    let drawing = true;
    const otherWork = () => {
      turns += 1;
      if (drawing) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    const pdf = await statementPdf(long, { audience: 'customer' });
    drawing = false;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A turn at least every 100 rows.
    expect(turns).toBeGreaterThanOrEqual(2_000 / 100 - 1);
  });

  it('writes a Chinese name as the customer typed it', async () => {
    const text = pdfText(
      await statementPdf(
        {
          ...march,
          account: { ...march.account, name: '李小龍 Checking' },
          lines: [{ ...march.lines[0]!, description: 'Zelle to 王小明' }],
        },
        { audience: 'customer' },
      ),
    );
    expect(text).toContain('李小龍 \nChecking, account ending in 7890');
    expect(text).toContain('Zelle to \n王小明');
  });
});
