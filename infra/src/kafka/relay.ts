import { Partitioners, type Producer } from 'kafkajs';
import type { Pool, PoolClient } from '../postgres/pool.ts';
import { readFollowerPosition } from '../event-store/checkpoints.ts';
import { createSubscription, type Subscription } from '../event-store/subscription.ts';
import type { EventStore, RecordedEvent } from '../event-store/types.ts';
import { encodeEvent, encodeWatermark, EVENTS_TOPIC, DEFAULT_PARTITIONS } from './codec.ts';
import { addMetricsSource, kafkaRelayLag } from '../observability/metrics.ts';
import { ensureEventTopics, partitionCount, type Kafka } from './client.ts';
import { createEventRouter } from './routing.ts';

/** One relay at a time across every process: whoever holds this advisory lock relays. */
const RELAY_LOCK = 7431007;
export const RELAY_CHECKPOINT = 'kafka-relay';

export interface KafkaRelayOptions {
  pool: Pool;
  store: EventStore;
  kafka: Kafka;
  partitions?: number;
  batchSize?: number;
  /**
   * After a batch, let appends gather this long before reading the next (a burst then shares
   * one produce request, and one round of watermarks, instead of one each). An idle relay is
   * woken by the commit itself (LISTEN), so the first event of a burst does not wait.
   */
  settleMs?: number;
  log?: (line: string) => void;
  /** What went wrong (the broker unreachable, a batch refused): for alerts; `log` when absent. */
  warn?: (line: string) => void;
}

export interface KafkaRelay {
  start(): Promise<void>;
  stop(): Promise<void>;
  wake(): void;
  isLeader(): boolean;
}

/**
 * Relays committed events to Kafka in the store's global order, never through a dual write: it
 * follows the log with a checkpoint (createSubscription) and moves the checkpoint only after Kafka
 * acknowledged the whole batch (acks=all). A crash in between re-sends from the checkpoint:
 * duplicates, in order, which consumers drop by global position. Each event goes to the partition
 * of its key (its stream's owner), with a copy to each other partition it concerns
 * (createEventRouter). Each batch ends with a watermark on every partition: "all events up to here
 * are sent".
 *
 * No Kafka transaction is needed for that, and none is used: one cost an AddPartitionsToTxn round
 * (often answered CONCURRENT_TRANSACTIONS while the previous commit's markers were written) and a
 * commit marker on every partition, most of the commit-to-Kafka lag. One idempotent producer with
 * one request in flight keeps each partition's messages in the order sent, once; a leader sends
 * the log in order from the checkpoint it inherited; so a partition holds in-order runs, and a
 * deposed leader's late batch only repeats or continues what it sent before. Consumers take an
 * event only past the last one they applied (admitMessages), which leaves each event once, in
 * order, with no gap, whatever the leaders did.
 */
export function createKafkaRelay(options: KafkaRelayOptions): KafkaRelay {
  const log = options.log ?? (() => {});
  const warn = options.warn ?? log;
  let running = false;
  let leader: PoolClient | undefined;
  let subscription: Subscription | undefined;
  let producer: Producer | undefined;
  let partitions = options.partitions ?? DEFAULT_PARTITIONS;
  let campaign: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let stopLagMetric = () => {};

  async function connectedProducer(): Promise<Producer> {
    if (producer) return producer;
    const created = options.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
    });
    await created.connect();
    producer = created;
    return created;
  }

  // Events go to Kafka as stored, personal data sealed: erasing a customer (destroying their key)
  // makes Kafka's copy unreadable too, however long the topic keeps it.
  const sealed = options.store.readAllSealed !== undefined;
  const source: EventStore = sealed
    ? { ...options.store, readAll: options.store.readAllSealed! }
    : options.store;
  const router = createEventRouter(options.pool);

  async function send(events: RecordedEvent[]): Promise<void> {
    const last = events[events.length - 1]!.position;
    const routes = await router.route(events, partitions);
    const messages = events.flatMap((event, i) => {
      const { key, partitions: targets } = routes[i]!;
      return targets.map((partition, copy) => ({
        ...encodeEvent(event, sealed, key, copy > 0),
        partition,
      }));
    });
    const watermarks = Array.from({ length: partitions }, (_, p) => encodeWatermark(last, p));
    try {
      const target = await connectedProducer();
      await target.sendBatch({
        acks: -1,
        topicMessages: [{ topic: EVENTS_TOPIC, messages: [...messages, ...watermarks] }],
      });
    } catch (error) {
      // A fresh producer after a broker restart: the old one's sequence state is stale.
      const broken = producer;
      producer = undefined;
      await broken?.disconnect().catch(() => {});
      throw error;
    }
  }

  async function becomeLeader(): Promise<boolean> {
    const client = await options.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [RELAY_LOCK],
      );
      if (!rows[0]?.locked) {
        client.release();
        return false;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    leader = client;
    client.on('error', () => void resign());
    client.on('notification', () => subscription?.wake());
    try {
      await client.query('LISTEN events_appended');
      await ensureEventTopics(options.kafka, partitions);
      partitions = await partitionCount(options.kafka, EVENTS_TOPIC);
    } catch (error) {
      // Won the lock but cannot lead (the broker is down): give the lock back, or no process,
      // this one included, could lead again until this one exits.
      leader = undefined;
      await client.query('SELECT pg_advisory_unlock_all()').catch(() => {});
      client.release(true);
      throw error;
    }
    // The producer's set-up (its producer id) happens now, not on the first batch after it:
    // that one would otherwise wait for it.
    await connectedProducer().catch((error: unknown) => {
      warn(`kafka relay: ${(error as Error).message}`);
    });
    subscription = createSubscription({
      pool: options.pool,
      store: source,
      name: RELAY_CHECKPOINT,
      handle: send,
      batchSize: options.batchSize ?? 500,
      settleMs: options.settleMs ?? 5,
      idlePollMs: 200,
      onError: (error) => warn(`kafka relay: ${(error as Error).message}`),
    });
    subscription.start();
    log('kafka relay: leading');
    return true;
  }

  async function resign(): Promise<void> {
    const was = leader;
    leader = undefined;
    await subscription?.stop();
    subscription = undefined;
    if (was) {
      await was.query('SELECT pg_advisory_unlock_all()').catch(() => {});
      was.release(true);
    }
    if (running) schedule();
  }

  function schedule(): void {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      campaign = becomeLeader()
        .then((won) => (won || !running ? undefined : schedule()))
        .catch((error) => {
          warn(`kafka relay: ${(error as Error).message}`);
          if (running) schedule();
        });
    }, 1000);
  }

  return {
    async start() {
      running = true;
      stopLagMetric = addMetricsSource(async () => kafkaRelayLag.set(await relayLag(options.pool)));
      campaign = becomeLeader()
        .then((won) => (won ? undefined : schedule()))
        .catch((error) => {
          warn(`kafka relay: ${(error as Error).message}`);
          schedule();
        });
      await campaign;
    },
    async stop() {
      running = false;
      stopLagMetric();
      clearTimeout(retryTimer);
      await campaign?.catch(() => {});
      await resign();
      await producer?.disconnect().catch(() => {});
      producer = undefined;
    },
    wake: () => subscription?.wake(),
    isLeader: () => leader !== undefined,
  };
}

/** Committed events the relay has not put on Kafka yet (all of them before its first batch). */
export async function relayLag(pool: Pool): Promise<number> {
  const after = await readFollowerPosition(pool, RELAY_CHECKPOINT);
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*)::bigint AS n FROM events
      WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
    [after.transactionId.toString(), after.globalPosition],
  );
  return Number(rows[0]!.n);
}
