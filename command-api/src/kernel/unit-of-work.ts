import type { BankEvent } from '@bank/events';
import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
} from '@bank/infra';
import type { Aggregate } from './aggregate.ts';
import type { HotStreams } from './hot-streams.ts';
import type { StateCache } from './state-cache.ts';

interface Loaded {
  version: number;
  state: unknown;
  aggregate: Aggregate<unknown>;
}

type Versioned = { type: string; data: unknown; schemaVersion: number };

/**
 * One command's reads and writes: streams are loaded (through the cache), events are staged per
 * stream with the version that was read as the expected version, and commit appends them all in
 * one atomic append.
 */
export class UnitOfWork {
  private readonly loaded = new Map<string, Loaded>();
  private readonly staged = new Map<string, { expected: ExpectedVersion; events: Versioned[] }>();

  /** True once a load used a cached state without reading the stream. */
  decidedOnCache = false;

  /**
   * With `trustCache`, a stream whose cached state is current is not read at all: right when
   * this process is the only writer. A decision on a state that moved anyway fails its append
   * (expected version), and the command bus then decides again on what is stored.
   */
  constructor(
    private readonly store: EventStore,
    private readonly cache: StateCache,
    private readonly trustCache = false,
    private readonly hot?: HotStreams,
  ) {}

  private readonly turns: (() => void)[] = [];

  /** Ends this command's turns on hot streams: call once it committed or failed. */
  release(): void {
    for (const release of this.turns.splice(0)) release();
  }

  async load<S>(streamId: string, aggregate: Aggregate<S>): Promise<{ state: S; version: number }> {
    const already = this.loaded.get(streamId);
    if (already) return { state: already.state as S, version: already.version };
    // On a hot stream, wait for the commands before this one, then read what they left.
    if (this.hot?.isHot(streamId)) this.turns.push(await this.hot.turn(streamId));
    const cached = this.cache.get<S>(streamId);
    if (cached && cached.current && this.trustCache) {
      this.decidedOnCache = true;
      this.loaded.set(streamId, {
        version: cached.version,
        state: cached.state,
        aggregate: aggregate as Aggregate<unknown>,
      });
      return { state: cached.state, version: cached.version };
    }
    let state = cached?.state ?? aggregate.initial();
    let version = cached?.version ?? 0;
    for (const recorded of await this.store.readStream(streamId, version)) {
      state = aggregate.evolve(state, recorded.event as BankEvent);
      version = recorded.streamVersion;
    }
    this.cache.set(streamId, version, state);
    this.loaded.set(streamId, { version, state, aggregate: aggregate as Aggregate<unknown> });
    return { state, version };
  }

  /**
   * Loads a stream that almost never exists yet (a fresh idempotency key): when the cache is
   * trusted it is taken as empty without a read. If it exists after all, staging on it with its
   * version 0 conflicts, and any decision is taken again on what is stored.
   */
  async loadPresumedNew<S>(
    streamId: string,
    aggregate: Aggregate<S>,
  ): Promise<{ state: S; version: number }> {
    if (!this.trustCache || this.loaded.has(streamId) || this.cache.get(streamId)) {
      return this.load(streamId, aggregate);
    }
    this.decidedOnCache = true;
    const state = aggregate.initial();
    this.loaded.set(streamId, { version: 0, state, aggregate: aggregate as Aggregate<unknown> });
    return { state, version: 0 };
  }

  /** Stages events on a loaded stream: the append fails if the stream moved since it was read. */
  append(streamId: string, events: Versioned[]): void {
    const loaded = this.loaded.get(streamId);
    if (!loaded) throw new Error(`append to ${streamId} before loading it`);
    this.stage(streamId, loaded.version, events);
  }

  /** Stages events on a stream that must not exist yet (a reservation, a new aggregate). */
  appendNew(streamId: string, events: Versioned[]): void {
    this.stage(streamId, 'no_stream', events);
  }

  /**
   * Stages events where order matters but no decision depended on the stream's state: a credit
   * (it never fails), a notification. Commands doing this on one stream never conflict, so a
   * popular recipient's account does not make payments to it retry.
   */
  appendAny(streamId: string, events: Versioned[]): void {
    this.stage(streamId, 'any', events);
  }

  private stage(streamId: string, expected: ExpectedVersion, events: Versioned[]): void {
    if (events.length === 0) return; // a decision that changes nothing appends nothing
    const existing = this.staged.get(streamId);
    if (existing) existing.events.push(...events);
    else this.staged.set(streamId, { expected, events: [...events] });
  }

  hasChanges(): boolean {
    return this.staged.size > 0;
  }

  async commit(metadata: EventMetadata): Promise<AppendResult | undefined> {
    if (this.staged.size === 0) return undefined;
    const appends = [...this.staged].map(([streamId, { expected, events }]) => ({
      streamId,
      expectedVersion: expected,
      events: events as NewEvent[],
    }));
    let result: AppendResult;
    try {
      result = await this.store.append(appends, metadata);
    } catch (error) {
      if (error instanceof ConcurrencyError) {
        for (const streamId of this.staged.keys()) this.cache.markStale(streamId);
      }
      throw error;
    }
    // Fold what we wrote into the cache so the next command on these streams reads nothing.
    for (const [streamId, { expected, events }] of this.staged) {
      const loaded = this.loaded.get(streamId);
      const version = result.versions[streamId];
      // After an unchecked append, other commands' events may sit between the version read and
      // ours: unless the new version shows there are none, the cache keeps the state it had and
      // the next load reads what came after it.
      if (
        expected === 'any' &&
        (!loaded || version === undefined || version !== loaded.version + events.length)
      ) {
        this.cache.markStale(streamId, version);
        continue;
      }
      if (!loaded || version === undefined) continue;
      const state = events.reduce(
        (s, e) => loaded.aggregate.evolve(s, { type: e.type, data: e.data } as BankEvent),
        loaded.state,
      );
      this.cache.set(streamId, version, state);
    }
    return result;
  }
}
