import { describe, expect, it } from 'vitest';
import type { RelayMessage } from '@bank/infra';
import { GROUP_MESSAGES, takeGroups } from './projection-worker.ts';

function randomHandOver(seed: number) {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  return Array.from({ length: 1 + next(12) }, (_, id) => ({
    id,
    chunk: {
      topic: next(4) === 0 ? 'bank.other' : 'bank.events',
      partition: next(6),
      messages: new Array<RelayMessage>(next(3) === 0 ? 1 + next(1200) : 1 + next(8)),
    },
  }));
}

describe('takeGroups', () => {
  it('groups chunks handed over together: each once, in order, one topic, distinct partitions, bounded', () => {
    for (let seed = 1; seed <= 500; seed += 1) {
      const handed = randomHandOver(seed);
      const groups = takeGroups(handed);
      // Every chunk exactly once, and the order handed over kept within a group.
      expect(
        groups
          .flat()
          .map((h) => h.id)
          .sort((a, b) => a - b),
      ).toEqual(handed.map((h) => h.id));
      for (const group of groups) {
        expect(group.map((h) => h.id)).toEqual([...group.map((h) => h.id)].sort((a, b) => a - b));
        expect(new Set(group.map((h) => h.chunk.topic)).size).toBe(1);
        const partitions = group.map((h) => h.chunk.partition);
        expect(new Set(partitions).size).toBe(partitions.length);
        const messages = group.reduce((n, h) => n + h.chunk.messages.length, 0);
        if (group.length > 1) expect(messages).toBeLessThanOrEqual(GROUP_MESSAGES);
      }
    }
  });

  it("a fetch's small chunks of distinct partitions share one group", () => {
    const handed = [0, 1, 2, 3, 4, 5].map((partition) => ({
      chunk: { topic: 'bank.events', partition, messages: new Array<RelayMessage>(3) },
    }));
    expect(takeGroups(handed)).toEqual([handed]);
  });
});
