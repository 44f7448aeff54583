import { Kafka, logLevel, type Admin } from 'kafkajs';
import { DEFAULT_PARTITIONS, EVENTS_TOPIC } from './codec.ts';

export type { Kafka } from 'kafkajs';

/**
 * How kafkajs retries a request, for every client of this bank. The first retry comes after
 * 10 ms, not kafkajs's 200 ms: the relay's and the workers' requests are on the path from a
 * commit to the read models, and what they retry (a partition's leadership moving, a coordinator
 * still loading) usually clears in milliseconds. The delays double to 5 s, so a broker that is
 * really down is still waited for (about 40 s in all).
 */
export const KAFKA_RETRY = { initialRetryTime: 10, multiplier: 2, retries: 18, maxRetryTime: 5000 };

/** A kafkajs client that logs errors only (its own retries are logged at WARN otherwise). */
export function createKafka(brokers: string[], clientId: string): Kafka {
  return new Kafka({
    clientId,
    brokers,
    logLevel: process.env.KAFKA_LOG_LEVEL === 'debug' ? logLevel.INFO : logLevel.NOTHING,
    connectionTimeout: 3000,
    retry: KAFKA_RETRY,
  });
}

/**
 * Why no broker of `brokers` answers within `withinMs` (connection refused, unknown host), or
 * undefined once one does. Tried once a second without kafkajs's own retries, whose delays
 * would make a wrong address wait for most of a minute.
 */
export async function brokersRefusal(
  brokers: string[],
  withinMs: number,
): Promise<string | undefined> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    // Each attempt may take what is left of the wait, up to 3 s: the wait is the whole of it.
    const attemptMs = Math.max(100, Math.min(3000, Math.round(deadline - performance.now())));
    const kafka = new Kafka({
      clientId: 'bank-start-check',
      brokers,
      logLevel: logLevel.NOTHING,
      connectionTimeout: attemptMs,
      requestTimeout: attemptMs,
      retry: { retries: 0 },
    });
    let reason: string;
    const admin = kafka.admin();
    try {
      await admin.connect();
      return undefined;
    } catch (error) {
      reason = (error as Error).message;
    } finally {
      await admin.disconnect().catch(() => {});
    }
    const left = deadline - performance.now();
    if (left <= 0) return reason;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, left)));
  }
}

async function withAdmin<T>(kafka: Kafka, work: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Creates the event topic when missing, with `partitions` partitions. Several processes may race
 * here; "already exists" is fine.
 */
export async function ensureEventTopics(
  kafka: Kafka,
  partitions = DEFAULT_PARTITIONS,
): Promise<void> {
  await withAdmin(kafka, async (admin) => {
    const existing = new Set(await admin.listTopics());
    const wanted = [{ topic: EVENTS_TOPIC, numPartitions: partitions }].filter(
      (t) => !existing.has(t.topic),
    );
    if (wanted.length === 0) return;
    try {
      await admin.createTopics({ topics: wanted, waitForLeaders: true });
    } catch (error) {
      if (!/already exists/i.test((error as Error).message)) throw error;
    }
  });
}

export async function partitionCount(kafka: Kafka, topic: string): Promise<number> {
  return withAdmin(kafka, async (admin) => {
    const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
    const count = metadata.topics[0]?.partitions.length ?? 0;
    if (count === 0) throw new Error(`Topic ${topic} has no partitions`);
    return count;
  });
}
