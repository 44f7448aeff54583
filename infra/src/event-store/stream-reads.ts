import type { Pool } from '../postgres/pool.ts';
import { EVENT_COLUMNS, type EventRow } from './event-rows.ts';

/** A row of a stream read: with its hash, so that the store knows the stream's head. */
export type StreamRow = EventRow & { hash: string };

const STREAM_COLUMNS = `${EVENT_COLUMNS}, encode(hash, 'hex') AS hash`;

interface PendingRead {
  streamId: string;
  afterVersion: number;
  resolve: (rows: StreamRow[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Stream reads batched the way appends are: while `readers` queries are in flight, further reads
 * queue, and the queue goes out as one query. Under load many commands' loads then cost one
 * round trip; a lone read still goes out at once.
 */
export function createStreamReadBatcher(pool: Pool, readers: number) {
  const queue: PendingRead[] = [];
  let inFlight = 0;

  async function readBatch(batch: PendingRead[]): Promise<void> {
    try {
      if (batch.length === 1) {
        const [only] = batch as [PendingRead];
        const { rows } = await pool.query<StreamRow>({
          name: 'read-stream',
          text: `SELECT ${STREAM_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
          values: [only.streamId, only.afterVersion],
        });
        only.resolve(rows);
        return;
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
      batch.forEach((read, i) => read.resolve(byRead[i]!));
    } catch (error) {
      for (const read of batch) read.reject(error);
    }
  }

  function pump(): void {
    while (inFlight < readers && queue.length > 0) {
      const batch = queue.splice(0, 256);
      inFlight += 1;
      void readBatch(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    read(streamId: string, afterVersion: number): Promise<StreamRow[]> {
      return new Promise((resolve, reject) => {
        queue.push({ streamId, afterVersion, resolve, reject });
        pump();
      });
    },
  };
}
