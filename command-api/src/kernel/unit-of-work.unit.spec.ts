import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type StreamAppend,
} from '@bank/infra';
import { describe, expect, it } from 'vitest';
import type { Aggregate } from './aggregate.ts';
import { InFlightAppends } from './in-flight.ts';
import { StateCache } from './state-cache.ts';
import { UnitOfWork } from './unit-of-work.ts';

/** A balance folded from 'Add' events: enough to see which state a decision was taken on. */
const balance: Aggregate<number> = {
  name: 'balance',
  initial: () => 0,
  evolve: (state, event) => state + (event.data as { amount: number }).amount,
};
const add = (amount: number) => [{ type: 'Add', schemaVersion: 1, data: { amount } }];

/** An event store whose appends wait in a queue until the test lands or fails them. */
function heldStore() {
  const queued: {
    appends: StreamAppend[];
    land: (versions: Record<string, number>) => void;
    fail: () => void;
  }[] = [];
  const store = {
    append(appends: StreamAppend[], _metadata: unknown, onQueue?: () => void) {
      return new Promise<AppendResult>((resolve, reject) => {
        onQueue?.();
        queued.push({
          appends,
          land: (versions) =>
            resolve({ position: { transactionId: 1n, globalPosition: 1 }, versions }),
          fail: () => reject(new ConcurrencyError(appends[0]!.streamId)),
        });
      });
    },
    readStream: () => Promise.resolve([]),
  } as unknown as EventStore;
  return { store, queued };
}

function setup() {
  const { store, queued } = heldStore();
  const cache = new StateCache();
  cache.set('s', 1, 100); // the stream's stored head: version 1, balance 100
  const inFlight = new InFlightAppends();
  const uow = () => new UnitOfWork(store, cache, true, undefined, inFlight);
  return { queued, cache, inFlight, uow };
}

describe('unit of work on the sole writer', () => {
  it('decides on the outcome of an append still in flight and queues right behind it', async () => {
    const { queued, cache, uow } = setup();
    const first = uow();
    await first.load('s', balance);
    first.append('s', add(-30));
    const landing = first.commit({});

    const second = uow();
    expect(await second.load('s', balance)).toEqual({ state: 70, version: 2 });
    // A credit decided on nothing in particular still joins the chain: the next command sees it.
    second.appendAny('s', add(5));
    const crediting = second.commit({});
    const third = uow();
    expect(await third.load('s', balance)).toEqual({ state: 75, version: 3 });

    expect(queued.map((q) => q.appends[0]!.expectedVersion)).toEqual([1, 'any']);
    queued[0]!.land({ s: 2 });
    queued[1]!.land({ s: 3 });
    await Promise.all([landing, crediting]);
    expect(cache.get('s')).toMatchObject({ version: 3, state: 75, current: true });
  });

  it('sends nothing decided on an append that failed, and says what to wait for before deciding again', async () => {
    const { queued, cache, uow } = setup();
    const first = uow();
    await first.load('s', balance);
    first.append('s', add(-30));
    const failing = first.commit({});
    const second = uow();
    await second.load('s', balance);
    second.append('s', add(-60));

    queued[0]!.fail();
    await expect(failing).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(second.commit({})).rejects.toBeInstanceOf(ConcurrencyError);
    expect(queued).toHaveLength(1);
    await expect(second.predecessorsSettled('s')).resolves.toBeUndefined();
    // Decided again, on what is stored.
    const again = uow();
    expect(await again.load('s', balance)).toMatchObject({ version: 1 });
    expect(cache.get('s')).toMatchObject({ version: 1, state: 100 });
  });

  it('lets nothing build on the appends queued behind a failed one', async () => {
    const { queued, inFlight, uow } = setup();
    const first = uow();
    await first.load('s', balance);
    first.append('s', add(-30));
    const failing = first.commit({}).catch(() => 'failed');
    const second = uow();
    await second.load('s', balance);
    second.append('s', add(-10));
    const doomed = second.commit({}).catch(() => 'failed');

    queued[0]!.fail();
    expect(await failing).toBe('failed');
    expect(inFlight.last('s')).toMatchObject({ buildable: false });
    // A command now waits for the doomed append to settle, then reads what is stored.
    const third = uow();
    let loaded = false;
    const loading = third.load('s', balance).then((r) => ((loaded = true), r));
    await new Promise((r) => setTimeout(r, 10));
    expect(loaded).toBe(false);
    queued[1]!.fail();
    expect(await doomed).toBe('failed');
    expect(await loading).toMatchObject({ version: 1 });
  });

  it('fails a checked append decided out of turn before it is sent', async () => {
    const { queued, uow } = setup();
    const [a, b] = [uow(), uow()];
    await a.load('s', balance);
    await b.load('s', balance); // both on version 1
    a.append('s', add(-30));
    b.append('s', add(-30));
    const landing = a.commit({});
    await expect(b.commit({})).rejects.toBeInstanceOf(ConcurrencyError);
    expect(queued).toHaveLength(1);
    const waited = b.predecessorsSettled('s');
    expect(waited).toBeDefined();
    queued[0]!.land({ s: 2 });
    await Promise.all([landing, waited]);
  });
});

