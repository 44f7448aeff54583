import { createHash, hash as oneShotHash, type Hash } from 'node:crypto';

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

const TWO_32 = 2 ** 32;

/**
 * The same hash as eventHash, for verifying millions of rows: each event is laid out in one
 * reused buffer and hashed in a single call, the previous hash and the result stay in hex (the
 * form the scan reads), and recorded_at is a Number (microseconds fit in 2^53 until year 2255).
 */
export class ChainHasher {
  private scratch = Buffer.allocUnsafe(64 * 1024);
  private offset = 0;

  private text(value: string): void {
    const written = this.scratch.write(value, this.offset + 4, 'utf8');
    this.scratch.writeUInt32BE(written, this.offset);
    this.offset += 4 + written;
  }

  private int4(value: number): void {
    this.scratch.writeUInt32BE(4, this.offset);
    this.scratch.writeInt32BE(value, this.offset + 4);
    this.offset += 8;
  }

  /** The chained hash in hex; previousHex is '' (or null) for the first event of a stream. */
  hashHex(
    previousHex: string | null,
    eventId: string,
    streamId: string,
    streamVersion: number,
    type: string,
    schemaVersion: number,
    dataText: string,
    metadataText: string,
    recordedAtMicros: number,
  ): string {
    if (!Number.isSafeInteger(recordedAtMicros)) {
      return eventHash(previousHex ? Buffer.from(previousHex, 'hex') : null, {
        eventId,
        streamId,
        streamVersion,
        type,
        schemaVersion,
        dataText,
        metadataText,
        recordedAtMicros: BigInt(recordedAtMicros),
      }).toString('hex');
    }
    // UTF-8 takes at most 3 bytes per UTF-16 code unit; Buffer.write would silently truncate.
    const room =
      (previousHex?.length ?? 0) +
      3 * (eventId.length + streamId.length + type.length + dataText.length + metadataText.length) +
      64;
    if (room > this.scratch.length) this.scratch = Buffer.allocUnsafe(2 * room);
    this.offset = 0;
    const previousBytes = previousHex ? this.scratch.write(previousHex, this.offset + 4, 'hex') : 0;
    this.scratch.writeUInt32BE(previousBytes, 0);
    this.offset = 4 + previousBytes;
    this.text(eventId);
    this.text(streamId);
    this.int4(streamVersion);
    this.text(type);
    this.int4(schemaVersion);
    this.text(dataText);
    this.text(metadataText);
    const high = Math.floor(recordedAtMicros / TWO_32);
    this.scratch.writeUInt32BE(8, this.offset);
    this.scratch.writeInt32BE(high, this.offset + 4);
    this.scratch.writeUInt32BE(recordedAtMicros - high * TWO_32, this.offset + 8);
    this.offset += 12;
    return oneShotHash('sha256', this.scratch.subarray(0, this.offset), 'hex');
  }
}
