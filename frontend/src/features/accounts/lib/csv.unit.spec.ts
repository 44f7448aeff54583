import { describe, expect, it } from 'vitest';
import type { Transaction } from '@/lib/transactions';
import { transaction } from '@/testing/fixtures';
import { transactionsToCsv } from './csv';

const tx = (over: Partial<Transaction>) =>
  transaction({
    id: '1',
    description: 'Coffee',
    amount: -4.5,
    account: { id: '1', name: 'Checking' },
    reference_number: 'REF1',
    ...over,
  });

describe('transactions CSV', () => {
  it('writes a header and one line per transaction with signed amounts', () => {
    const lines = transactionsToCsv([
      tx({ category: 'dining', category_label: 'Dining' }),
      tx({
        id: '2',
        description: 'Payroll deposit',
        amount: 2500,
        type: 'credit',
        category: 'income',
        category_label: 'Income',
      }),
      tx({
        id: '3',
        description: 'Unknown',
        amount: -1,
        category: 'other',
        category_label: 'Other',
      }),
    ])
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Description,Category,Account,Status,Amount,Reference');
    expect(lines[1]).toBe('2025-03-02,Coffee,Dining,Checking,Completed,-4.50,REF1');
    expect(lines[2]).toBe('2025-03-02,Payroll deposit,Income,Checking,Completed,2500.00,REF1');
    expect(lines[3]).toBe('2025-03-02,Unknown,Other,Checking,Completed,-1.00,REF1');
  });

  it("dates each line as the screen and the statement do: the bank's day, not UTC's", () => {
    // 9:43 PM in New York on Nov 30 is already Dec 1 in UTC.
    const [, evening] = transactionsToCsv([tx({ date: '2026-12-01T02:43:00Z' })])
      .trim()
      .split('\r\n');
    expect(evening).toMatch(/^2026-11-30,/);
  });

  it('quotes commas and quotes, and defuses spreadsheet formulas', () => {
    const csv = transactionsToCsv([
      tx({ description: 'Bob\'s "Diner", Main St' }),
      tx({ description: '=HYPERLINK("x")' }),
    ]);
    expect(csv).toContain('"Bob\'s ""Diner"", Main St"');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('defuses a formula after a semicolon too, where a European spreadsheet starts a cell', () => {
    const [, line] = transactionsToCsv([tx({ description: 'Zelle payment from Jo;=1+2;' })])
      .trim()
      .split('\r\n');
    expect(line).toContain("Zelle payment from Jo;'=1+2;");
  });
});
