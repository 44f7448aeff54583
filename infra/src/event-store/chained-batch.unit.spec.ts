import { afterEach, describe, expect, it, vi } from 'vitest';
import { planChainedBatch, recordedClock, type BatchCommand } from './chained-batch.ts';
import { ChainHasher } from './hash-chain.ts';
import { jsonbText } from './jsonb-text.ts';
import type { StreamHead } from './stream-heads.ts';

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

describe('planChainedBatch on closed streams', () => {
  const closing = { type: 'AccountClosed', schemaVersion: 1, data: {} };
  const plan = (commands: BatchCommand['appends'][], head: (s: string) => StreamHead | undefined) =>
    planChainedBatch(
      commands.map((appends) => ({ appends, metadata: {} })),
      head,
      new ChainHasher(),
      recordedClock(),
    );

  it("fails an 'open' append to a stream known closed, and asks the database about the others", () => {
    const heads: Record<string, StreamHead> = {
      closed: { version: 4, hash: 'ab'.repeat(32), closed: true },
      open: { version: 2, hash: 'cd'.repeat(32) },
    };
    const planned = plan(
      [
        [{ streamId: 'closed', expectedVersion: 'open', events: [event(1)] }],
        [{ streamId: 'open', expectedVersion: 'open', events: [event(2)] }],
        // 'any' is not about closing: a notification still lands.
        [{ streamId: 'closed', expectedVersion: 'any', events: [event(3)] }],
      ],
      (s) => heads[s],
    );
    expect(planned.outcomes).toEqual([
      { conflict: 'closed' },
      { versions: { open: 3 }, lastEvent: 0 },
      { versions: { closed: 5 }, lastEvent: 1 },
    ]);
    // The database checks the stream no one here knows to be closed.
    expect(planned.values[13]).toEqual(['open']);
  });

  it("fails an 'open' append behind a close in the same group commit, not one before it", () => {
    const planned = plan(
      [
        [{ streamId: 'acct', expectedVersion: 'open', events: [event(1)] }],
        [{ streamId: 'acct', expectedVersion: 2, events: [closing] }],
        [{ streamId: 'acct', expectedVersion: 'open', events: [event(2)] }],
      ],
      () => ({ version: 1, hash: 'ef'.repeat(32) }),
    );
    expect(planned.outcomes).toEqual([
      { versions: { acct: 2 }, lastEvent: 0 },
      { versions: { acct: 3 }, lastEvent: 1 },
      { conflict: 'acct' },
    ]);
    expect(planned.after.get('acct')).toMatchObject({ version: 3, closed: true });
    // Checked against the stream as it was before the batch: open, unless the database knows better.
    expect(planned.values[13]).toEqual(['acct']);
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
