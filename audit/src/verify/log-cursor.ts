import { HASHED_COLUMNS_SQL, type PoolClient } from '@bank/infra';

/**
 * Where each field is in a scanned row (every field as PostgreSQL's text): whether the read models
 * reflect the event, its global position, then the columns the hash covers (HASHED_COLUMNS_SQL).
 */
export const COLUMN = {
  reflected: 0,
  position: 1,
  eventId: 2,
  stream: 3,
  version: 4,
  type: 5,
  schemaVersion: 6,
  data: 7,
  metadata: 8,
  recordedAtMicros: 9,
  hash: 10,
} as const;

export type ScanRow = string[];

/** The position the read models reflect, as PostgreSQL orders the log. */
export interface Checkpoint {
  transactionId: bigint;
  globalPosition: number;
}

const asText = { getTypeParser: () => (value: string) => value };

/** Rows checked between two turns of the event loop, which let the next batch stream in. */
const SLICE = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the whole log in stream order through one cursor (so one ordered index scan), in the
 * client's open transaction, and hands each row to `check`. Whether the read models reflect an
 * event is decided by PostgreSQL, in global order.
 */
export async function scanLog(
  client: PoolClient,
  checkpoint: Checkpoint,
  batchSize: number,
  check: (row: ScanRow) => void,
  onBatch: (rows: number) => void,
): Promise<void> {
  const { transactionId, globalPosition } = checkpoint;
  await client.query(
    `DECLARE verify_scan NO SCROLL CURSOR FOR
     SELECT (transaction_id, global_position) <= ('${transactionId}'::xid8, ${globalPosition}::bigint),
            global_position::text, ${HASHED_COLUMNS_SQL}
     FROM events ORDER BY stream_id, stream_version`,
  );
  const fetchBatch = (): Promise<{ rows: ScanRow[] }> => {
    const batch = client.query<ScanRow>({
      text: `FETCH ${batchSize} FROM verify_scan`,
      rowMode: 'array',
      types: asText,
    });
    batch.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
    return batch;
  };
  // Read ahead: PostgreSQL produces the next batch while this one is hashed and folded, and the
  // slices give the event loop turns to take its rows off the socket.
  let pending: Promise<{ rows: ScanRow[] }> | undefined = fetchBatch();
  while (pending) {
    const { rows }: { rows: ScanRow[] } = await pending;
    pending = rows.length === batchSize ? fetchBatch() : undefined;
    for (let from = 0; from < rows.length; from += SLICE) {
      if (from > 0) await nextTurn();
      const to = Math.min(rows.length, from + SLICE);
      for (let i = from; i < to; i += 1) check(rows[i]!);
    }
    onBatch(rows.length);
  }
}
