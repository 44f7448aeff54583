import PDFDocument from 'pdfkit';
import type { Statement } from './account-history.ts';

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

/** RFC 4180 quoting; text a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const STATEMENT_CSV_HEADER =
  'date,description,reference,kind,amount,balance,stream_version,position';

/**
 * One row per line between an opening and a closing row, so that a spreadsheet sums it:
 * opening balance + the amounts = closing balance. Amounts are signed dollars. With `totals`,
 * the interest paid and fees charged follow the closing row (in the balance column, as figures
 * rather than amounts, so the sum above still holds).
 */
export function statementCsv(statement: Statement, options: { totals?: boolean } = {}): string {
  const rows = [STATEMENT_CSV_HEADER];
  rows.push(
    [
      isoDate(statement.from),
      'Opening balance',
      '',
      'opening',
      '',
      centsText(statement.openingBalance),
      '',
      '',
    ].join(','),
  );
  for (const line of statement.lines) {
    rows.push(
      [
        isoDate(line.date),
        csvText(line.description),
        csvText(line.reference),
        csvText(line.kind),
        centsText(line.amount),
        centsText(line.balanceAfter),
        String(line.version),
        String(line.position),
      ].join(','),
    );
  }
  rows.push(
    [
      isoDate(statement.to),
      'Closing balance',
      '',
      'closing',
      '',
      centsText(statement.closingBalance),
      '',
      '',
    ].join(','),
  );
  if (options.totals) {
    const closedAt = isoDate(statement.to);
    rows.push(
      [closedAt, 'Interest paid', '', 'total_interest', '', centsText(statement.totalInterest)]
        .concat(['', ''])
        .join(','),
      [closedAt, 'Fees charged', '', 'total_fees', '', centsText(statement.totalFees)]
        .concat(['', ''])
        .join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** The bytes a PDF document writes, once it has ended (call before `doc.end()`). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The statement as a US Letter PDF (pdfkit, standard Helvetica, no external fonts). */
export function statementPdf(statement: Statement): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 48, info: { Title: 'Account statement' } });
  const done = pdfBytes(doc);

  const { account } = statement;
  const lastDay = new Date(statement.to.getTime() - 1);
  doc.font('Helvetica-Bold').fontSize(16).text('Harborview Community Bank');
  doc.font('Helvetica').fontSize(11).text('Account statement (re-derived from the event log)');
  doc.moveDown(0.5);
  doc.fontSize(10);
  doc.text(`Account: ${account.name} (${account.type}), number ${account.accountNumber}`);
  doc.text(`Account id: ${account.accountId}`);
  doc.text(
    `Period: ${statement.from.toISOString().slice(0, 10)} to ${lastDay.toISOString().slice(0, 10)} (UTC)`,
  );
  doc.moveDown(0.5);
  doc.text(`Opening balance: ${usd(statement.openingBalance)}`);
  doc.text(`Total credits: ${usd(statement.totalCredits)}`);
  doc.text(`Total debits: ${usd(statement.totalDebits)}`);
  doc.text(`Interest paid: ${usd(statement.totalInterest)}`);
  doc.text(`Fees charged: ${usd(statement.totalFees)}`);
  doc.font('Helvetica-Bold').text(`Closing balance: ${usd(statement.closingBalance)}`);
  doc.moveDown();

  const columns = [
    { title: 'Date', x: 48, width: 70 },
    { title: 'Description', x: 120, width: 220 },
    { title: 'Amount', x: 345, width: 90, align: 'right' as const },
    { title: 'Balance', x: 440, width: 90, align: 'right' as const },
    { title: 'Event', x: 535, width: 40 },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 72) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
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
  row([
    statement.from.toISOString().slice(0, 10),
    'Opening balance',
    '',
    usd(statement.openingBalance),
    '',
  ]);
  for (const line of statement.lines) {
    row([
      line.date.toISOString().slice(0, 10),
      line.description,
      usd(line.amount),
      usd(line.balanceAfter),
      `v${line.version}`,
    ]);
  }
  row(
    [lastDay.toISOString().slice(0, 10), 'Closing balance', '', usd(statement.closingBalance), ''],
    true,
  );
  doc.end();
  return done;
}
