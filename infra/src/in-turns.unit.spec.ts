import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { forEachInTurns, gatherInTurns, mapInTurns } from './in-turns.ts';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('loops in turns', () => {
  it('lets other work run between slices of a long loop, in order and without losing items', async () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    const seen: string[] = [];
    let otherRuns = 0;
    const other = setInterval(() => (otherRuns += 1), 0);
    const mapped = await mapInTurns(
      items,
      (item) => {
        busyFor(0.5);
        seen.push(`item ${item}`);
        return item * 2;
      },
      2,
    );
    clearInterval(other);
    expect(mapped).toEqual(items.map((i) => i * 2));
    expect(seen).toEqual(items.map((i) => `item ${i}`));
    // 20 ms of work in 2 ms slices: the timer had turns meanwhile.
    expect(otherRuns).toBeGreaterThanOrEqual(3);
  });

  it('runs a short loop in one go, as a plain loop would', async () => {
    let immediateRan = false;
    setImmediate(() => (immediateRan = true));
    const done: number[] = [];
    await forEachInTurns([1, 2, 3], (item) => done.push(item), 1_000);
    expect(done).toEqual([1, 2, 3]);
    expect(immediateRan).toBe(false);
  });

  it('stops at the first item that throws, with its error', async () => {
    const done: number[] = [];
    await expect(
      forEachInTurns([1, 2, 3], (item) => {
        if (item === 2) throw new Error('bad item');
        done.push(item);
      }),
    ).rejects.toThrow('bad item');
    expect(done).toEqual([1]);
  });

  it('gathers a generator that yields without waiting, in turns, every item once and in order', async () => {
    async function* page() {
      for (let item = 0; item < 40; item += 1) {
        busyFor(0.5);
        yield item;
      }
    }
    let otherRuns = 0;
    const other = setInterval(() => (otherRuns += 1), 0);
    const gathered = await gatherInTurns(page(), 2);
    clearInterval(other);
    expect(gathered).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(otherRuns).toBeGreaterThanOrEqual(3);
  });
});
