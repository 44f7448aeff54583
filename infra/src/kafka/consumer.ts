import type { Consumer, EachBatchPayload } from 'kafkajs';
import { inTransaction, type Pool, type PoolClient } from '../postgres/pool.ts';
import { InvalidSetting } from '../config.ts';
import {
  positionFromColumns,
  START,
  type Position,
  type RecordedEvent,
} from '../event-store/types.ts';
import { kafkaConsumerLag } from '../observability/metrics.ts';
import { admitMessages, type PartitionCursor } from './admission.ts';
import { decodeMessage, type KafkaMessageLike, type RelayMessage } from './codec.ts';
import type { Kafka } from './client.ts';

export interface PartitionState {
  topic: string;
  partition: number;
  /** The last event applied from this partition. */
  lastApplied: Position;
  /** Every event up to here has been seen on this partition. */
  watermark: Position;
}

export interface ExactlyOnceConsumerOptions {
  kafka: Kafka;
  pool: Pool;
  /** Its name in kafka_offsets (and its consumer group: `${groupPrefix}${name}`). */
  name: string;
  topic: string;
  groupPrefix?: string;
  /**
   * Events at or below this position count as applied whatever the partition row says (a
   * projection's checkpoint after a rebuild from the PostgreSQL log). Runs inside the transaction.
   */
  floor?: (db: PoolClient) => Promise<Position>;
  /** Applies new events of one partition, in partition order, inside the transaction. */
  apply: (db: PoolClient, events: RecordedEvent[], state: PartitionState) => Promise<void>;
  /** Opens events the relay sent sealed (as stored): the store's openSealed. */
  open?: (events: RecordedEvent[]) => Promise<RecordedEvent[]>;
  /** Runs last in the transaction, with the partition's new state. */
  afterApply?: (db: PoolClient, state: PartitionState) => Promise<void>;
  /** How many messages at most share one transaction. */
  maxBatch?: number;
  partitionsConsumedConcurrently?: number;
  onError?: (error: unknown) => void;
  /** Told after each transaction that committed (the consumer is healthy again). */
  onApplied?: () => void;
}

interface OffsetRow {
  next_offset: string;
  transaction_id: string;
  global_position: string;
  watermark_transaction_id: string;
  watermark_global_position: string;
}

/**
 * How long the group waits for a silent member (a killed worker) before giving its partitions to
 * the others (KAFKA_SESSION_TIMEOUT_MS). 6 s is the broker's default minimum
 * (group.min.session.timeout.ms); heartbeats go every second, so a live but busy worker is safe.
 */
export const DEFAULT_SESSION_TIMEOUT_MS = 6000;

export function sessionTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.KAFKA_SESSION_TIMEOUT_MS?.trim();
  if (!text) return DEFAULT_SESSION_TIMEOUT_MS;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1000) {
    throw new InvalidSetting(
      'KAFKA_SESSION_TIMEOUT_MS',
      `must be a whole number of ms ≥ 1000; got "${text}"`,
    );
  }
  return value;
}

/** A partition's messages from one fetch, decoded (sealed events opened), in partition order. */
export interface PartitionChunk {
  topic: string;
  partition: number;
  /** Each message's Kafka offset, as text, in step with `messages`. */
  offsets: string[];
  messages: RelayMessage[];
  /** Whether the chunk ends at the partition's high watermark when fetched: nothing behind it. */
  atHead: boolean;
}

export interface PartitionConsumerOptions {
  kafka: Kafka;
  groupId: string;
  topics: readonly string[];
  /**
   * Where each assigned partition of a topic starts: the offsets stored in PostgreSQL (a
   * partition missing from the answer starts at 0).
   */
  storedOffsets: (topic: string, partitions: number[]) => Promise<Map<number, string>>;
  /** Applies a chunk and stores the offset after it, in one PostgreSQL transaction. */
  applyChunk: (chunk: PartitionChunk) => Promise<void>;
  /** Opens events the relay sent sealed (as stored): the store's openSealed. */
  open?: (events: RecordedEvent[]) => Promise<RecordedEvent[]>;
  /** How many messages at most share one transaction. */
  maxBatch?: number;
  partitionsConsumedConcurrently?: number;
  /** How long start() waits at most for the first group assignment (ms). */
  joinTimeoutMs?: number;
  /** Told of each failure; `topic` when a batch of that topic failed (it is then tried again). */
  onError?: (error: unknown, topic?: string) => void;
}

