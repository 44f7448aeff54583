import { bankDate } from '@bank/contracts/bank-time';
import { csvCell } from '@bank/contracts/csv';
import { statusLabel, transactionCategory, type Transaction } from '@/lib/transactions';
import { saveFile } from '@/lib/download';

// CSV export of the transactions on screen (RFC 4180 quoting; text a spreadsheet would run as a
// formula is prefixed with an apostrophe, as on the bank's statements).

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
  'Reference',
];

export function transactionsToCsv(transactions: Transaction[]): string {
  const rows = transactions.map((t) =>
    [
      cell(day(t.date)),
      cell(t.description),
      cell(transactionCategory(t).label),
      cell(t.account?.name ?? ''),
      cell(statusLabel(t.status)),
      cell(Number(t.amount).toFixed(2), false),
      cell(t.reference_number ?? ''),
    ].join(','),
  );
  return [CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}

export function downloadCsv(filename: string, csv: string) {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
}
