import {
  admitMessages,
  comparePositions,
  createPartitionConsumer,
  ensureEventTopics,
  inSpan,
  inTransaction,
  linksToEvents,
  EVENTS_TOPIC,
  partitionCount,
  positionFromColumns,
  SpanKind,
  START,
  type ExactlyOnceConsumer,
  type Kafka,
  type PartitionChunk,
  type PartitionCursor,
  type Pool,
  type PoolClient,
  type Position,
  type RecordedEvent,
} from '@bank/infra';
import type { Projection } from '../projection.ts';
import { applyEvents } from '../runner/apply-events.ts';
import { applyInTransactionOrPark, mayPark, type ParkedEvent } from '../runner/parking.ts';
import {
  beginApplying,
  DeferredResultError,
  prepared,
  sendInOrder,
  writeBehindDb,
  type Statement,
} from '../toolkit/write-behind.ts';
import { awaitRebuildSwaps } from '../toolkit/rebuild-swap-lock.ts';
import { concerns, partitionScope } from './partition-scope.ts';
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
  /** Told after each partition transaction committed: how many events it applied. */
  onApplied?: (topic: string, partition: number, events: number) => void;
}

export interface KafkaProjectionWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Projections whose last attempt failed, with its error (cleared by the next success). */
  failing(): ReadonlyMap<string, string>;
}

/** The consumer group every worker process joins: one member per process, for all projections. */
export const PROJECTION_GROUP = 'bank.projections';

interface ProgressRow {
  consumer: string;
  next_offset: string;
  transaction_id: string;
  global_position: string;
  watermark_transaction_id: string;
  watermark_global_position: string;
}

/** One projection's progress on one partition, as read at the start of its transaction. */
interface Progress {
  projection: Projection;
  cursor: PartitionCursor;
  /** Its checkpoint: what a rebuild from the PostgreSQL log already applied. */
  floor: Position;
  fresh: RecordedEvent[];
}

/**
 * Each projection's checkpoint: the floor at or below which its events count as applied (a
 * rebuild from the log sets it). Read after awaitRebuildSwaps, so never the floor a rebuild is
 * replacing.
 */
export const readFloors = (names: readonly string[]) =>
  prepared(
    `SELECT projection, transaction_id::text AS transaction_id,
            global_position::text AS global_position
       FROM projection_checkpoints WHERE projection = ANY($1::text[])`,
    [names],
  );

/**
 * Scale mode's projection runner: ONE consumer per worker process, for every projection, in one
 * consumer group shared by the workers (a survivor takes over a dead worker's partitions). Each
 * message is decoded once; each fetched chunk of a partition is applied to every projection in
 * ONE PostgreSQL transaction, through the embedded runner's write-behind queue and set-based runs,
 * and that transaction also stores each projection's progress on that partition (kafka_offsets),
 * so the effect is exactly once. There is no row shared by partitions: how far a projection is
 * overall is the lowest of its partitions, taken at read time (projection_positions).
 *
 * Events are keyed by the customer who owns their stream, so a partition holds all the events of
 * its customers, in their global order. A chunk is applied for the customers of its partition
 * (the handlers' scope): a copy of an event sent there for another party's rows (`side`) runs only
 * the handlers that write sides. Every projection must have been reviewed as safe this way
 * (partition-safety.ts): the worker refuses to start with one that has not.
 */
