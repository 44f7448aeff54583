import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PARTITIONS, partitionOf } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
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

/** A small seeded generator: a failing sequence can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

/**
 * One consumer per worker process applies every projection, one transaction per partition
 * batch. Random deposits, transfers and Zelle payments and requests between customers (each side
 * written on its own customer's partition) run while workers are killed (SIGKILL, mid-batch) and
 * started again, so the partitions move between them; the read models must end exactly as a
 * rebuild from the PostgreSQL log makes them: nothing lost, nothing applied twice.
 */
describe('scale mode: workers killed and restarted under random traffic', () => {
  let broker: KafkaBroker;
  let bank: TestBank;
  let env: Record<string, string>;
  const workers: ServiceProcess[] = [];

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

  it('random sequences with kills and rebalances end equal to a rebuild from the log', async () => {
    const seed = Number(process.env.SCALE_SEED ?? 20261126);
    const pick = random(seed);
    const customers = await Promise.all([0, 1, 2].map(() => customerWithAccounts(bank)));
    // At least two of them on different partitions, so that payments cross partitions.
    const partition = (c: (typeof customers)[number]) => partitionOf(c.id, DEFAULT_PARTITIONS);
    while (new Set(customers.map(partition)).size < 2) {
      customers[0] = await customerWithAccounts(bank);
    }
    let deposited = 0;
    const rounds = 3;
    for (let round = 0; round < rounds; round += 1) {
      const killAt = 4 + pick(12);
      for (let step = 0; step < 20; step += 1) {
        if (step === killAt) {
          // SIGKILL one worker mid-flow and start another: the group rebalances twice.
          const victim = workers.splice(pick(workers.length), 1)[0]!;
          await victim.kill();
          workers.push(await startService('start:projections', env));
        }
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            const customer = customers[pick(customers.length)]!;
            const other = customers.filter((c) => c !== customer)[pick(customers.length - 1)]!;
            const checking = (c: typeof customer) => c.accounts.find((x) => x.type === 'checking')!;
            const [a, b] = customer.accounts;
            const choice = pick(6);
            if (choice === 0) {
              // Zelle between customers (each side projected on its own partition); refused
              // when short or a duplicate within the minute.
              await customer.client.post('/api/zelle/send', {
                bank_account_id: checking(customer).id,
                amount: (100 + pick(400)) / 100,
                recipient_name: 'Friend',
                recipient_email: other.email,
                memo: `z${round}s${step}`,
              });
            } else if (choice === 1) {
              const asked = await customer.client.post('/api/zelle/request', {
                bank_account_id: checking(customer).id,
                amount: (100 + pick(400)) / 100,
                recipient_name: 'Payer',
                recipient_email: other.email,
                memo: `q${round}s${step}`,
              });
              const id = asked.body.data?.request?.id as string | undefined;
              if (id && pick(2) === 0) {
                await other.client.post(`/api/zelle/requests/${id}/pay`, {
                  bank_account_id: checking(other).id,
                });
              } else if (id) await other.client.post(`/api/zelle/requests/${id}/decline`);
            } else if (choice === 2 && a && b) {
              const from = pick(2) === 0 ? a : b;
              const to = from === a ? b : a;
              const cents = 100 + pick(900);
              // Refused when the balance is short: that is part of the sequence too.
              await customer.client.post('/api/transfers/between-accounts', {
                fromAccount: from.id,
                toAccount: to.id,
                amount: cents / 100,
                memo: `r${round}s${step}`,
              });
            } else {
              const cents = 100 + pick(5000);
              deposited += cents;
              await deposit(
                bank,
                customer.accounts[pick(customer.accounts.length)]!.account_number,
                cents / 100,
                { waitForReadModels: false },
              );
            }
          }),
        );
      }
    }
    await waitForProjections(bank.pool);
    const lines = await bank.pool.query<{ direction: string }>(
      'SELECT DISTINCT direction FROM rm_zelle_activity ORDER BY direction',
    );
    expect(lines.rows.map((r) => r.direction)).toEqual(['incoming', 'outgoing']);
    const viaKafka = await readModelHashes(bank.pool);
    const total = await bank.pool.query<{ total: string }>(
      'SELECT coalesce(sum(balance_cents), 0)::text AS total FROM rm_accounts',
    );
    expect(Number(total.rows[0]!.total)).toBe(deposited);

    await rebuildAll(bank.pool, bank.store);
    expect(await readModelHashes(bank.pool)).toEqual(viaKafka);
  });
});
