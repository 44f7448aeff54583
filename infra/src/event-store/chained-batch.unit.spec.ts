import { afterEach, describe, expect, it, vi } from 'vitest';
import { planChainedBatch, recordedClock, type BatchCommand } from './chained-batch.ts';
import { ChainHasher } from './hash-chain.ts';
import { jsonbText } from './jsonb-text.ts';

const event = (n: number) => ({ type: 'NotificationRaised', schemaVersion: 1, data: { n } });

describe('planChainedBatch', () => {
  it("writes a command's metadata once per partition key, and hashes each event with its own", () => {
    const command: BatchCommand = {
      appends: [
        { streamId: 'a-1', expectedVersion: 'no_stream', events: [event(1), event(2)] },
        { streamId: 'b-1', expectedVersion: 'any', events: [event(3)] },
        { streamId: 'c-1', expectedVersion: 'any', events: [event(4)] },
        { streamId: 'd-1', expectedVersion: 'any', events: [event(5)] },
      ],
      metadata: { actor: 'test' },
      // Three streams of one owner, one of another, one with no key at all.
      partitionKeys: { 'a-1': 'owner-1', 'b-1': 'owner-2', 'c-1': 'owner-1' },
    };
    const plan = planChainedBatch([command], () => undefined, new ChainHasher(), recordedClock());
    const owners = plan.values[10] as number[];
    const metadatas = JSON.parse(plan.values[12] as string) as Record<string, unknown>[];
    const metadataOf = owners.map((owner) => metadatas[owner]);
    expect(metadataOf).toEqual([
      { actor: 'test', partitionKey: 'owner-1' },
      { actor: 'test', partitionKey: 'owner-1' },
      { actor: 'test', partitionKey: 'owner-2' },
      { actor: 'test', partitionKey: 'owner-1' },
      { actor: 'test' },
    ]);
    expect(metadatas).toHaveLength(3);

    // Each event's hash covers the metadata text it is stored with.
    const hasher = new ChainHasher();
    const [ids, streams, versions, , , recordedAts, hashes] = [3, 4, 5, 6, 7, 8, 9].map(
      (i) => plan.values[i] as (string | number)[],
    ) as [string[], string[], number[], string[], number[], string[], string[]];
    const previous = new Map<string, string>();
    ids.forEach((id, i) => {
      const recorded = new Date(recordedAts[i]!);
      const micros = recorded.getTime() * 1000 + Number(recordedAts[i]!.slice(23, 26));
      const expected = hasher.hashHex(
        previous.get(streams[i]!) ?? null,
        id,
        streams[i]!,
        versions[i]!,
        'NotificationRaised',
        1,
        jsonbText(command.appends.flatMap((a) => a.events)[i]!.data)!,
        jsonbText(metadataOf[i])!,
        micros,
      );
      expect(hashes[i]).toBe(expected);
      previous.set(streams[i]!, expected);
    });
  });
});

describe('recordedClock', () => {
  afterEach(() => vi.useRealTimers());

  it('stamps strictly rising times for one store, even when the wall clock steps back', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-20T15:00:00Z'));
    const clock = recordedClock();
    const first = clock();
    expect(first).toBe(Date.parse('2027-01-20T15:00:00Z') * 1000);
    vi.setSystemTime(new Date('2026-12-02T15:00:00Z'));
    expect(clock()).toBe(first + 1);
    expect(clock()).toBe(first + 2);
  });

  it("starts each store from the wall clock, not from another store's last stamp", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-20T15:00:00Z'));
    recordedClock()();
    vi.setSystemTime(new Date('2026-12-02T15:00:00Z'));
    expect(recordedClock()()).toBe(Date.parse('2026-12-02T15:00:00Z') * 1000);
  });
});
