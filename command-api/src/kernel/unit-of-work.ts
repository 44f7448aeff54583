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
import type { InFlightAppend, InFlightAppends } from './in-flight.ts';
import type { StateCache } from './state-cache.ts';
import { storedState } from './stored-state.ts';

interface Loaded {
  version: number;
  state: unknown;
  aggregate: Aggregate<unknown>;
  /** Set when the state is the outcome of an append still in flight, not a stored one. */
  via?: InFlightAppend;
}

type Outcome = InFlightAppend['outcome'];

type Versioned = { type: string; data: unknown; schemaVersion: number };

/** How much an expectation checks: a version (or absence) more than 'open', 'open' more than 'any'. */
const strictness = (expected: ExpectedVersion): number =>
  expected === 'any' ? 0 : expected === 'open' ? 1 : 2;

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
    /** Given when this process is the only writer: decisions may build on appends in flight. */
    private readonly inFlight?: InFlightAppends,
  ) {}

  private readonly turns: (() => void)[] = [];
  /** The appends in flight this command's conflict on a stream may be owed to, by stream. */
  private readonly blockedBy = new Map<string, Promise<void>>();

  /** Ends this command's turns on hot streams: call once it committed or failed. */
  release(): void {
    for (const release of this.turns.splice(0)) release();
  }

  async load<S>(streamId: string, aggregate: Aggregate<S>): Promise<{ state: S; version: number }> {
    const already = this.loaded.get(streamId);
    if (already) return { state: already.state as S, version: already.version };
    // On a hot stream, wait for the commands before this one, then read what they left.
    if (this.hot?.isHot(streamId)) this.turns.push(await this.hot.turn(streamId));
    const last = this.inFlight?.last(streamId);
    if (this.trustCache && last?.buildable && last.outcome) {
      this.decidedOnCache = true;
      const { version, state } = last.outcome;
      this.loaded.set(streamId, {
        version,
        state,
        aggregate: aggregate as Aggregate<unknown>,
        via: last,
      });
      return { state: state as S, version };
    }
    // Deciding on what is stored: this process's appends in flight on the stream settle first,
    // or the decision would expect a version they are about to move past.
    if (last) await Promise.all(this.inFlight!.all(streamId).map((a) => a.settled));
    const cached = this.cache.get<S>(streamId);
    if (cached && cached.current && this.trustCache && !last) {
      this.decidedOnCache = true;
      this.loaded.set(streamId, {
        version: cached.version,
        state: cached.state,
        aggregate: aggregate as Aggregate<unknown>,
      });
      return { state: cached.state, version: cached.version };
    }
    const { state, version } = await storedState(this.store, this.cache, streamId, aggregate);
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
    if (
      !this.trustCache ||
      this.loaded.has(streamId) ||
      this.cache.get(streamId) ||
      this.inFlight?.last(streamId)
    ) {
      return this.load(streamId, aggregate);
    }
    this.decidedOnCache = true;
    const state = aggregate.initial();
    this.loaded.set(streamId, { version: 0, state, aggregate: aggregate as Aggregate<unknown> });
    return { state, version: 0 };
  }

  /**
   * Whether a stream this command read from the store has more events now than when it was read.
   * Only a command that read two streams or more can have seen them at different moments.
   */
  async movedSinceRead(): Promise<boolean> {
    const stored = [...this.loaded].filter(([, loaded]) => loaded.via === undefined);
    if (stored.length < 2) return false;
    const moved = await Promise.all(
      stored.map(
        async ([streamId, { version }]) => (await this.store.readStream(streamId, version)).length,
      ),
    );
    return moved.some((count) => count > 0);
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
   * Stages events where order matters but no decision depended on the stream's state: a
   * notification. Commands doing this on one stream never conflict.
   */
  appendAny(streamId: string, events: Versioned[]): void {
    this.stage(streamId, 'any', events);
  }

  /**
   * Stages a credit: it depends on no version of the account, only on its not being closed. The
   * append fails as a conflict only if the stream was closed meanwhile (the store checks), and the
   * command is then decided again on what is stored, which refuses it. Payments to one popular
   * account do not make each other retry.
   */
  appendUnlessClosed(streamId: string, events: Versioned[]): void {
    this.stage(streamId, 'open', events);
  }

  /**
   * Checks, in the command's atomic append, a stream it read but writes nothing to: 'read', the
   * stream is still at the version read (the decision counted what it held); 'open', it was not
   * closed meanwhile. Otherwise the append fails as a conflict and the command is decided again
   * on what is stored. Appends staged on the stream too keep the stricter of the two checks; a
   * command that writes nothing checks nothing.
   */
  expectAtCommit(streamId: string, expect: 'read' | 'open'): void {
    const loaded = this.loaded.get(streamId);
    if (!loaded) throw new Error(`expecting ${streamId} before loading it`);
    this.stage(streamId, expect === 'read' ? loaded.version : 'open', [], true);
  }

  private stage(
    streamId: string,
    expected: ExpectedVersion,
    events: Versioned[],
    checkOnly = false,
  ): void {
    if (events.length === 0 && !checkOnly) return; // a decision that changes nothing appends nothing
    const existing = this.staged.get(streamId);
    if (!existing) this.staged.set(streamId, { expected, events: [...events] });
    else {
      existing.events.push(...events);
      if (strictness(expected) > strictness(existing.expected)) existing.expected = expected;
    }
  }

  /** Whether the command writes anything (checks alone are not written). */
  hasChanges(): boolean {
    return [...this.staged.values()].some((s) => s.events.length > 0);
  }

  /** When a conflict on the stream followed from this process's own appends in flight: they settled. */
  predecessorsSettled(streamId: string): Promise<void> | undefined {
    const via = this.loaded.get(streamId)?.via;
    return this.blockedBy.get(streamId) ?? (via?.stored !== true ? via?.settled : undefined);
  }

  async commit(metadata: EventMetadata): Promise<AppendResult | undefined> {
    if (!this.hasChanges()) return undefined;
    const appends = [...this.staged].map(([streamId, { expected, events }]) => ({
      streamId,
      expectedVersion: expected,
      events: events as NewEvent[],
      ...(this.loaded.get(streamId)?.aggregate.writtenOnce ? { writtenOnce: true } : {}),
    }));
    // What each stream will hold if the append lands as decided, when known.
    const outcomes = new Map<string, Outcome>(
      [...this.staged].map(([streamId, { events }]) => [streamId, this.outcome(streamId, events)]),
    );
    const joined = new Map<string, InFlightAppend>();
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const onQueue = this.inFlight && (() => this.joinChains(outcomes, joined, settled));
    let result: AppendResult;
    try {
      result = await this.store.append(appends, metadata, onQueue);
    } catch (error) {
      if (error instanceof ConcurrencyError) {
        for (const streamId of this.staged.keys()) this.cache.markStale(streamId);
      }
      for (const [streamId, append] of joined) this.inFlight!.settle(streamId, append, false);
      settle();
      throw error;
    }
    // Fold what we wrote into the cache so the next command on these streams reads nothing.
    for (const streamId of this.staged.keys()) {
      const version = result.versions[streamId];
      const outcome = outcomes.get(streamId);
      const asDecided = outcome !== undefined && version === outcome.version;
      if (this.loaded.get(streamId)?.aggregate.writtenOnce) this.cache.forget(streamId);
      else if (asDecided) this.cache.set(streamId, version, outcome.state);
      // After an unchecked append, other commands' events may sit between the version read and
      // ours: unless the new version shows there are none, the cache keeps the state it had and
      // the next load reads what came after it.
      else if (version !== undefined) this.cache.markStale(streamId, version);
      const append = joined.get(streamId);
      if (append) this.inFlight!.settle(streamId, append, asDecided);
    }
    settle();
    return result;
  }

  /** The version and state a stream will have after these events, if its base state is stored. */
  private outcome(streamId: string, events: Versioned[]): Outcome {
    const loaded = this.loaded.get(streamId);
    if (!loaded || (loaded.via && loaded.via.stored !== true)) return undefined;
    return this.folded(loaded.aggregate, loaded, events);
  }

  private folded(
    aggregate: Aggregate<unknown>,
    base: { version: number; state: unknown },
    events: Versioned[],
  ): NonNullable<Outcome> {
    const state = events.reduce(
      (s, e) => aggregate.evolve(s, { type: e.type, data: e.data } as BankEvent),
      base.state,
    );
    return { version: base.version + events.length, state };
  }

  /**
   * Runs as the append joins the store's queue (synchronously, so nothing else joins meanwhile):
   * each stream's append becomes the last of the stream's chain in flight, and the next command
   * may decide on its outcome. A checked append that was not decided on the outcome of the chain's
   * last append (or on a stored state, when the chain is empty) does not join: its expected
   * version could be reached by another path and wrongly hold, so it fails as a conflict and is
   * decided again once what it depended on settled.
   */
  private joinChains(
    outcomes: Map<string, Outcome>,
    joined: Map<string, InFlightAppend>,
    settled: Promise<void>,
  ): void {
    const chains = this.inFlight!;
    const joining: [string, InFlightAppend][] = [];
    for (const [streamId, { expected, events }] of this.staged) {
      const loaded = this.loaded.get(streamId);
      const last = chains.last(streamId);
      const behindLast = loaded?.via !== undefined && loaded.via === last && last.buildable;
      const onInFlight = loaded?.via !== undefined && loaded.via.stored !== true;
      // 'open' checks no version: it lands behind whatever is queued (and fails in the store if
      // that closed the stream).
      const unchecked = expected === 'any' || expected === 'open';
      if (!unchecked && !behindLast && (last || onInFlight)) {
        this.blockedBy.set(streamId, (last ?? loaded!.via!).settled);
        throw new ConcurrencyError(streamId);
      }
      // A chain begins only on the stream's known head: then each append in it lands if and only
      // if every one before it did.
      const head = this.cache.get(streamId);
      const knownHead = !last && head?.current === true ? head : undefined;
      // An unchecked append lands right behind whatever was queued before it, whatever it was
      // decided on: its outcome follows from the chain's (or the head's), folded with its events.
      const base = unchecked
        ? last?.buildable
          ? last.outcome
          : knownHead
        : behindLast || (knownHead && !onInFlight && knownHead.version === loaded?.version)
          ? loaded
          : undefined;
      // Decided on what was loaded: commit() has already folded that outcome.
      const foldedOnLoaded = base === loaded ? outcomes.get(streamId) : undefined;
      const outcome =
        base && loaded && (foldedOnLoaded ?? this.folded(loaded.aggregate, base, events));
      outcomes.set(streamId, outcome ?? this.outcome(streamId, events));
      joining.push([
        streamId,
        { outcome: outcomes.get(streamId), buildable: outcome !== undefined, settled },
      ]);
    }
    for (const [streamId, append] of joining) {
      chains.add(streamId, append);
      joined.set(streamId, append);
    }
    // The next command on these streams may decide now, on what this one will leave.
    this.release();
  }
}
