/**
 * One text cell of a CSV file (RFC 4180 quoting), safe to open in a spreadsheet: text it would run
 * as a formula gets an apostrophe in front. A spreadsheet whose list separator is the semicolon
 * (most of Europe's) starts a new cell at every `;` of a comma-separated file, quotes or not, so
 * each piece after one is a cell start too: a customer named `Jo;=1+2` put a formula into the
 * statement of everyone they paid.
 */
export function csvCell(value: string): string {
  const safe = value
    .split(';')
    .map((piece) => (FORMULA_START.test(piece) ? `'${piece}` : piece))
    .join(';');
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** How a cell a spreadsheet runs as a formula starts, after any spaces and quotes. */
const FORMULA_START = /^[\s"]*[=+\-@]|^[\t\r]/;
