import {
  otherPartiesOf,
  partitionKeyFromData,
  stampedPartitionKey,
  toEveryPartition,
} from '@bank/events';
import type { RecordedEvent } from '../event-store/types.ts';
import type { Pool } from '../postgres/pool.ts';
import { partitionOf } from './codec.ts';

/** Where the relay sends one event: its key, and each partition that gets a copy. */
export interface Route {
  key: string;
  /** The key's partition first; then the other parties', or every other one. */
  partitions: number[];
}

/** Streams whose owner was looked up, kept while the relay runs (bounded). */
const LOOKUP_CACHE_SIZE = 50_000;

/**
 * Routes events as stored (sealed: the ids the keys come from are never sealed) to partitions.
 * The key is the stamp in the metadata; for an event written before the stamp, its data's owner
 * field; when its data does not name the owner either (a posting written before it did), the
 * owner named by the first event of its stream, looked up once per stream.
 */
export function createEventRouter(pool: Pool) {
  const owners = new Map<string, string>();

  async function lookUpOwners(streamIds: string[]): Promise<void> {
    const wanted = streamIds.filter((id) => !owners.has(id));
    if (wanted.length === 0) return;
    const { rows } = await pool.query<{ stream_id: string; type: string; data: unknown }>(
      `SELECT stream_id, type, data FROM events
        WHERE stream_id = ANY($1::text[]) AND stream_version = 1`,
      [wanted],
    );
    if (owners.size + wanted.length > LOOKUP_CACHE_SIZE) owners.clear();
    const found = new Map(rows.map((r) => [r.stream_id, r]));
    for (const streamId of wanted) {
      const first = found.get(streamId);
      // No customer named anywhere: the stream is its own key.
      const owner = first && partitionKeyFromData(streamId, first.type, first.data);
      owners.set(streamId, owner ?? streamId);
    }
  }

  const keyOf = (e: RecordedEvent) =>
    stampedPartitionKey(e.metadata, e.streamId) ??
    partitionKeyFromData(e.streamId, e.type, e.event.data);

  return {
    /** Each event's route, in order. */
    async route(events: readonly RecordedEvent[], partitions: number): Promise<Route[]> {
      await lookUpOwners([...new Set(events.filter((e) => !keyOf(e)).map((e) => e.streamId))]);
      return events.map((event) => {
        const key = keyOf(event) ?? owners.get(event.streamId)!;
        const home = partitionOf(key, partitions);
        const copies = toEveryPartition.has(event.type)
          ? Array.from({ length: partitions }, (_, p) => p)
          : otherPartiesOf(event.type, event.event.data).map((p) => partitionOf(p, partitions));
        return { key, partitions: [...new Set([home, ...copies])] };
      });
    },
  };
}

export type EventRouter = ReturnType<typeof createEventRouter>;
