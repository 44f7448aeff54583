import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_TOPIC } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { allProjectionNames } from '@bank/projections';
import { deposit, startTestBank, type TestBank } from '../testing/index.ts';
import { startKafkaBroker, type KafkaBroker } from '../testing/kafka.ts';
import { startTogether } from '../testing/process-launcher.ts';
import { startService, type ServiceProcess } from '../testing/service-process.ts';
import {
  customerWithAccounts,
  rebuildAll,
  readModelHashes,
  waitForProjections,
} from './read-model-hash.ts';

/**
 * Scale mode against a real Apache Kafka broker: the relay puts the log on Kafka, two projection
 * worker processes share its partitions, and the read models must end exactly as the embedded
 * path (a rebuild from the PostgreSQL log in process) makes them.
 */
describe('scale mode: projections from Kafka', () => {
  let broker: KafkaBroker;
  let bank: TestBank;
  let env: Record<string, string>;
  const workers: ServiceProcess[] = [];
  const accounts: string[] = [];
  let deposited = 0;

  beforeAll(async () => {
    broker = await startKafkaBroker();
    const databaseUrl = await createTestDatabase();
    env = {
      DATABASE_URL: databaseUrl,
      KAFKA_BROKERS: broker.brokers.join(','),
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      SECRETS_KEY: randomBytes(32).toString('hex'),
      PG_POOL_SIZE: '10',
    };
    // The writer: commands and queries in this process, no projections (the workers run them).
    bank = await startTestBank({
      roles: { commands: true, queries: true, projections: false, jobs: false, http: false },
      config: { databaseUrl, secretsKey: env.SECRETS_KEY },
    });
    workers.push(
      ...(await startTogether([1, 2].map(() => startService('start:projections', env)))),
    );
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await bank?.stop();
    await broker?.destroy();
  });

  /** On a mismatch, prints which accounts differ from their streams, to find the lost event. */
  async function diagnose() {
    const { rows } = await bank.pool.query(`
      WITH e AS (SELECT stream_id, sum(CASE WHEN type='AccountCredited' THEN (data->>'amount')::bigint ELSE -(data->>'amount')::bigint END) AS bal
                 FROM events WHERE type IN ('AccountCredited','AccountDebited') GROUP BY stream_id)
      SELECT e.stream_id, e.bal, a.balance_cents FROM e JOIN rm_accounts a ON e.stream_id = 'account-' || a.account_id
      WHERE e.bal <> a.balance_cents`);
    if (rows.length === 0) return;
    console.log('MISMATCH', rows);
    for (const row of rows) {
      const evs = await bank.pool.query(
        `SELECT stream_version, type, transaction_id::text AS tx, global_position, data->>'amount' AS amount FROM events WHERE stream_id=$1 ORDER BY stream_version`,
        [row.stream_id],
      );
      console.log(
        row.stream_id,
        evs.rows
          .map((r: any) => `${r.stream_version}:${r.type}:${r.tx}.${r.global_position}:${r.amount}`)
          .join(' '),
      );
    }
    console.log(
      (
        await bank.pool.query(
          `SELECT consumer, topic, partition, next_offset, transaction_id::text AS tx, global_position, watermark_transaction_id::text AS wtx, watermark_global_position FROM kafka_offsets WHERE consumer='accounts' ORDER BY partition`,
        )
      ).rows,
    );
    console.log(workers.map((w) => w.output()).join('\n-----\n'));
  }

  async function deposits(count: number, onProgress?: (done: number) => Promise<void>) {
    for (let i = 0; i < count; i += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, count - i) }, (_, j) => {
          const cents = 100 + ((i + j) % 37);
          deposited += cents;
          return deposit(bank, accounts[(i + j) % accounts.length]!, cents / 100, {
            waitForReadModels: false,
          });
        }),
      );
      await onProgress?.(i + 8);
    }
  }

  it('serves reads from the read models that the Kafka workers build', async () => {
    for (let i = 0; i < 4; i += 1) {
      // A consistency token waits 2 s at most; the first events also wait for the group to form.
      const customer = await customerWithAccounts(bank);
      await waitForProjections(bank.pool);
      const listed = await customer.client.get('/api/accounts');
      expect(listed.status).toBe(200);
      const numbers = (listed.body.data.accounts as { account_number: string }[]).map(
        (a) => a.account_number,
      );
      expect(numbers.length).toBeGreaterThan(0);
      accounts.push(...numbers);
    }
    await waitForProjections(bank.pool);
    // Every projection follows the one topic keyed by customer, its progress kept per partition.
    const progress = await bank.pool.query<{ consumer: string; topic: string; partitions: number }>(
      `SELECT consumer, topic, count(*)::int AS partitions FROM kafka_offsets
        GROUP BY consumer, topic ORDER BY consumer COLLATE "C"`,
    );
    expect(progress.rows).toEqual(
      [...allProjectionNames]
        .sort()
        .map((consumer) => ({ consumer, topic: EVENTS_TOPIC, partitions: 6 })),
    );
    const opening = await bank.pool.query<{ total: string }>(
      'SELECT coalesce(sum(balance_cents), 0)::text AS total FROM rm_accounts',
    );
    deposited = Number(opening.rows[0]!.total);
  });

  it('a worker killed mid-stream: the other takes over, read models equal the embedded ones', async () => {
    let killed = false;
    await deposits(160, async (done) => {
      if (!killed && done >= 48) {
        killed = true;
        await workers[0]!.kill(); // SIGKILL: no goodbye to the group, the relay lock just drops
      }
    });
    expect(killed).toBe(true);
    await waitForProjections(bank.pool);
    await diagnose();
    const viaKafka = await readModelHashes(bank.pool);
    const balances = await bank.pool.query<{ total: string }>(
      'SELECT sum(balance_cents)::text AS total FROM rm_accounts',
    );
    expect(Number(balances.rows[0]!.total)).toBe(deposited);

    await rebuildAll(bank.pool, bank.store).catch(async (error) => {
      const id = /unknown account (\S+)/.exec(String(error))?.[1];
      const evs = await bank.pool.query(
        `SELECT stream_id, stream_version, type, transaction_id::text AS tx, global_position FROM events WHERE stream_id = 'account-' || $1 OR data->>'accountId' = $1 ORDER BY transaction_id, global_position`,
        [id],
      );
      console.log('REBUILD', error, evs.rows);
      throw error;
    });
    expect(await readModelHashes(bank.pool)).toEqual(viaKafka);
  });

  it('the broker restarts mid-stream: no event lost, none applied twice', async () => {
    workers.push(await startService('start:projections', env));
    let restarted = false;
    await deposits(96, async (done) => {
      if (!restarted && done >= 32) {
        restarted = true;
        await broker.kill();
        // Commands keep committing to PostgreSQL while the broker is down.
        await Promise.all(
          [0, 1, 2, 3].map((i) => deposit(bank, accounts[i]!, 1.01, { waitForReadModels: false })),
        );
        deposited += 4 * 101;
        await broker.start();
      }
    });
    expect(restarted).toBe(true);
    await waitForProjections(bank.pool);
    const viaKafka = await readModelHashes(bank.pool);
    const balances = await bank.pool.query<{ total: string }>(
      'SELECT sum(balance_cents)::text AS total FROM rm_accounts',
    );
    expect(Number(balances.rows[0]!.total)).toBe(deposited);

    await rebuildAll(bank.pool, bank.store);
    expect(await readModelHashes(bank.pool)).toEqual(viaKafka);
  });
});
