import { Kafka, logLevel, type Admin } from 'kafkajs';
import { DEFAULT_PARTITIONS, EVENTS_TOPIC, ORDERED_EVENTS_TOPIC } from './codec.ts';

export type { Kafka } from 'kafkajs';

/** A kafkajs client that logs errors only (its own retries are logged at WARN otherwise). */
export function createKafka(brokers: string[], clientId: string): Kafka {
  return new Kafka({
    clientId,
    brokers,
    logLevel: process.env.KAFKA_LOG_LEVEL === 'debug' ? logLevel.INFO : logLevel.NOTHING,
    connectionTimeout: 3000,
    retry: { initialRetryTime: 200, retries: 12, maxRetryTime: 5000 },
  });
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
 * Creates the event topics when missing: the keyed one with `partitions` partitions, the ordered
 * one with a single partition. Several processes may race here; "already exists" is fine.
 */
export async function ensureEventTopics(
  kafka: Kafka,
  partitions = DEFAULT_PARTITIONS,
): Promise<void> {
  await withAdmin(kafka, async (admin) => {
    const existing = new Set(await admin.listTopics());
    const wanted = [
      { topic: EVENTS_TOPIC, numPartitions: partitions },
      { topic: ORDERED_EVENTS_TOPIC, numPartitions: 1 },
    ].filter((t) => !existing.has(t.topic));
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
