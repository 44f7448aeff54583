import { integerSetting } from '../config.ts';
import type { Pool } from '../postgres/pool.ts';
import { createQueryBatcher } from '../postgres/query-batcher.ts';
import { EVENT_COLUMNS, type EventRow } from './event-rows.ts';

/** A row of a stream read: with its hash, so that the store knows the stream's head. */
export type StreamRow = EventRow & { hash: string };

const STREAM_COLUMNS = `${EVENT_COLUMNS}, encode(hash, 'hex') AS hash`;

interface StreamRead {
  streamId: string;
  afterVersion: number;
}

/**
 * Stream reads batched the way appends are (createQueryBatcher): under load many commands' loads
 * cost one round trip; a lone read still goes out at once.
 */
export function createStreamReadBatcher(pool: Pool, readers: number) {
  async function readBatch(batch: StreamRead[]): Promise<StreamRow[][]> {
    if (batch.length === 1) {
      const [only] = batch as [StreamRead];
      const { rows } = await pool.query<StreamRow>({
        name: 'read-stream',
        text: `SELECT ${STREAM_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
        values: [only.streamId, only.afterVersion],
      });
      return [rows];
    }
    const { rows } = await pool.query<StreamRow & { read_index: number }>({
      name: 'read-streams',
      text: `SELECT r.read_index::int AS read_index, ${STREAM_COLUMNS}
             FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS r(wanted_stream, after_version, read_index)
             JOIN events ON events.stream_id = r.wanted_stream AND events.stream_version > r.after_version
             ORDER BY r.read_index, events.stream_version`,
      values: [batch.map((r) => r.streamId), batch.map((r) => r.afterVersion)],
    });
    const byRead: StreamRow[][] = batch.map(() => []);
    for (const { read_index: index, ...row } of rows) byRead[index - 1]!.push(row);
    return byRead;
  }

  const read = createQueryBatcher(readers, readBatch, {
    waitLimitMs: integerSetting('PG_CONNECT_TIMEOUT_MS'),
  });
  return {
    read(streamId: string, afterVersion: number): Promise<StreamRow[]> {
      return read({ streamId, afterVersion });
    },
  };
}
