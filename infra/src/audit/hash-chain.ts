import { createHash, type Hash } from 'node:crypto';

/**
 * The fields an event's chained hash covers, in the text forms PostgreSQL returns for them
 * (jsonb as its canonical text, recorded_at as microseconds since the Unix epoch).
 */
export interface HashedEventFields {
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  dataText: string;
  metadataText: string;
  recordedAtMicros: bigint;
}

/** SELECT list giving exactly what eventHash needs, in the order of HashedEventFields. */
export const HASHED_COLUMNS_SQL = `event_id::text AS event_id, stream_id, stream_version, type,
  schema_version, data::text AS data_text, metadata::text AS metadata_text,
  (extract(epoch FROM recorded_at) * 1000000)::bigint::text AS recorded_at_micros,
  encode(hash, 'hex') AS hash`;

const lengthPrefix = Buffer.alloc(4);
const int4 = Buffer.alloc(4);
const int8 = Buffer.alloc(8);

function field(hash: Hash, value: Buffer | string): void {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  lengthPrefix.writeUInt32BE(bytes.length, 0);
  hash.update(lengthPrefix);
  hash.update(bytes);
}

function int4Field(hash: Hash, value: number): void {
  int4.writeInt32BE(value, 0);
  field(hash, int4);
}

/**
 * The chained SHA-256 of one event, computed independently of the database's event_hash()
 * (migration 0010) so that a replaced function cannot vouch for altered rows.
 */
export function eventHash(previous: Buffer | null, event: HashedEventFields): Buffer {
  const hash = createHash('sha256');
  field(hash, previous ?? Buffer.alloc(0));
  field(hash, event.eventId);
  field(hash, event.streamId);
  int4Field(hash, event.streamVersion);
  field(hash, event.type);
  int4Field(hash, event.schemaVersion);
  field(hash, event.dataText);
  field(hash, event.metadataText);
  int8.writeBigInt64BE(event.recordedAtMicros, 0);
  field(hash, int8);
  return hash.digest();
}