export function createKafkaProjectionWorker(
  options: KafkaProjectionWorkerOptions,
): KafkaProjectionWorker {
  const reviewed = options.partitionSafe ?? PARTITION_SAFE;
  const unreviewed = options.projections.filter((p) => !isPartitionSafe(p, reviewed));
  if (unreviewed.length > 0) {
    throw new Error(
      `Not reviewed as partition-safe (projections/src/kafka/partition-safety.ts): ${unreviewed
        .map((p) => p.name)
        .join(', ')}`,
    );
  }
  /** The partition count of the topic, known once started. */
  let partitionTotal = 0;
  const failing = new Map<string, string>();
  /** Projections whose handlers read the results of their writes: applied one statement at a time. */
  const unbuffered = new Set<string>();
  let consumer: ExactlyOnceConsumer | undefined;

  /**
   * Makes the progress rows exist for every partition (so the lowest is taken over all of them),
   * and retires a projection's rows on a topic it no longer consumes (the single-partition
   * ordered topic of earlier versions): their lowest position moves into its checkpoint, which
   * the new topic's rows then start from.
   */
  async function prepareProgressRows(partitions: number): Promise<void> {
    await inTransaction(options.pool, async (client) => {
      const topic = EVENTS_TOPIC;
      for (const projection of options.projections) {
        await client.query(
          'INSERT INTO projection_checkpoints (projection) VALUES ($1) ON CONFLICT DO NOTHING',
          [projection.name],
        );
        const retired = await client.query<{ transaction_id: string; global_position: string }>(
          `DELETE FROM kafka_offsets WHERE consumer = $1 AND topic <> $2
           RETURNING watermark_transaction_id::text AS transaction_id,
                     watermark_global_position::text AS global_position`,
          [projection.name, topic],
        );
        if (retired.rows.length > 0) {
          const low = retired.rows
            .map((r) => positionFromColumns(r.transaction_id, r.global_position))
            .reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
          await client.query(
            `UPDATE projection_checkpoints SET transaction_id = $2::text::xid8, global_position = $3,
               updated_at = now()
             WHERE projection = $1 AND (transaction_id, global_position) < ($2::text::xid8, $3)`,
            [projection.name, low.transactionId.toString(), low.globalPosition],
          );
        }
        await client.query(
          `INSERT INTO kafka_offsets (consumer, topic, partition, next_offset)
           SELECT $1, $2, p, 0 FROM generate_series(0, $3 - 1) p ON CONFLICT DO NOTHING`,
          [projection.name, topic, partitions],
        );
      }
    });
  }

  /** Where a partition starts: the lowest offset any of its projections stored. */
  async function storedOffsets(topic: string, partitions: number[]) {
    const { rows } = await options.pool.query<{ partition: number; next_offset: string }>(
      `SELECT partition, min(next_offset)::text AS next_offset FROM kafka_offsets
        WHERE consumer = ANY($1::text[]) AND topic = $2 AND partition = ANY($3::int[])
        GROUP BY partition`,
      [options.projections.map((p) => p.name), topic, partitions],
    );
    return new Map(rows.map((r) => [r.partition, r.next_offset]));
  }

  /**
   * Opens the partition's transaction and locks its progress rows (only this partition's: a
   * second worker still finishing a batch of it waits here, then skips what that one applied).
   */
  async function readProgress(
    client: PoolClient,
    chunk: PartitionChunk,
    projections: readonly Projection[],
  ): Promise<Progress[]> {
    const names = projections.map((p) => p.name);
    const parameters = [names, chunk.topic, chunk.partition];
    const lockRows = prepared(
      `SELECT consumer, next_offset::text, transaction_id::text, global_position::text,
              watermark_transaction_id::text, watermark_global_position::text
         FROM kafka_offsets WHERE consumer = ANY($1::text[]) AND topic = $2 AND partition = $3
          FOR UPDATE`,
      parameters,
    );
    const results = await sendInOrder(client, [
      { text: beginApplying(chunk.messages.length, chunk.atHead), values: [] },
      awaitRebuildSwaps(names),
      lockRows,
      readFloors(names),
    ]);
    let rows = results[2]!.rows as ProgressRow[];
    if (rows.length < names.length) {
      // A partition added to the topic since this worker prepared its rows.
      await client.query(
        `INSERT INTO kafka_offsets (consumer, topic, partition, next_offset)
         SELECT unnest($1::text[]), $2, $3, 0 ON CONFLICT DO NOTHING`,
        parameters,
      );
      rows = (await client.query<ProgressRow>(lockRows)).rows;
    }
    const floors = new Map(
      (
        results[3]!.rows as {
          projection: string;
          transaction_id: string;
          global_position: string;
        }[]
      ).map((r) => [r.projection, positionFromColumns(r.transaction_id, r.global_position)]),
    );
    const byName = new Map(rows.map((r) => [r.consumer, r]));
    return projections.map((projection) => {
      const row = byName.get(projection.name)!;
      return {
        projection,
        cursor: {
          storedNext: BigInt(row.next_offset),
          lastApplied: positionFromColumns(row.transaction_id, row.global_position),
          watermark: positionFromColumns(
            row.watermark_transaction_id,
            row.watermark_global_position,
          ),
        },
        floor: floors.get(projection.name) ?? START,
        fresh: [],
      };
    });
  }

  /** Sorts the chunk's messages into each projection's fresh events and new watermark. */
  function advance(progress: Progress, chunk: PartitionChunk): void {
    const admitted = admitMessages(progress.cursor, chunk.offsets, chunk.messages, progress.floor);
    for (const { event, side } of admitted) {
      if (concerns(progress.projection, event, side)) progress.fresh.push(event);
    }
  }

  const scopeOf = (chunk: PartitionChunk) => partitionScope(chunk.partition, partitionTotal);

  /** One statement that stores every projection's progress on the partition. */
  function storeProgress(chunk: PartitionChunk, progress: readonly Progress[]): Statement {
    const next = (BigInt(chunk.offsets[chunk.offsets.length - 1]!) + 1n).toString();
    const applied = progress.map((p) => p.cursor.lastApplied);
    const watermarks = progress.map((p) => p.cursor.watermark);
    const transactions = (positions: Position[]) =>
      positions.map((p) => p.transactionId.toString());
    return prepared(
      `UPDATE kafka_offsets o SET next_offset = $3::bigint, transaction_id = v.tx::xid8,
         global_position = v.gp, watermark_transaction_id = v.wtx::xid8,
         watermark_global_position = v.wgp, updated_at = now()
       FROM unnest($4::text[], $5::text[], $6::bigint[], $7::text[], $8::bigint[])
            AS v(consumer, tx, gp, wtx, wgp)
       WHERE o.consumer = v.consumer AND o.topic = $1 AND o.partition = $2
         AND o.next_offset < $3::bigint`,
      [
        chunk.topic,
        chunk.partition,
        next,
        progress.map((p) => p.projection.name),
        transactions(applied),
        applied.map((p) => p.globalPosition),
        transactions(watermarks),
        watermarks.map((p) => p.globalPosition),
      ],
    );
  }

  /**
   * The fast path: every projection's events through one write-behind queue, then the progress
   * and COMMIT, all in as few round trips as the reads allow.
   */
  async function applyBuffered(client: PoolClient, chunk: PartitionChunk, progress: Progress[]) {
    const writer = writeBehindDb(client, 1000);
    const scope = scopeOf(chunk);
    for (const p of progress) {
      if (p.fresh.length === 0) continue;
      if (unbuffered.has(p.projection.name)) {
        await writer.flush();
        await applyEvents(client, p.projection, p.fresh, { scope });
        continue;
      }
      try {
        await applyEvents(writer.db, p.projection, p.fresh, { scope });
      } catch (error) {
        if (error instanceof DeferredResultError) unbuffered.add(p.projection.name);
        throw error;
      }
    }
    await writer.flush(storeProgress(chunk, progress), 'COMMIT');
  }

  /**
   * A chunk of watermarks only, what a partition mostly gets while its customers are quiet (the
   * relay ends every batch with one on each partition): there is nothing to apply, so the progress
   * rows move in one statement, without the row locks and reads a chunk of events needs. Each row
   * only moves forward (as storeProgress moves it): a row a second worker moved further stays.
   */
  async function storeWatermarks(chunk: PartitionChunk): Promise<void> {
    const watermark = chunk.messages.reduce<Position>(
      (high, m) =>
        m.kind === 'watermark' && comparePositions(m.position, high) > 0 ? m.position : high,
      START,
    );
    const next = (BigInt(chunk.offsets[chunk.offsets.length - 1]!) + 1n).toString();
    const later =
      '(watermark_transaction_id, watermark_global_position) < ($5::text::xid8, $6::bigint)';
    const client = await options.pool.connect();
    try {
      await sendInOrder(client, [
        { text: beginApplying(0, true), values: [] },
        prepared(
          `UPDATE kafka_offsets SET next_offset = $4::bigint,
             watermark_transaction_id =
               CASE WHEN ${later} THEN $5::text::xid8 ELSE watermark_transaction_id END,
             watermark_global_position =
               CASE WHEN ${later} THEN $6::bigint ELSE watermark_global_position END,
             updated_at = now()
           WHERE consumer = ANY($1::text[]) AND topic = $2 AND partition = $3
             AND next_offset < $4::bigint`,
          [
            options.projections.map((p) => p.name),
            chunk.topic,
            chunk.partition,
            next,
            watermark.transactionId.toString(),
            watermark.globalPosition,
          ],
        ),
        { text: 'COMMIT', values: [] },
      ]);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** The slow path, after a failure: each projection parks the events that fail on their own. */
  async function applyParking(client: PoolClient, chunk: PartitionChunk, progress: Progress[]) {
    const scope = scopeOf(chunk);
    for (const p of progress) {
      if (p.fresh.length === 0) continue;
      await applyInTransactionOrPark(client, p.projection, p.fresh, options.onParked, scope);
    }
    await sendInOrder(client, [storeProgress(chunk, progress), { text: 'COMMIT', values: [] }]);
  }

  /**
   * A consumer span per chunk (OTel messaging conventions), linked to the appends that wrote its
   * events (the trace context in their metadata): the projection spans below it carry the trace
   * across Kafka.
   */
  async function applyChunk(chunk: PartitionChunk): Promise<void> {
    const events = chunk.messages.flatMap((m) => (m.kind === 'event' ? [m.event.metadata] : []));
    await inSpan(`process ${chunk.topic}`, () => applyChunkOnce(chunk), {
      kind: SpanKind.CONSUMER,
      links: linksToEvents(events),
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'process',
        'messaging.destination.name': chunk.topic,
        'messaging.destination.partition.id': String(chunk.partition),
        'messaging.consumer.group.name': PROJECTION_GROUP,
        'messaging.batch.message_count': chunk.messages.length,
      },
    });
  }

  async function applyChunkOnce(chunk: PartitionChunk): Promise<void> {
    const projections = options.projections;
    const watermarksOnly =
      chunk.messages.length > 0 && chunk.messages.every((m) => m.kind === 'watermark');
    if (watermarksOnly && chunk.partition < partitionTotal) {
      await storeWatermarks(chunk);
      for (const p of projections) failing.delete(p.name);
      options.onApplied?.(chunk.topic, chunk.partition, 0);
      return;
    }
    for (let attempt = 0; ; attempt += 1) {
      const careful = attempt > 0;
      const client = await options.pool.connect();
      try {
        const progress = await readProgress(client, chunk, projections);
        for (const p of progress) advance(p, chunk);
        if (careful) await applyParking(client, chunk, progress);
        else await applyBuffered(client, chunk, progress);
        for (const p of projections) failing.delete(p.name);
        options.onApplied?.(
          chunk.topic,
          chunk.partition,
          progress.reduce((n, p) => n + p.fresh.length, 0),
        );
        return;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        const again =
          error instanceof DeferredResultError ? attempt < 3 : !careful && mayPark(error);
        if (!again) throw error;
      } finally {
        client.release();
      }
    }
  }

  return {
    failing: () => failing,
    async start() {
      await ensureEventTopics(options.kafka);
      const partitions = await partitionCount(options.kafka, EVENTS_TOPIC);
      partitionTotal = partitions;
      await prepareProgressRows(partitions);
      consumer = createPartitionConsumer({
        kafka: options.kafka,
        groupId: PROJECTION_GROUP,
        topics: [EVENTS_TOPIC],
        storedOffsets,
        applyChunk,
        open: options.open,
        maxBatch: 1000,
        partitionsConsumedConcurrently: partitions,
        onError: (error) => {
          const message = error instanceof Error ? error.message : String(error);
          for (const p of options.projections) {
            failing.set(p.name, message);
            options.onError?.(p.name, error);
          }
        },
      });
      await consumer.start();
    },
    async stop() {
      await consumer?.stop();
      consumer = undefined;
    },
  };
}
