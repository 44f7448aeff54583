import { pdfText } from '@bank/infra/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { statementCsv, statementPdf } from '../statement-render.ts';
import { statementOfCredits } from '../testing.ts';
import { LINES_PER_MESSAGE, type DocumentJob } from './document-job.ts';
import { RenderersBusy, RenderPool, RenderTimedOut } from './render-pool.ts';

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
  statement: statementOfCredits(3),
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
    // A name in Chinese: the thread falls back to Noto Sans CJK as the main thread does.
    const statement = statementOfCredits(LINES_PER_MESSAGE * 2 + 7, '李小龍 Checking');
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
