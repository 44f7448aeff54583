import { bankDate, bankTimeText } from '@bank/contracts/bank-time';
import { csvCell } from '@bank/contracts/csv';
import { statusLabel, transactionCategory, type Transaction } from '@/lib/transactions';
import { amountText, centsOf, centsText as money } from '@/lib/cents';
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

/** The choice the exported lines were made by: the period or dates, and any other filter. */
export type ExportSelection = {
  days: number;
  from?: string;
  to?: string;
  type?: 'credit' | 'debit';
  minAmount?: string;
  maxAmount?: string;
  /** The description or reference filter. */
  text?: string;
};

/**
 * "Last 30 days; money out only; $50.00 or more": the file says which lines it holds, so totals
 * of a filtered export are not read as the account's.
 */
export function describeSelection(s: ExportSelection): string {
  const dollars = (amount: string) => `$${amountText(amount)}`;
  const parts = [
    s.from || s.to ? `${s.from || 'the first day'} to ${s.to || 'today'}` : `Last ${s.days} days`,
  ];
  if (s.type) parts.push(s.type === 'credit' ? 'money in only' : 'money out only');
  if (s.minAmount && s.maxAmount) parts.push(`${dollars(s.minAmount)} to ${dollars(s.maxAmount)}`);
  else if (s.minAmount) parts.push(`${dollars(s.minAmount)} or more`);
  else if (s.maxAmount) parts.push(`up to ${dollars(s.maxAmount)}`);
  if (s.text?.trim()) parts.push(`description or reference containing "${s.text.trim()}"`);
  return parts.join('; ');
}

export function transactionsToCsv(
  transactions: Transaction[],
  account?: ExportedAccount,
  at: Date = new Date(),
  selection?: ExportSelection,
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
    ...(selection ? [row(['Lines', describeSelection(selection), '', name])] : []),
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
