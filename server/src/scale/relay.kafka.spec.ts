import { randomUUID } from 'node:crypto';
import { catalogue } from '@bank/events';
import {
  createKafkaRelay,
  createPgEventStore,
  createPool,
  relayLag,
  type EventStore,
  type Pool,
  type PoolClient,
} from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKafkaBroker, type KafkaBroker } from '../testing/kafka.ts';

/**
 * The relay's election against a real broker: a process that wins the relay lock while the broker
 * is down must give the lock back, or no process (itself included) relays again.
 */
let broker: KafkaBroker;
let pool: Pool;
let store: EventStore;
/** Another bank's database on the same server, whose relay holds its own relay lock. */
let neighbour: Pool;
let neighbourRelay: PoolClient;

beforeAll(async () => {
  broker = await startKafkaBroker();
  pool = createPool(await createTestDatabase(), 4);
  store = createPgEventStore(pool, { reader: catalogue });
  neighbour = createPool(await createTestDatabase(), 1);
  neighbourRelay = await neighbour.connect();
  await neighbourRelay.query('SELECT pg_advisory_lock(7431007)');
});

afterAll(async () => {
  neighbourRelay?.release(true);
  await neighbour?.end();
  await store?.close();
  await pool?.end();
  await broker?.destroy();
});

async function until(probe: () => Promise<boolean>, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Holders of this database's relay lock (pg_locks lists every database of the server). */
const relayLockHolders = async () =>
  Number(
    (
      await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_locks
         WHERE locktype = 'advisory' AND objid = 7431007
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )
    ).rows[0]!.n,
  );

describe('the Kafka relay', () => {
  it('leads once the broker is back when it won the lock while the broker was down', async () => {
    await broker.stop();
    // A real client that gives up after two quick retries, so the failed campaign is seconds.
    const kafka = new Kafka({
      clientId: 'relay-spec',
      brokers: broker.brokers,
      logLevel: logLevel.NOTHING,
      connectionTimeout: 500,
      retry: { initialRetryTime: 50, retries: 2, maxRetryTime: 200 },
    });
    const lines: string[] = [];
    const warnings: string[] = [];
    const relay = createKafkaRelay({
      pool,
      store,
      kafka,
      log: (line) => lines.push(line),
      warn: (line) => warnings.push(line),
    });
    try {
      await relay.start();
      // An unreachable broker is a warning (alerts watch those), not an information line.
      expect(warnings.join('\n')).toMatch(/kafka relay: .*(ECONNREFUSED|connect)/i);
      expect(lines.join('\n')).not.toMatch(/ECONNREFUSED|connect/i);
      // The failed campaign let go of the lock: another process may lead meanwhile. (The next
      // campaign, a second later, takes it again while it tries the broker: look between them.)
      expect(relay.isLeader()).toBe(false);
      await expect.poll(relayLockHolders, { timeout: 10_000, interval: 50 }).toBe(0);

      await broker.start();
      const customerId = randomUUID();
      await store.append(
        [
          {
            streamId: `notifications-${customerId}`,
            expectedVersion: 'no_stream',
            events: [
              {
                type: 'NotificationDeleted',
                schemaVersion: 1,
                data: { customerId, notificationId: randomUUID() },
              },
            ],
          },
        ],
        { actor: 'test', correlationId: randomUUID() },
      );
      await until(
        async () => relay.isLeader() && (await relayLag(pool)) === 0,
        'the relay',
        60_000,
      );
      expect(lines).toContain('kafka relay: leading');
    } finally {
      await relay.stop();
    }
  });
});
