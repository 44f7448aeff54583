import { describe, expect, it } from 'vitest';
import { sharedResult } from './shared-result.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A computation that counts its runs and settles when told to. */
function counted<T>(outcome: () => T) {
  let runs = 0;
  const pending: (() => void)[] = [];
  const compute = () => {
    runs += 1;
    return new Promise<T>((resolve, reject) =>
      pending.push(() => {
        try {
          resolve(outcome());
        } catch (error) {
          reject(error as Error);
        }
      }),
    );
  };
  const settleAll = () => pending.splice(0).forEach((settle) => settle());
  return { compute, settleAll, runs: () => runs };
}

describe('sharedResult', () => {
  it('computes once for fifty callers at once, and gives each the same answer', async () => {
    const work = counted(() => 'ready');
    const ask = sharedResult(work.compute, 100);
    const answers = Array.from({ length: 50 }, () => ask());
    work.settleAll();
    expect(await Promise.all(answers)).toEqual(Array(50).fill('ready'));
    expect(work.runs()).toBe(1);
  });

  it('reuses a settled answer for maxAgeMs, then computes again', async () => {
    let n = 0;
    const work = counted(() => (n += 1));
    const ask = sharedResult(work.compute, 40);
    const first = ask();
    work.settleAll();
    expect(await first).toBe(1);
    expect(await ask()).toBe(1);
    await sleep(60);
    const later = ask();
    work.settleAll();
    expect(await later).toBe(2);
    expect(work.runs()).toBe(2);
  });

  it('shares a slow computation with every caller until it settles, however long it runs', async () => {
    const work = counted(() => 'ready');
    const ask = sharedResult(work.compute, 10);
    const early = ask();
    await sleep(30);
    const late = ask();
    work.settleAll();
    expect(await Promise.all([early, late])).toEqual(['ready', 'ready']);
    expect(work.runs()).toBe(1);
  });

  it('does not keep a failure: those waiting share it, the next caller computes again', async () => {
    let fail = true;
    const work = counted(() => {
      if (fail) throw new Error('database unreachable');
      return 'ready';
    });
    const ask = sharedResult(work.compute, 1000);
    const waiting = [ask(), ask()];
    work.settleAll();
    for (const answer of waiting) await expect(answer).rejects.toThrow('database unreachable');
    fail = false;
    const next = ask();
    work.settleAll();
    expect(await next).toBe('ready');
    expect(work.runs()).toBe(2);
  });
});
