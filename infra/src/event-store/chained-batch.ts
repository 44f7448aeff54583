import { randomUUID } from 'node:crypto';
import { PARTITION_KEY } from '@bank/events';
import type { ChainHasher } from './hash-chain.ts';
import { jsonbText } from './jsonb-text.ts';
import { CLOSING_EVENT_TYPES, EMPTY_HEAD, type StreamHead } from './stream-heads.ts';
import type { EventMetadata, ExpectedVersion, StreamAppend } from './types.ts';

/** One command of a group commit, as the store queued it. */
export interface BatchCommand {
  appends: StreamAppend[];
  metadata: EventMetadata;
  /** Each stream's partition key, stamped on its own events' metadata only. */
  partitionKeys?: Readonly<Record<string, string>>;
}

/** What a command of the batch comes to if every stream is at the head the plan assumed. */
export type PlannedOutcome =
  | { conflict: string }
  | {
      versions: Record<string, number>;
      /** Index (in the plan's events) of the command's last event. */
      lastEvent: number;
    };

/** A group commit decided and hashed by the bank: the arguments of append_events(). */
export interface ChainedBatch {
  /** The head each stream of the batch is assumed to be at before it. */
  assumed: Map<string, StreamHead>;
  /** The head each stream is at after the batch, if the assumption holds. */
  after: Map<string, StreamHead>;
  outcomes: PlannedOutcome[];
  values: unknown[];
}

const expectedHolds = (expected: ExpectedVersion, head: StreamHead): boolean => {
  if (expected === 'any') return true;
  if (expected === 'open') return head.closed !== true;
  return expected === 'no_stream' ? head.version === 0 : expected === head.version;
};

/**
 * The streams of a batch whose head must be read before it can be planned: those the store does
 * not know, except a stream that every command of the batch creates (assumed empty: if it exists
 * after all, the database says so and the plan is made again on its real head).
 */
export function headsToRead(
  batch: readonly BatchCommand[],
  known: (streamId: string) => StreamHead | undefined,
): string[] {
  const unknown = new Map<string, boolean>();
  for (const command of batch) {
    for (const a of command.appends) {
      if (known(a.streamId)) continue;
      unknown.set(
        a.streamId,
        (unknown.get(a.streamId) ?? false) || a.expectedVersion !== 'no_stream',
      );
    }
  }
  return [...unknown].filter(([, mustRead]) => mustRead).map(([streamId]) => streamId);
}

/**
 * Microseconds since the epoch from the wall clock, rising strictly for the event store that owns
 * it: two events of one store are never stamped alike, even when the wall clock steps back.
 */
export function recordedClock(): () => number {
  let last = 0;
  return () => {
    const now = Date.now() * 1000;
    last = now > last ? now : last + 1;
    return last;
  };
}

/** A timestamptz literal with all six fractional digits (a Date keeps milliseconds only). */
function timestampText(micros: number): string {
  const iso = new Date(Math.floor(micros / 1000)).toISOString();
  return `${iso.slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`;
}

function textOf(value: unknown, what: string): string {
  const text = jsonbText(value);
  if (text === undefined) throw new TypeError(`${what} has no JSON form`);
  return text;
}

/**
 * Decides a group commit on the heads given, as append_batch() decided it on the stored ones:
 * each command in turn against the versions the commands before it leave, a command whose
 * expected version does not hold being a conflict that changes nothing. Numbers the accepted
 * events and chains their hashes (the fields and order of event_hash(), jsonb as PostgreSQL's
 * canonical text, recorded_at stamped here).
 */
