import { type EventMetadata, type RecordedEvent, positionFromColumns } from './types.ts';

/** An events row as EVENT_COLUMNS selects it. */
export interface EventRow {
  global_position: number;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

export const EVENT_COLUMNS =
  'global_position, transaction_id::text AS transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at';

/** The recorded event of a row, with its data already read (opened, upcast) as `event`. */
export const recordedEvent = (row: EventRow, event: RecordedEvent['event']): RecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.type,
  schemaVersion: row.schema_version,
  event,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
  position: positionFromColumns(row.transaction_id, row.global_position),
});

/** The identity of a stored row, as a tolerant read reports it. */
export const storedOf = (row: EventRow) => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  type: row.type,
  schemaVersion: row.schema_version,
});
