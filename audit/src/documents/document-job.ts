import type { Statement, StatementLine } from '../account-history.ts';
import { directDepositFormPdf, type DirectDepositDetails } from '../direct-deposit-form.ts';
import { receiptPdf, type Receipt } from '../receipt-render.ts';
import { statementOfx, type OfxOptions } from '../statement-ofx.ts';
import { statementCsv, statementPdf, type StatementOptions } from '../statement-render.ts';

/** A document the bank draws, with everything it shows. */
export type DocumentJob =
  | { kind: 'statement-pdf'; statement: Statement; options: StatementOptions }
  | {
      kind: 'statement-csv';
      statement: Statement;
      options: StatementOptions & { totals?: boolean };
    }
  | { kind: 'statement-ofx'; statement: Statement; options: OfxOptions }
  | { kind: 'receipt-pdf'; receipt: Receipt }
  | { kind: 'direct-deposit-form'; details: DirectDepositDetails };

/** The document's bytes (a CSV or OFX file in UTF-8). */
export async function renderDocument(job: DocumentJob): Promise<Buffer> {
  switch (job.kind) {
    case 'statement-pdf':
      return statementPdf(job.statement, job.options);
    case 'statement-csv':
      return Buffer.from(statementCsv(job.statement, job.options), 'utf8');
    case 'statement-ofx':
      return Buffer.from(statementOfx(job.statement, job.options), 'utf8');
    case 'receipt-pdf':
      return receiptPdf(job.receipt);
    case 'direct-deposit-form':
      return directDepositFormPdf(job.details);
  }
}

/**
 * Lines sent to a rendering thread in one message. Copying a message to a thread is done on the
 * sender's event loop: a statement of 8,000 lines in one message held it for up to 16 ms.
 */
export const LINES_PER_MESSAGE = 500;

const isStatement = (job: DocumentJob): job is Extract<DocumentJob, { statement: Statement }> =>
  'statement' in job;

/** The job without its statement's lines, which travel in parts of their own. */
export function withoutLines(job: DocumentJob): { head: DocumentJob; lines: StatementLine[] } {
  if (!isStatement(job)) return { head: job, lines: [] };
  return {
    head: { ...job, statement: { ...job.statement, lines: [] } },
    lines: job.statement.lines,
  };
}

/** The job with its statement's lines put back. */
export function withLines(head: DocumentJob, lines: StatementLine[]): DocumentJob {
  if (!isStatement(head)) return head;
  return { ...head, statement: { ...head.statement, lines } };
}