export function planChainedBatch(
  batch: readonly BatchCommand[],
  headOf: (streamId: string) => StreamHead | undefined,
  hasher: ChainHasher,
  recordedMicros: () => number,
): ChainedBatch {
  const assumed = new Map<string, StreamHead>();
  const after = new Map<string, StreamHead>();
  const head = (streamId: string): StreamHead => {
    let current = after.get(streamId);
    if (!current) {
      current = headOf(streamId) ?? EMPTY_HEAD;
      assumed.set(streamId, current);
      after.set(streamId, current);
    }
    return current;
  };
  const outcomes: PlannedOutcome[] = [];
  const ids: string[] = [];
  const streams: string[] = [];
  const versions: number[] = [];
  const types: string[] = [];
  const schemaVersions: number[] = [];
  const recordedAts: string[] = [];
  const hashes: string[] = [];
  /** Streams that must not be closed before the batch: the database checks the ones not known. */
  const mustBeOpen = new Set<string>();
  const owners: number[] = [];
  const datas: string[] = [];
  const metadatas: string[] = [];
  for (const command of batch) {
    const conflict = command.appends.find(
      (a) => !expectedHolds(a.expectedVersion, head(a.streamId)),
    );
    if (conflict) {
      outcomes.push({ conflict: conflict.streamId });
      continue;
    }
    // The command's metadata, with each stream's own partition key where it has one: one map of
    // every stream's key on every event would make a transfer's events several times larger.
    // Streams of one owner share one key (a transfer's five streams are one customer's), so
    // each distinct key's metadata is written once per command.
    let shared: number | undefined;
    const byKey = new Map<string, number>();
    const metadataOf = (streamId: string): number => {
      const key = command.partitionKeys?.[streamId];
      if (key === undefined) {
        if (shared === undefined) {
          shared = metadatas.length;
          metadatas.push(textOf(command.metadata, 'metadata'));
        }
        return shared;
      }
      let index = byKey.get(key);
      if (index === undefined) {
        index = metadatas.length;
        metadatas.push(textOf({ ...command.metadata, [PARTITION_KEY]: key }, 'metadata'));
        byKey.set(key, index);
      }
      return index;
    };
    const commandVersions: Record<string, number> = {};
    for (const { streamId, events, expectedVersion } of command.appends) {
      const owner = events.length > 0 ? metadataOf(streamId) : -1;
      const metadataText = metadatas[owner] ?? '';
      let { version, hash, closed } = head(streamId);
      if (expectedVersion === 'open') mustBeOpen.add(streamId);
      for (const event of events) {
        version += 1;
        const id = event.eventId ?? randomUUID();
        const dataText = textOf(event.data, `${event.type}'s data`);
        const micros = recordedMicros();
        hash = hasher.hashHex(
          hash,
          id,
          streamId,
          version,
          event.type,
          event.schemaVersion,
          dataText,
          metadataText,
          micros,
        );
        ids.push(id);
        streams.push(streamId);
        versions.push(version);
        types.push(event.type);
        schemaVersions.push(event.schemaVersion);
        recordedAts.push(timestampText(micros));
        hashes.push(hash);
        owners.push(owner);
        datas.push(dataText);
        if (CLOSING_EVENT_TYPES.has(event.type)) closed = true;
      }
      after.set(streamId, closed ? { version, hash, closed } : { version, hash });
      commandVersions[streamId] = version;
    }
    outcomes.push({ versions: commandVersions, lastEvent: ids.length - 1 });
  }
  const heads = [...assumed];
  return {
    assumed,
    after,
    outcomes,
    values: [
      heads.map(([streamId]) => streamId),
      heads.map(([, h]) => h.version),
      heads.map(([, h]) => h.hash),
      ids,
      streams,
      versions,
      types,
      schemaVersions,
      recordedAts,
      hashes,
      owners,
      `[${datas.join(',')}]`,
      `[${metadatas.join(',')}]`,
      [...mustBeOpen],
    ],
  };
}

export const APPEND_EVENTS_SQL = `SELECT * FROM append_events($1::text[], $2::int[], $3::text[],
  $4::uuid[], $5::text[], $6::int[], $7::text[], $8::int[], $9::timestamptz[], $10::text[],
  $11::int[], $12::jsonb, $13::jsonb, $14::text[])`;
