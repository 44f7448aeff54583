import { describe, expect, it } from 'vitest';
import type { Transaction } from '@/lib/transactions';
import { transaction } from '@/testing/fixtures';
import { lineEffect, transactionsToCsv } from './csv';

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
    expect(lines[0]).toBe(
      'Date,Description,Category,Account,Status,Amount,Pending,Not charged,Reference',
    );
    expect(lines[1]).toBe('2025-03-02,Coffee,Dining,Checking,Completed,-4.50,,,REF1');
    expect(lines[2]).toBe('2025-03-02,Payroll deposit,Income,Checking,Completed,2500.00,,,REF1');
    expect(lines[3]).toBe('2025-03-02,Unknown,Other,Checking,Completed,-1.00,,,REF1');
  });

  it('counts only posted lines as money moved, and reconciles to the balances shown', () => {
    // Balance 1000.00 after the posted lines; a pending hold of 30.00 leaves 970.00 available.
    // The cancelled payment of 42.10 never left the account.
    const csv = transactionsToCsv(
      [
        tx({ id: 'a', description: 'Pending transfer', amount: -30, status: 'pending' }),
        tx({ id: 'b', description: 'Cancelled Zelle', amount: -42.1, status: 'cancelled' }),
        tx({ id: 'c', description: 'Failed ACH', amount: -5, status: 'failed' }),
        tx({ id: 'd', description: 'Coffee', amount: -4.5 }),
        tx({ id: 'e', description: 'Payroll', amount: 1004.5, type: 'credit' }),
      ],
      { name: 'Checking', balance: 1000, available_balance: 970 },
      new Date('2025-03-02T15:04:00Z'),
    );
    const lines = csv.split('\r\n');
    expect(lines.slice(1, 6)).toEqual([
      '2025-03-02,Pending transfer,Dining,Checking,Pending,,-30.00,,REF1',
      '2025-03-02,Cancelled Zelle,Dining,Checking,Cancelled,,,-42.10,REF1',
      '2025-03-02,Failed ACH,Dining,Checking,Failed,,,-5.00,REF1',
      '2025-03-02,Coffee,Dining,Checking,Completed,-4.50,,,REF1',
      '2025-03-02,Payroll,Dining,Checking,Completed,1004.50,,,REF1',
    ]);
    expect(lines[6]).toBe('');
    expect(lines.slice(7)).toEqual([
      'Total,Lines in this file,,Checking,,1000.00,-30.00,-47.10,',
      'Balance,"Current balance at Mar 2, 2025, 10:04 AM EST",,Checking,,1000.00,,,',
      'Balance,"Available balance at Mar 2, 2025, 10:04 AM EST (current balance less pending holds)",,Checking,,970.00,,,',
      '',
    ]);
    // Each line fills one money column: a spreadsheet summing Amount gets the money moved.
    const moved = lines
      .slice(1, 6)
      .map((l) => l.split(',')[5])
      .filter(Boolean)
      .map(Number);
    expect(moved.reduce((a, b) => a + b, 0)).toBeCloseTo(1000, 2);
  });

  it('says which lines it holds when they were filtered, before their totals', () => {
    const at = new Date('2025-03-02T15:04:00Z');
    const lines = (selection: Parameters<typeof transactionsToCsv>[3]) =>
      transactionsToCsv([tx({ description: 'Rent', amount: -1650 })], undefined, at, selection)
        .split('\r\n')
        .slice(3, 5);
    expect(lines({ days: 30, type: 'debit', minAmount: '50', text: ' rent ' })).toEqual([
      'Lines,"Last 30 days; money out only; $50.00 or more; description or reference containing ""rent""",,Checking,,,,,',
      'Total,Lines in this file,,Checking,,-1650.00,0.00,0.00,',
    ]);
    expect(lines({ days: 30, from: '2025-02-01', minAmount: '10.5', maxAmount: '2000' })[0]).toBe(
      'Lines,2025-02-01 to today; $10.50 to $2000.00,,Checking,,,,,',
    );
    expect(lines({ days: 90, type: 'credit', maxAmount: '5' })[0]).toBe(
      'Lines,Last 90 days; money in only; up to $5.00,,Checking,,,,,',
    );
  });

  it('holds a processing line as pending, and counts only completed lines as moved', () => {
    expect(
      ['completed', 'pending', 'processing', 'cancelled', 'failed', 'returned'].map(lineEffect),
    ).toEqual(['posted', 'pending', 'pending', 'not-charged', 'not-charged', 'not-charged']);
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
