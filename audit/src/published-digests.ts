import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inTransaction, READ_ONLY_SNAPSHOT, type Pool } from '@bank/infra';

/**
 * One publication of the log digest, one JSON line of an append-only file: the head (version and
 * hash) of every stream that changed since the previous line of the same file (every stream, in
 * the first line). Since each head's hash chains everything before it in its stream, a line binds
 * the whole of each stream it names up to that version.
 */
export interface DigestRecord {
  /** When it was published. */
  at: string;
  /**
   * Every event of a transaction below this id was committed or abandoned when the record was
   * read, so the next publication looks only at transactions from here on.
   */
  upTo: string;
  streams: number;
  heads: Record<string, [version: number, hash: string]>;
}

/** The newest published head of one stream. */
export interface PublishedHead {
  version: number;
  hash: string;
  at: string;
}

/** A head as publishLogDigest writes it: a version and a SHA-256 in hex. */
const isHead = (value: unknown): value is [number, string] =>
  Array.isArray(value) &&
  value.length === 2 &&
  Number.isSafeInteger(value[0]) &&
  (value[0] as number) >= 0 &&
  typeof value[1] === 'string' &&
  /^[0-9a-f]{64}$/.test(value[1]);

function isDigestRecord(value: unknown): value is DigestRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { at, upTo, heads } = value as Partial<DigestRecord>;
  return (
    typeof at === 'string' &&
    !Number.isNaN(Date.parse(at)) &&
    typeof upTo === 'string' &&
    typeof heads === 'object' &&
    heads !== null &&
    !Array.isArray(heads) &&
    Object.values(heads).every(isHead)
  );
}

/** The file's records; a line that is not one is an error, never skipped. */
function records(file: string): DigestRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => ({ line, number: i + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, number }) => {
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        record = undefined;
      }
      if (!isDigestRecord(record)) throw new Error(`${file}, line ${number}: not a digest record`);
      return record;
    });
}

/**
 * Reads the heads of the streams changed since the file's last record, in one snapshot, and
 * appends them as a new line. Returns the record written.
 */
export async function publishLogDigest(
  pool: Pool,
  file: string,
  now: Date = new Date(),
): Promise<DigestRecord> {
  const previous = records(file).at(-1);
  const record = await inTransaction(
    pool,
    async (client): Promise<DigestRecord> => {
      const horizon = await client.query<{ xmin: string }>(
        'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin',
      );
      // The streams with events from the previous record's horizon on (all, the first time), and
      // each one's newest version.
      const changed = previous
        ? 'SELECT DISTINCT stream_id FROM events WHERE transaction_id >= $1::xid8'
        : 'SELECT DISTINCT stream_id FROM events';
      const heads = await client.query<{ stream_id: string; stream_version: number; hash: string }>(
        `SELECT s.stream_id, h.stream_version, encode(h.hash, 'hex') AS hash
         FROM (${changed}) s
         CROSS JOIN LATERAL (SELECT e.stream_version, e.hash FROM events e
                              WHERE e.stream_id = s.stream_id
                              ORDER BY e.stream_version DESC LIMIT 1) h
        ORDER BY s.stream_id`,
        previous ? [previous.upTo] : [],
      );
      return {
        at: now.toISOString(),
        upTo: horizon.rows[0]!.xmin,
        streams: heads.rows.length,
        heads: Object.fromEntries(heads.rows.map((r) => [r.stream_id, [r.stream_version, r.hash]])),
      };
    },
    READ_ONLY_SNAPSHOT,
  );
  // A separate jobs service may be the first to write into its DATA_DIR.
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(record)}\n`, { flag: 'a' });
  return record;
}

/**
 * Every stream's newest head across all the records of a digest file. A file that does not exist
 * publishes nothing; a line that is not a digest record throws.
 */
export function readPublishedHeads(file: string): Map<string, PublishedHead> {
  const heads = new Map<string, PublishedHead>();
  for (const record of records(file)) {
    for (const [stream, [version, hash]] of Object.entries(record.heads)) {
      const known = heads.get(stream);
      if (!known || version >= known.version) heads.set(stream, { version, hash, at: record.at });
    }
  }
  return heads;
}