export interface ExactlyOnceConsumer {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Decodes messages and opens their sealed events in one go (one key lookup), keeping the order. */
export async function decodeAndOpen(
  messages: readonly KafkaMessageLike[],
  open: ((events: RecordedEvent[]) => Promise<RecordedEvent[]>) | undefined,
): Promise<RelayMessage[]> {
  const decoded = messages.map(decodeMessage);
  const sealed = decoded.flatMap((m) => (m.kind === 'event' && m.sealed ? [m.event] : []));
  if (sealed.length === 0) return decoded;
  if (!open) throw new Error('sealed events and no way to open them');
  const opened = await open(sealed);
  let next = 0;
  return decoded.map((m) =>
    m.kind === 'event' && m.sealed ? { ...m, event: opened[next++]!, sealed: false } : m,
  );
}

/**
 * Waits (bounded) until the broker can coordinate the group. A fresh broker answers "the
 * coordinator is loading" while it creates its offsets topic; a consumer joining then crashes and
 * restarts after a backoff, which left a new worker idle for many seconds.
 */
async function waitForCoordinator(kafka: Kafka, groupId: string, timeoutMs = 30_000) {
  const admin = kafka.admin();
  const deadline = Date.now() + timeoutMs;
  try {
    await admin.connect();
    for (;;) {
      try {
        await admin.describeGroups([groupId]);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } catch {
    // The consumer's own retries take over from here.
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/**
 * The Kafka side of an exactly-once consumer: a consumer group over `topics` that commits no
 * offsets to Kafka. On each assignment it seeks every partition to the offset PostgreSQL holds
 * (so a read side restored or reset behind Kafka reads again what it lacks, and a rebalance has
 * no offset commit to fail); each fetched batch is decoded once and handed over in chunks, and
 * the fetch position moves on only after a chunk's transaction committed. It reads committed
 * messages only (read_committed: the relay writes none in transactions, but a tool may).
 */
export function createPartitionConsumer(options: PartitionConsumerOptions): ExactlyOnceConsumer {
  const maxBatch = options.maxBatch ?? 500;
  let consumer: Consumer | undefined;
  /** The seek to PostgreSQL's offsets for the current assignment; batches wait for it. */
  let assignmentSeek: Promise<void> = Promise.resolve();

  async function seekToStoredOffsets(target: Consumer, assigned: Record<string, number[]>) {
    for (const topic of options.topics) {
      const partitions = assigned[topic] ?? [];
      if (partitions.length === 0) continue;
      const stored = await options.storedOffsets(topic, partitions);
      for (const partition of partitions) {
        target.seek({ topic, partition, offset: stored.get(partition) ?? '0' });
      }
    }
  }

  async function eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
    // A batch fetched before the assignment's seek landed is stale (kafkajs drops it).
    await assignmentSeek;
    for (let i = 0; i < batch.messages.length; i += maxBatch) {
      if (!isRunning() || isStale()) return;
      const chunk = batch.messages.slice(i, i + maxBatch);
      // Opening reads keys through the pool: done before the chunk holds a connection, or chunks
      // holding connections while waiting for one more could starve a small pool.
      const messages = await decodeAndOpen(chunk, options.open);
      const last = chunk[chunk.length - 1]!.offset;
      const behind = Math.max(0, Number(batch.highWatermark) - Number(last) - 1);
      await options.applyChunk({
        topic: batch.topic,
        partition: batch.partition,
        offsets: chunk.map((m) => m.offset),
        messages,
        atHead: behind === 0,
      });
      // The fetch position moves on only once PostgreSQL holds the new offset.
      resolveOffset(last);
      kafkaConsumerLag.set(
        { group: options.groupId, partition: `${batch.topic}/${batch.partition}` },
        behind,
      );
      await heartbeat();
    }
  }

  return {
    async start() {
      const sessionTimeout = sessionTimeoutFromEnv();
      await waitForCoordinator(options.kafka, options.groupId);
      const created = options.kafka.consumer({
        groupId: options.groupId,
        sessionTimeout,
        rebalanceTimeout: Math.max(sessionTimeout, 10_000),
        heartbeatInterval: Math.min(1000, Math.floor(sessionTimeout / 3)),
        maxWaitTimeInMs: 100,
        allowAutoTopicCreation: false,
        readUncommitted: false,
        retry: { initialRetryTime: 200, retries: 30, maxRetryTime: 5000 },
      });
      consumer = created;
      created.on(created.events.CRASH, (event) => options.onError?.(event.payload.error));
      let joined = () => {};
      const firstJoin = new Promise<void>((resolve) => (joined = resolve));
      created.on(created.events.GROUP_JOIN, (event) => {
        assignmentSeek = seekToStoredOffsets(created, event.payload.memberAssignment).catch(
          (error) => {
            // Stored offsets still skip what is done: at worst this member re-reads some.
            options.onError?.(error);
          },
        );
        joined();
      });
      await created.connect();
      for (const topic of options.topics) {
        await created.subscribe({ topic, fromBeginning: true });
      }
      await created.run({
        // Without autoCommit a seek only sets the fetch position (no commit to Kafka).
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
        eachBatch: async (payload) => {
          try {
            await eachBatch(payload);
          } catch (error) {
            options.onError?.(error, payload.batch.topic);
            throw error; // kafkajs retries the batch, from the last resolved offset
          }
        },
      });
      // Started means a member of the group with its partitions (a process reporting ready
      // before that would leave the first reads waiting on a group still forming); a broker
      // slow to coordinate only delays this, bounded, and the consumer keeps trying after it.
      const waited = setTimeout(joined, options.joinTimeoutMs ?? 15_000);
      await firstJoin;
      clearTimeout(waited);
    },
    async stop() {
      await consumer?.disconnect().catch(() => {});
      consumer = undefined;
    },
  };
}

/**
 * A Kafka consumer whose effect is exactly once: for each topic-partition it keeps its position
 * in PostgreSQL (kafka_offsets), written in the same transaction as its own writes, and on each
 * assignment it seeks to that position (0 where it has none). What it applies is what
 * admitMessages admits.
 */
export function createExactlyOnceConsumer(
  options: ExactlyOnceConsumerOptions,
): ExactlyOnceConsumer {
  async function storedOffsets(topic: string, partitions: number[]) {
    const { rows } = await options.pool.query<{ partition: number; next_offset: string }>(
      `SELECT partition, next_offset::text FROM kafka_offsets
        WHERE consumer = $1 AND topic = $2 AND partition = ANY($3::int[])`,
      [options.name, topic, partitions],
    );
    return new Map(rows.map((r) => [r.partition, r.next_offset]));
  }

  async function applyChunk({ topic, partition, offsets, messages }: PartitionChunk) {
    await inTransaction(options.pool, async (client) => {
      await client.query(
        `INSERT INTO kafka_offsets (consumer, topic, partition, next_offset) VALUES ($1,$2,$3,0)
         ON CONFLICT DO NOTHING`,
        [options.name, topic, partition],
      );
      const { rows } = await client.query<OffsetRow>(
        `SELECT next_offset::text, transaction_id::text, global_position::text,
                watermark_transaction_id::text, watermark_global_position::text
           FROM kafka_offsets WHERE consumer = $1 AND topic = $2 AND partition = $3 FOR UPDATE`,
        [options.name, topic, partition],
      );
      const row = rows[0]!;
      const cursor: PartitionCursor = {
        storedNext: BigInt(row.next_offset),
        lastApplied: positionFromColumns(row.transaction_id, row.global_position),
        watermark: positionFromColumns(row.watermark_transaction_id, row.watermark_global_position),
      };
      const floor = options.floor ? await options.floor(client) : START;
      const fresh = admitMessages(cursor, offsets, messages, floor).map((m) => m.event);
      const { lastApplied, watermark } = cursor;
      const state: PartitionState = { topic, partition, lastApplied, watermark };
      if (fresh.length > 0) await options.apply(client, fresh, state);
      const next = BigInt(offsets[offsets.length - 1]!) + 1n;
      await client.query(
        `UPDATE kafka_offsets SET next_offset = $4, transaction_id = $5::text::xid8,
           global_position = $6, watermark_transaction_id = $7::text::xid8,
           watermark_global_position = $8, updated_at = now()
         WHERE consumer = $1 AND topic = $2 AND partition = $3`,
        [
          options.name,
          topic,
          partition,
          next.toString(),
          lastApplied.transactionId.toString(),
          lastApplied.globalPosition,
          watermark.transactionId.toString(),
          watermark.globalPosition,
        ],
      );
      await options.afterApply?.(client, state);
    });
    options.onApplied?.();
  }

  return createPartitionConsumer({
    kafka: options.kafka,
    groupId: `${options.groupPrefix ?? 'bank.'}${options.name}`,
    topics: [options.topic],
    storedOffsets,
    applyChunk,
    open: options.open,
    maxBatch: options.maxBatch,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently,
    onError: (error) => options.onError?.(error),
  });
}