describe('folding a decision', () => {
  it("folds each command's events into the state once, whether the stream was stored or in flight", async () => {
    const { queued, uow } = setup();
    let folds = 0;
    const counted: Aggregate<number> = {
      ...balance,
      evolve: (state, event) => ((folds += 1), balance.evolve(state, event)),
    };
    const first = uow();
    await first.load('s', counted);
    first.append('s', add(-30));
    const landing = first.commit({});
    expect(folds).toBe(1);

    const second = uow();
    expect(await second.load('s', counted)).toEqual({ state: 70, version: 2 });
    second.append('s', add(-20));
    const following = second.commit({});
    expect(folds).toBe(2);

    queued[0]!.land({ s: 2 });
    queued[1]!.land({ s: 3 });
    await Promise.all([landing, following]);
    expect(await uow().load('s', counted)).toEqual({ state: 50, version: 3 });
    expect(folds).toBe(2);
  });
});

describe('what the state cache keeps after a commit', () => {
  const receipt: Aggregate<number> = { ...balance, name: 'receipt', writtenOnce: true };

  it('keeps the decided state of a stream commands come back to, and nothing of one written once', async () => {
    const { store, queued } = heldStore();
    const cache = new StateCache();
    const uow = new UnitOfWork(store, cache, true);
    await uow.load('account', balance);
    await uow.loadPresumedNew('receipt', receipt);
    uow.append('account', add(50));
    uow.append('receipt', add(7));
    const committing = uow.commit({});
    // The store is told too, so it keeps no head for the stream written once.
    expect(queued[0]!.appends.map((a) => [a.streamId, a.writtenOnce ?? false])).toEqual([
      ['account', false],
      ['receipt', true],
    ]);
    queued[0]!.land({ account: 1, receipt: 1 });
    await committing;
    expect(cache.get('account')).toMatchObject({ version: 1, state: 50, current: true });
    expect(cache.get('receipt')).toBeUndefined();
  });

  it('reads a stream written once from the store when a later command loads it', async () => {
    const reads: string[] = [];
    const store = {
      append: () =>
        Promise.resolve({
          position: { transactionId: 1n, globalPosition: 1 },
          versions: { receipt: 1 },
        }),
      readStream: (streamId: string) => {
        reads.push(streamId);
        return Promise.resolve([{ event: { type: 'Add', data: { amount: 7 } }, streamVersion: 1 }]);
      },
    } as unknown as EventStore;
    const cache = new StateCache();
    const writing = new UnitOfWork(store, cache, true);
    await writing.loadPresumedNew('receipt', receipt);
    writing.append('receipt', add(7));
    await writing.commit({});
    expect(reads).toEqual([]);
    const later = await new UnitOfWork(store, cache, true).load('receipt', receipt);
    expect(later).toEqual({ state: 7, version: 1 });
    expect(reads).toEqual(['receipt']);
    expect(cache.get('receipt')).toBeUndefined();
  });
});

describe('a stream read and only checked at commit', () => {
  /** A store that records what each commit asks of it. */
  function recordingStore() {
    const sent: StreamAppend[][] = [];
    const store = {
      append: (appends: StreamAppend[]) => {
        sent.push(appends);
        return Promise.resolve({
          position: { transactionId: 1n, globalPosition: 1 },
          versions: {},
        });
      },
      readStream: () =>
        Promise.resolve([{ event: { type: 'Add', data: { amount: 5 } }, streamVersion: 1 }]),
    } as unknown as EventStore;
    return { store, sent };
  }

  it('goes with the append as an expectation without events, the stricter one kept', async () => {
    const { store, sent } = recordingStore();
    const uow = new UnitOfWork(store, new StateCache());
    for (const s of ['book', 'account', 'other']) await uow.load(s, balance);
    uow.expectAtCommit('book', 'read');
    uow.expectAtCommit('account', 'open');
    uow.append('account', add(1)); // the append checks the version read: more than 'open'
    uow.appendUnlessClosed('other', add(2));
    uow.expectAtCommit('other', 'read');
    await uow.commit({});
    expect(sent).toEqual([
      [
        { streamId: 'book', expectedVersion: 1, events: [] },
        { streamId: 'account', expectedVersion: 1, events: add(1) },
        { streamId: 'other', expectedVersion: 1, events: add(2) },
      ],
    ]);
  });

  it('sends nothing when the command writes nothing', async () => {
    const { store, sent } = recordingStore();
    const uow = new UnitOfWork(store, new StateCache());
    await uow.load('book', balance);
    uow.expectAtCommit('book', 'read');
    expect(uow.hasChanges()).toBe(false);
    expect(await uow.commit({})).toBeUndefined();
    expect(sent).toEqual([]);
  });
});
