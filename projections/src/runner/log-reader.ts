import { catalogue, PARTITION_KEY, PARTITION_KEYS } from '@bank/events';
import {
  EVENT_COLUMNS,
  readLogRows,
  readTolerantly,
  recordedEvent,
  storedOf,
  type EventRow,
  type EventStore,
  type Pool,
  type Position,
  type RecordedEvent,
} from '@bank/infra';
import type { Projection } from '../projection.ts';

/** The event types a projection has handlers for: the only ones a rebuild of it needs to read. */
export const handledTypes = (projection: Projection): string[] =>
  Object.keys(projection.handlers).sort();

/** What a rebuild of a projection opens sealed personal data with: nothing, if it reads none. */
export const openerFor = (
  projection: Projection,
  store: Pick<EventStore, 'openRows'>,
): Pick<EventStore, 'openRows'> => (projection.readsPersonalData === false ? {} : store);

/**
 * EVENT_COLUMNS less the metadata's partition keys: they say where scale mode's relay sends an
 * event on Kafka, which no projection reads. Events written before each carried only its own
 * stream's key hold the keys of every stream of their append (about 500 of a transfer posting's
 * 680 characters of metadata), which every event of a rebuild would otherwise carry and parse.
 */
const REBUILD_COLUMNS = EVENT_COLUMNS.replace(
  /\bmetadata\b/,
  `metadata - '{${PARTITION_KEY},${PARTITION_KEYS}}'::text[] AS metadata`,
);

/**
 * Reads committed events after `after` in the global order, like EventStore.readAll, for
 * rebuilds and catch-up over a long log (readLogRows: one short transaction, the index on the
 * global order forced), only events of `types` when given, and the metadata without its partition
 * keys (REBUILD_COLUMNS). Sealed personal data is opened by the store (if it can open rows) and
 * every event is read through the catalogue (upcast and validated), as the store's own readAll
 * does: one it cannot read comes as an UnreadableEvent, which no projection handles.
 */
export async function readLogBatch(
  pool: Pool,
  store: Pick<EventStore, 'openRows'>,
  after: Position,
  limit: number,
  types?: readonly string[],
  /** Told the last visible position of the log (of any type) in the batch's snapshot. */
  onHead?: (head: Position | undefined) => void,
): Promise<RecordedEvent[]> {
  const { rows, head } = await readLogRows(pool, after, limit, {
    types,
    columns: REBUILD_COLUMNS,
    withHead: onHead !== undefined,
  });
  onHead?.(head);
  return recordedEvents(store, rows);
}

/**
 * Rows of the log as recorded events: sealed personal data opened (if the store can), each read
 * through the catalogue, one it cannot read as an UnreadableEvent.
 */
export async function recordedEvents(
  store: Pick<EventStore, 'openRows'>,
  rows: EventRow[],
): Promise<RecordedEvent[]> {
  if (rows.length === 0) return [];
  await store.openRows?.(rows);
  return rows.map((row) => recordedEvent(row, readTolerantly(catalogue, storedOf(row), row.data)));
}
