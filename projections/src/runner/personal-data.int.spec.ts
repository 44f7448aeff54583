import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import {
  AccountCredited,
  catalogue,
  ERASED,
  ledgerAccounts,
  piiRules,
  streams,
} from '@bank/events';
import {
  createKeyring,
  createPgEventStore,
  createPiiProtector,
  createPool,
  createSecretBox,
  isSealed,
  type EventStore,
  type Pool,
} from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsProjection } from '../read-models/accounts/projection.ts';
import { transactionsProjection } from '../read-models/transactions/projection.ts';
import { readModelHash, rebuildWithShadow } from '../toolkit/shadow-rebuild.ts';
import { checkingOpened } from './test-fixtures.ts';
import { createProjectionRunner } from './projection-runner.ts';
import { rebuildProjection } from './rebuild.ts';

let pool: Pool;
let store: EventStore;
const customerId = randomUUID();
const accountId = randomUUID();

beforeAll(async () => {
  // Shadow rebuilds create and swap tables: the schema owner's work.
  pool = createPool(await createTestDatabase({ role: 'owner' }), 10);
  const key = randomBytes(32);
  const fingerprintKey = Buffer.from(hkdfSync('sha256', key, '', 'pii-fingerprint', 32));
  const keyring = createKeyring(pool, createSecretBox(key), fingerprintKey);
  store = createPgEventStore(pool, {
    reader: catalogue,
    protector: createPiiProtector(keyring, piiRules, ERASED),
  });
  await store.append(
    [
      {
        streamId: streams.account(accountId),
        expectedVersion: 'no_stream',
        events: [
          checkingOpened({
            accountId,
            customerId,
            accountNumber: '200000000901',
          }),
          ...Array.from({ length: 40 }, (_, i) =>
            AccountCredited.create({
              accountId,
              ownerCustomerId: customerId,
              entryId: randomUUID(),
              amount: 100 + i,
              description: `Paycheck ${i}`,
              kind: 'deposit',
              contra: ledgerAccounts.cash,
              reference: `R${i}`,
            }),
          ),
        ] as never[],
      },
    ],
    {},
  );
});
afterAll(async () => {
  await pool.end();
});

describe('following the log over sealed personal data', () => {
  it('opens and reads only the types the follower asks for; the others come as stored', async () => {
    const events = await store.readAll(
      { transactionId: 0n, globalPosition: 0 },
      1000,
      (type) => type === 'AccountOpened',
    );
    const credits = events.filter((e) => e.event.type === 'AccountCredited');
    expect(credits).toHaveLength(40);
    for (const credit of credits) {
      expect(isSealed((credit.event.data as { description: string }).description)).toBe(true);
    }
    const opened = events.find((e) => e.event.type === 'AccountOpened')!;
    expect(opened.event.data).toMatchObject({ accountId, customerId });
    // Read again for every type: opened as always, whatever was read before.
    const all = await store.readAll({ transactionId: 0n, globalPosition: 0 }, 1000);
    const first = all.find((e) => e.event.type === 'AccountCredited')!;
    expect((first.event.data as { description: string }).description).toMatch(/^Paycheck \d+$/);
  });
});

describe('rebuilds over sealed personal data', () => {
  it('open it for a projection that shows it, and skip opening for one that reads none', async () => {
    const { rows: stored } = await pool.query<{ description: string }>(
      `SELECT data->>'description' AS description FROM events WHERE type = 'AccountCredited'`,
    );
    expect(stored.every((row) => isSealed(row.description))).toBe(true);

    const runner = createProjectionRunner({
      pool,
      store,
      projections: [accountsProjection, transactionsProjection],
    });
    await runner.catchUp();
    const live = {
      accounts: await readModelHash(pool, accountsProjection),
      transactions: await readModelHash(pool, transactionsProjection),
    };
    const { rows: shown } = await pool.query<{ description: string }>(
      'SELECT description FROM rm_transactions ORDER BY amount_cents LIMIT 1',
    );
    expect(shown[0]!.description).toBe('Paycheck 0');
    const { rows: balance } = await pool.query<{ balance_cents: string }>(
      'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
      [accountId],
    );
    expect(Number(balance[0]!.balance_cents)).toBe(40 * 100 + (39 * 40) / 2);

    expect(accountsProjection.readsPersonalData).toBe(false);
    await rebuildProjection(pool, store, accountsProjection);
    expect(await readModelHash(pool, accountsProjection)).toEqual(live.accounts);
    await rebuildWithShadow(pool, store, accountsProjection);
    expect(await readModelHash(pool, accountsProjection)).toEqual(live.accounts);

    await rebuildProjection(pool, store, transactionsProjection);
    expect(await readModelHash(pool, transactionsProjection)).toEqual(live.transactions);
    await rebuildWithShadow(pool, store, transactionsProjection);
    expect(await readModelHash(pool, transactionsProjection)).toEqual(live.transactions);
  });
});
