import { csvCell } from '@bank/contracts/csv';
import { BANK_TIME_ZONE, bankDate, bankTimeText } from '@bank/events';
import type { Statement } from './account-history.ts';
import { newPdfDocument, PDF_FONT, pdfBytes } from './pdf-document.ts';

/** Exact decimal text of signed cents, e.g. -1234.05 (no floating point). */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$1,234.05" / "-$1,234.05". */
export function usd(cents: number): string {
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const isoDate = (date: Date) => date.toISOString();

export const STATEMENT_CSV_HEADER =
  'date,description,reference,kind,amount,balance,stream_version,position';

/** A customer's statement: the lines as a bank statement shows them, none of the log's terms. */
export const CUSTOMER_STATEMENT_CSV_HEADER = 'date,description,reference,amount,balance';

/** Who a statement is rendered for: an auditor sees where each line sits in the log. */
export type StatementAudience = 'auditor' | 'customer';

/**
 * How a statement's period ends. A month still in progress is a statement to date: its `to` is
 * the moment it was drawn, and its last balance is the balance as of then, not a closing one.
 */
export interface StatementOptions {
  audience?: StatementAudience;
  toDate?: boolean;
}

/** The last balance's name: "Closing balance", or for a statement to date "Balance as of …". */
export const lastBalanceLabel = (statement: Statement, toDate = false): string =>
  toDate ? `Balance as of ${bankTimeText(statement.to)}` : 'Closing balance';

/**
 * An auditor's statement dates its rows in UTC, as its period is asked for; a customer's, in the
 * bank's calendar (its months are the bank's months).
 */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * One row per line between an opening and a closing row, so that a spreadsheet sums it:
 * opening balance + the amounts = closing balance. Amounts are signed dollars. With `totals`,
 * the interest paid and fees charged follow the closing row (in the balance column, as figures
 * rather than amounts, so the sum above still holds). An auditor's rows carry each line's kind
 * and place in the log, and instants; a customer's, dates and the line's own words only. The
 * opening row is dated at the period's first instant, the closing and totals rows at its last
 * (the period's end is exclusive), as the PDF's period and its closing row read: the closing
 * balance is the balance at that instant.
 */
export function statementCsv(
  statement: Statement,
  options: StatementOptions & { totals?: boolean } = {},
): string {
  const forAuditor = (options.audience ?? 'auditor') === 'auditor';
  const lastDay = new Date(statement.to.getTime() - 1);
  const row = (
    at: Date,
    description: string,
    reference: string,
    kind: string,
    amount: string,
    balance: string,
    version = '',
    position = '',
  ) =>
    (forAuditor
      ? [isoDate(at), description, reference, kind, amount, balance, version, position]
      : [bankDate(at), description, reference, amount, balance]
    ).join(',');
  const rows = [forAuditor ? STATEMENT_CSV_HEADER : CUSTOMER_STATEMENT_CSV_HEADER];
  rows.push(
    row(statement.from, 'Opening balance', '', 'opening', '', centsText(statement.openingBalance)),
  );
  for (const line of statement.lines) {
    rows.push(
      row(
        line.date,
        csvCell(line.description),
        csvCell(line.reference),
        csvCell(line.kind),
        centsText(line.amount),
        centsText(line.balanceAfter),
        String(line.version),
        String(line.position),
      ),
    );
  }
  const closing = csvCell(lastBalanceLabel(statement, options.toDate));
  rows.push(row(lastDay, closing, '', 'closing', '', centsText(statement.closingBalance)));
  if (options.totals) {
    const soFar = options.toDate ? ' to date' : '';
    rows.push(
      row(
        lastDay,
        `Interest paid${soFar}`,
        '',
        'total_interest',
        '',
        centsText(statement.totalInterest),
      ),
      row(lastDay, `Fees charged${soFar}`, '', 'total_fees', '', centsText(statement.totalFees)),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

/**
 * Rows drawn before the event loop gets a turn: about 10 ms of drawing. A customer decides how
 * many lines a month holds (ten thousand transfers of $5 between their own accounts are within
 * a day's limit), and drawn in one go such a statement held every other request for half a
 * second.
 */
const ROWS_BETWEEN_YIELDS = 100;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    timeZone: BANK_TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/**
 * The statement as a US Letter PDF (pdfkit, the bank's embedded font). An auditor's
 * names the account by its full number and id and each line by its version in the account's
 * stream; a customer's shows the account number's last four digits and no term of the log.
 */
export async function statementPdf(
  statement: Statement,
  options: StatementOptions = {},
): Promise<Buffer> {
  const forAuditor = (options.audience ?? 'auditor') === 'auditor';
  const doc = await newPdfDocument({
    size: 'LETTER',
    margin: 48,
    info: { Title: 'Account statement' },
  });
  const done = pdfBytes(doc);

  const { account } = statement;
  const lastDay = new Date(statement.to.getTime() - 1);
  doc.font(PDF_FONT.bold).fontSize(16).text('Harborview Community Bank');
  doc
    .font(PDF_FONT.body)
    .fontSize(11)
    .text(forAuditor ? 'Account statement (re-derived from the event log)' : 'Account statement');
  doc.moveDown(0.5);
  doc.fontSize(10);
  if (forAuditor) {
    doc.text(`Account: ${account.name} (${account.type}), number ${account.accountNumber}`);
    doc.text(`Account id: ${account.accountId}`);
    doc.text(`Period: ${dayOf(statement.from)} to ${dayOf(lastDay)} (UTC)`);
  } else {
    doc.text(`${account.name}, account ending in ${account.accountNumber.slice(-4)}`);
    doc.text(
      options.toDate
        ? `Statement period: ${longDate(statement.from)} to date, as of ${bankTimeText(statement.to)}`
        : `Statement period: ${longDate(statement.from)} to ${longDate(lastDay)}`,
    );
  }
  const closing = lastBalanceLabel(statement, options.toDate);
  doc.moveDown(0.5);
  doc.text(`Opening balance: ${usd(statement.openingBalance)}`);
  doc.text(`Total credits: ${usd(statement.totalCredits)}`);
  doc.text(`Total debits: ${usd(statement.totalDebits)}`);
  doc.text(`Interest paid: ${usd(statement.totalInterest)}`);
  doc.text(`Fees charged: ${usd(statement.totalFees)}`);
  doc.font(PDF_FONT.bold).text(`${closing}: ${usd(statement.closingBalance)}`);
  doc.moveDown();

  const columns = [
    { title: 'Date', x: 48, width: 70 },
    { title: 'Description', x: 120, width: forAuditor ? 220 : 260 },
    { title: 'Amount', x: forAuditor ? 345 : 385, width: 90, align: 'right' as const },
    { title: 'Balance', x: forAuditor ? 440 : 480, width: 90, align: 'right' as const },
    ...(forAuditor ? [{ title: 'Event', x: 535, width: 40 }] : []),
  ];
  const cellsOf = (cells: string[]) => cells.slice(0, columns.length);
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 72) doc.addPage();
    const y = doc.y;
    doc.font(bold ? PDF_FONT.bold : PDF_FONT.body).fontSize(8);
    let height = 0;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      const options = { width: column.width, align: column.align ?? ('left' as const) };
      height = Math.max(height, doc.heightOfString(cell, options));
      doc.text(cell, column.x, y, options);
    });
    doc.x = 48;
    doc.y = y + height + 3;
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  const day = forAuditor ? dayOf : bankDate;
  row(cellsOf([day(statement.from), 'Opening balance', '', usd(statement.openingBalance), '']));
  for (const [index, line] of statement.lines.entries()) {
    if (index > 0 && index % ROWS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
    row(
      cellsOf([
        day(line.date),
        line.description,
        usd(line.amount),
        usd(line.balanceAfter),
        `v${line.version}`,
      ]),
    );
  }
  row(cellsOf([day(lastDay), closing, '', usd(statement.closingBalance), '']), true);
  doc.end();
  return done;
}
