import { pdfText } from '@bank/infra/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { Statement } from '../account-history.ts';
import { statementCsv, statementPdf } from '../statement-render.ts';
import { LINES_PER_MESSAGE, type DocumentJob } from './document-job.ts';
import { RenderersBusy, RenderPool, RenderTimedOut } from './render-pool.ts';

const from = new Date('2026-03-01T05:00:00Z');
/** A statement of `count` $5 credits, with a name only Noto Sans CJK draws. */
function statementOf(count: number): Statement {
  return {
    account: {
      accountId: '00000000-0000-4000-8000-000000000001',
      customerId: '00000000-0000-4000-8000-000000000002',
      accountNumber: '1234567890',
      name: '李小龍 Checking',
      type: 'checking',
      openedAt: from,
    },
    from,
    to: new Date('2026-04-01T04:00:00Z'),
    openingBalance: 0,
    closingBalance: count * 500,
    totalCredits: count * 500,
    totalDebits: 0,
    totalInterest: 0,
    totalFees: 0,
    lines: Array.from({ length: count }, (_, i) => ({
      date: new Date(from.getTime() + i * 60_000),
      description: `Transfer from Savings ${i}`,
      reference: `TRF-${i}`,
      kind: 'transfer',
      amount: 500,
      balanceAfter: (i + 1) * 500,
      version: i + 2,
      position: i + 10,
    })),
  };
}

/**
 * A PDF's bytes less the moment it was drawn and the file id made from it, which is all two
 * drawings of it differ in.
 */
const undated = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID []');

const small: DocumentJob = {
  kind: 'statement-pdf',
  statement: statementOf(3),
  options: { audience: 'customer' },
};

let pool: RenderPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('documents drawn on rendering threads', () => {
  it('are the documents drawn on the main thread, lines sent in parts and all', async () => {
    pool = new RenderPool({ threads: 1 });
    const statement = statementOf(LINES_PER_MESSAGE * 2 + 7);
    const options = { audience: 'customer' as const, toDate: true };
    const threaded = await pool.render({ kind: 'statement-pdf', statement, options });
    const inline = await statementPdf(statement, options);
    expect(undated(threaded)).toBe(undated(inline));
    expect(pdfText(threaded)).toContain('Transfer from Savings 1006');

    const csvOptions = { audience: 'auditor' as const, totals: true };
    const csv = await pool.render({ kind: 'statement-csv', statement, options: csvOptions });
    expect(csv.toString('utf8')).toBe(statementCsv(statement, csvOptions));
  });

  it('keeps a bounded line: past it, a document is refused at once, the others are drawn', async () => {
    pool = new RenderPool({ threads: 1, maxWaiting: 2 });
    const asked = Array.from({ length: 4 }, () => pool!.render(small));
    const answers = await Promise.allSettled(asked);
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect((answers[3] as PromiseRejectedResult).reason).toBeInstanceOf(RenderersBusy);
    // Once the line has room again, documents are taken again.
    expect(pdfText(await pool.render(small))).toContain('Account statement');
  });

  it('draws on as many threads as it has, no more', async () => {
    pool = new RenderPool({ threads: 2, maxWaiting: 10 });
    const asked = Array.from({ length: 5 }, () => pool!.render(small));
    expect(pool.load()).toEqual({ rendering: 2, waiting: 3 });
    await Promise.all(asked);
    expect(pool.load()).toEqual({ rendering: 0, waiting: 0 });
  });

  it('drops a document no longer wanted while it waits', async () => {
    pool = new RenderPool({ threads: 1, maxWaiting: 5 });
    const gone = new AbortController();
    const first = pool.render(small);
    const abandoned = pool.render(small, gone.signal);
    expect(pool.load().waiting).toBe(1);
    gone.abort();
    await expect(abandoned).rejects.toThrow('no longer wanted');
    expect(pool.load().waiting).toBe(0);
    await first;
  });

  it('stops a thread that takes too long and answers with a new one', async () => {
    pool = new RenderPool({ threads: 1, timeoutMs: 1 });
    await expect(pool.render(small)).rejects.toBeInstanceOf(RenderTimedOut);
    expect(pool.load()).toEqual({ rendering: 0, waiting: 0 });
  });
});
