import { bankDate, bankTimeText } from '@bank/contracts/bank-time';
import { csvCell } from '@bank/contracts/csv';
import { statusLabel, transactionCategory, type Transaction } from '@/lib/transactions';
import { centsOf, centsText as money } from '@/lib/cents';
import { saveFile } from '@/lib/download';

// CSV export of the transactions on screen (RFC 4180 quoting; text a spreadsheet would run as a
// formula is prefixed with an apostrophe, as on the bank's statements).
//
// Like a bank's export, the file says which lines moved money: a posted line's amount is in
// Amount (the column sums to the change in the balance), a hold not yet posted is in Pending
// (the balance less every pending hold is the available balance), and a hold released without
// being taken (cancelled, failed, returned) is in Not charged, where nothing adds it to the money
// moved. After the lines, the totals of each column and the account's balances at the export.

function cell(value: string | number | null | undefined, text = true): string {
  const s = value === null || value === undefined ? '' : String(value);
  if (text) return csvCell(s);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The bank's day of a posting (New York's), as the list on screen and the statements date it. */
function day(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? bankDate(date) : '';
}

export const CSV_HEADER = [
  'Date',
  'Description',
  'Category',
  'Account',
  'Status',
  'Amount',
  'Pending',
  'Not charged',
  'Reference',
];

/** Which column a line's amount belongs in: money moved, money held, or money never taken. */
export type LineEffect = 'posted' | 'pending' | 'not-charged';

export function lineEffect(status: string | null | undefined): LineEffect {
  const s = (status ?? '').toLowerCase();
  if (s === 'completed') return 'posted';
  // Processing is money on its way, held like a pending line.
  if (s === 'pending' || s === 'processing') return 'pending';
  return 'not-charged';
}

/** The account whose lines are exported, with its balances as the bank shows them. */
export type ExportedAccount = {
  name: string;
  balance: number;
  available_balance: number;
};

/** The money columns (Amount, Pending, Not charged) hold signed figures, never formulas. */
const MONEY_COLUMNS = new Set([5, 6, 7]);

/** A row of the file, as many cells as the header names (the last ones may be left out). */
function row(cells: (string | number | null | undefined)[]): string {
  return CSV_HEADER.map((_, i) => cell(cells[i], !MONEY_COLUMNS.has(i))).join(',');
}

export function transactionsToCsv(
  transactions: Transaction[],
  account?: ExportedAccount,
  at: Date = new Date(),
): string {
  const totals: Record<LineEffect, number> = { posted: 0, pending: 0, 'not-charged': 0 };
  const lines = transactions.map((t) => {
    const effect = lineEffect(t.status);
    const cents = centsOf(t.amount);
    totals[effect] += cents;
    const amountIn = (column: LineEffect) => (effect === column ? money(cents) : '');
    return row([
      day(t.date),
      t.description,
      transactionCategory(t).label,
      t.account?.name ?? '',
      statusLabel(t.status),
      amountIn('posted'),
      amountIn('pending'),
      amountIn('not-charged'),
      t.reference_number ?? '',
    ]);
  });
  const name = account?.name ?? transactions[0]?.account?.name ?? '';
  const summary = [
    row([
      'Total',
      'Lines in this file',
      '',
      name,
      '',
      money(totals.posted),
      money(totals.pending),
      money(totals['not-charged']),
      '',
    ]),
  ];
  if (account) {
    const asOf = bankTimeText(at);
    summary.push(
      row(['Balance', `Current balance at ${asOf}`, '', name, '', money(centsOf(account.balance))]),
      row([
        'Balance',
        `Available balance at ${asOf} (current balance less pending holds)`,
        '',
        name,
        '',
        money(centsOf(account.available_balance)),
      ]),
    );
  }
  return [CSV_HEADER.join(','), ...lines, '', ...summary].join('\r\n') + '\r\n';
}

export function downloadCsv(filename: string, csv: string) {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
}
