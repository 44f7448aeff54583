import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool, startEmbeddedPostgres, type Pool } from '@bank/infra';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAll } from '../migrations.ts';
import {
  deposit,
  freePort,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';

/** What a pg_dump of the bank's database carries that the restored bank needs, table by table. */
const RESTORED_TABLES = ['events', 'customer_identities', 'customer_keys'];

/** The README's way to move a server's transaction ids past the log's without pg_resetwal. */
const ADVANCE_TRANSACTION_IDS = `DO $$
BEGIN
  WHILE pg_snapshot_xmax(pg_current_snapshot()) <= (SELECT max(transaction_id) FROM events) LOOP
    PERFORM pg_current_xact_id();
    COMMIT;
  END LOOP;
END $$`;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/**
 * A logical restore, as pg_restore does it: the schema first (here the migrations), then each
 * table's rows with their column values as dumped (transaction ids included), then the sequences.
 */
async function restoreInto(source: Pool, target: Pool): Promise<void> {
  await migrateAll(target);
  for (const table of RESTORED_TABLES) {
    const { rows } = await source.query<{ dumped: unknown }>(
      `SELECT coalesce(json_agg(t), '[]') AS dumped FROM ${table} t`,
    );
    await target.query(
      `INSERT INTO ${table} SELECT * FROM json_populate_recordset(null::${table}, $1::json)`,
      [JSON.stringify(rows[0]!.dumped)],
    );
  }
  await target.query(
    `SELECT setval('events_global_position_seq', (SELECT max(global_position) FROM events))`,
  );
}

async function checkingBalance(pool: Pool, accountId: string): Promise<number | undefined> {
  const { rows } = await pool.query<{ balance_cents: string }>(
    'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
    [accountId],
  );
  return rows[0] ? Number(rows[0].balance_cents) : undefined;
}

describe('restoring a logical backup into a new cluster', () => {
  it('refuses to start while the log is ahead of the server, and serves the restored log once the documented fix ran', async () => {
    const secretsKey = randomBytes(32).toString('hex');
    let original: TestBank | undefined = await startTestBank({ config: { secretsKey } });
    cleanups.push(async () => original?.stop());
    const sourcePool = createPool(original.config.databaseUrl!, 2);
    cleanups.push(() => sourcePool.end());
    // A server that has lived a while: its transaction ids are well ahead of a fresh cluster's.
    await sourcePool.query(
      `DO $$ BEGIN FOR i IN 1..3000 LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`,
    );
    const { accounts } = await signedUpCustomer(original);
    const checking = accounts.find((a) => a.name === 'Premium Checking')!;
    await deposit(original, checking.account_number, 250);
    await original.stop();
    original = undefined;

    const cluster = await startEmbeddedPostgres({
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'bank-restore-')),
      port: await freePort(),
      persistent: false,
    });
    cleanups.push(() => cluster.stop());
    await cluster.createDatabase('bank');
    const restoredUrl = cluster.url('bank');
    const restoredPool = createPool(restoredUrl, 2);
    cleanups.push(() => restoredPool.end());
    await restoreInto(sourcePool, restoredPool);

    const start = () => startTestBank({ config: { secretsKey, databaseUrl: restoredUrl } });
    await expect(start()).rejects.toThrow(
      /The event log holds transaction ids up to \d+, ahead of this PostgreSQL server.*pg_resetwal --epoch=1 /s,
    );

    await restoredPool.query(ADVANCE_TRANSACTION_IDS);
    let restored: TestBank | undefined = await start();
    cleanups.push(async () => restored?.stop());
    // The projections see every restored event, and a new command is ordered after them.
    await expect
      .poll(() => checkingBalance(restoredPool, checking.id), { timeout: 30_000 })
      .toBe(250_00);
    await deposit(restored, checking.account_number, 10);
    await expect
      .poll(() => checkingBalance(restoredPool, checking.id), { timeout: 30_000 })
      .toBe(260_00);
    const { rows } = await restoredPool.query<{ type: string; amount: string }>(
      `SELECT type, data->>'amount' AS amount FROM events
          WHERE stream_id LIKE 'account-%' ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({ type: 'AccountCredited', amount: '1000' });
    await restored.stop();
    restored = undefined;
  }, 180_000);
});
