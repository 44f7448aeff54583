import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createQueryBatcher, QueueWaitTimeout } from './query-batcher.ts';

describe('createQueryBatcher', () => {
  it('fails an input queued past the wait limit behind a batch that does not come back', async () => {
    const batches: number[][] = [];
    const lookUp = createQueryBatcher(
      1,
      (inputs: number[]) => {
        batches.push(inputs);
        return new Promise<number[]>(() => {}); // PostgreSQL hangs
      },
      { waitLimitMs: 50 },
    );
    void lookUp(1);
    const queued = lookUp(2);
    await expect(queued).rejects.toBeInstanceOf(QueueWaitTimeout);
    await expect(queued).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    // It was never sent: only the first input's batch went out.
    expect(batches).toEqual([[1]]);
  });

  it('leaves an input alone once its batch went out, however long the batch takes', async () => {
    const lookUp = createQueryBatcher(
      1,
      async (inputs: number[]) => {
        await sleep(120);
        return inputs.map((n) => n + 1);
      },
      { waitLimitMs: 80 },
    );
    // The second waits ~120 ms for the first batch, then goes out: only its queueing counts.
    const first = lookUp(1);
    await sleep(60);
    const second = lookUp(2);
    expect(await Promise.all([first, second])).toEqual([2, 3]);
  });
});
