import {
  comparePositions,
  createExactlyOnceConsumer,
  ensureEventTopics,
  EVENTS_TOPIC,
  ORDERED_EVENTS_TOPIC,
  partitionCount,
  START,
  type ExactlyOnceConsumer,
  type Kafka,
  type Pool,
  type PoolClient,
  type Position,
  type RecordedEvent,
} from '@bank/infra';
import type { Projection } from '../projection.ts';
import { applyInTransactionOrPark, type ParkedEvent } from '../runner/parking.ts';
import { isPartitionSafe, PARTITION_SAFE } from './partition-safety.ts';

export interface KafkaProjectionWorkerOptions {
  kafka: Kafka;
  pool: Pool;
  projections: readonly Projection[];
  /** Opens events the relay sent sealed (the store's openSealed). */
  open?: (events: RecordedEvent[]) => Promise<RecordedEvent[]>;
  /** Reviewed partition-safe projections (see partition-safety.ts). */
  partitionSafe?: Record<string, readonly string[]>;
  onError?: (projection: string, error: unknown) => void;
  /** Told of each event a projection set aside because it failed on its own. */
  onParked?: (parked: Pick<ParkedEvent, 'projection' | 'eventId' | 'type' | 'error'>) => void;
}

export interface KafkaProjectionWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Which topic each projection consumes. */
  topics: Record<string, string>;
  /** Projections whose last attempt failed, with its error (cleared by the next success). */
  failing(): ReadonlyMap<string, string>;
}

/** The projection's checkpoint row, locked: the embedded runner and a rebuild also take it. */
async function lockCheckpoint(db: PoolClient, projection: string): Promise<Position> {
  await db.query(
    'INSERT INTO projection_checkpoints (projection) VALUES ($1) ON CONFLICT DO NOTHING',
    [projection],
  );
  const { rows } = await db.query<{ transaction_id: string; global_position: number }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM projection_checkpoints
      WHERE projection = $1 FOR UPDATE`,
    [projection],
  );
  const row = rows[0];
  return row
    ? { transactionId: BigInt(row.transaction_id), globalPosition: Number(row.global_position) }
    : START;
}

async function saveCheckpoint(db: PoolClient, projection: string, position: Position) {
  await db.query(
    `UPDATE projection_checkpoints SET transaction_id = $2::text::xid8, global_position = $3,
       updated_at = now() WHERE projection = $1`,
    [projection, position.transactionId.toString(), position.globalPosition],
  );
}

/** The global position that every partition has seen: the lowest watermark, once all report. */
async function lowestWatermark(
  db: PoolClient,
  projection: string,
  partitions: number,
): Promise<Position | undefined> {
  const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
    `SELECT watermark_transaction_id::text AS transaction_id,
            watermark_global_position::text AS global_position
       FROM kafka_offsets WHERE consumer = $1 AND topic = $2`,
    [projection, EVENTS_TOPIC],
  );
  if (rows.length < partitions) return undefined;
  return rows
    .map((r) => ({
      transactionId: BigInt(r.transaction_id),
      globalPosition: Number(r.global_position),
    }))
    .reduce((low, p) => (comparePositions(p, low) < 0 ? p : low));
}

/**
 * Scale mode's projection runner: one consumer group per projection, so the projections spread
 * over the worker processes and a survivor takes over a dead worker's partitions. Partition-safe
 * projections consume the keyed topic (its partitions shared by the workers); the others consume
 * the single-partition ordered topic and so see the global order, exactly as in the embedded path.
 * Either way the position commits with the read-model rows (exactly-once effect), and the
 * projection's checkpoint keeps meaning "everything up to here is visible", for consistency tokens.
 */
export function createKafkaProjectionWorker(
  options: KafkaProjectionWorkerOptions,
): KafkaProjectionWorker {
  const reviewed = options.partitionSafe ?? PARTITION_SAFE;
  const topics = Object.fromEntries(
    options.projections.map((p) => [
      p.name,
      isPartitionSafe(p, reviewed) ? EVENTS_TOPIC : ORDERED_EVENTS_TOPIC,
    ]),
  );
  const consumers: ExactlyOnceConsumer[] = [];
  const failing = new Map<string, string>();

  function consumerFor(projection: Projection, partitions: number): ExactlyOnceConsumer {
    const keyed = topics[projection.name] === EVENTS_TOPIC;
    return createExactlyOnceConsumer({
      kafka: options.kafka,
      pool: options.pool,
      name: projection.name,
      topic: topics[projection.name]!,
      groupPrefix: 'bank.projection.',
      partitionsConsumedConcurrently: keyed ? partitions : 1,
      floor: (db) => lockCheckpoint(db, projection.name),
      apply: (db, events) => applyInTransactionOrPark(db, projection, events, options.onParked),
      open: options.open,
      async afterApply(db, state) {
        const current = await lockCheckpoint(db, projection.name);
        const reached = keyed
          ? await lowestWatermark(db, projection.name, partitions)
          : state.lastApplied;
        if (reached && comparePositions(reached, current) > 0) {
          await saveCheckpoint(db, projection.name, reached);
        }
      },
      onError: (error) => {
        failing.set(projection.name, error instanceof Error ? error.message : String(error));
        options.onError?.(projection.name, error);
      },
      onApplied: () => failing.delete(projection.name),
    });
  }

  return {
    topics,
    failing: () => failing,
    async start() {
      await ensureEventTopics(options.kafka);
      const partitions = await partitionCount(options.kafka, EVENTS_TOPIC);
      for (const projection of options.projections) {
        const consumer = consumerFor(projection, partitions);
        consumers.push(consumer);
      }
      await Promise.all(consumers.map((c) => c.start()));
    },
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
      consumers.length = 0;
    },
  };
}
