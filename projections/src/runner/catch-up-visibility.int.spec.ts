import { randomUUID } from 'node:crypto';
import { catalogue, streams } from '@bank/events';
import { createPgEventStore, createPool, type EventStore, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountsProjection } from '../read-models/accounts/projection.ts';
import { createProjectionRunner } from './projection-runner.ts';
import { checkingOpened } from './test-fixtures.ts';

let pool: Pool;
let store: EventStore;
let neighbour: pg.Client;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 4);
  store = createPgEventStore(pool, { reader: catalogue });
  // Another database on the same server, as another bank or another test would use it.
  neighbour = new pg.Client({ connectionString: await createTestDatabase() });
  await neighbour.connect();
});
afterAll(async () => {
  await neighbour.end();
  await pool.end();
});

/** Opens a write in the other database, then appends an account opening held back behind it. */
async function appendBehindNeighbour(accountNumber: string): Promise<string> {
  await neighbour.query('BEGIN');
  await neighbour.query('SELECT pg_current_xact_id()');
  const accountId = randomUUID();
  await store.append(
    [
      {
        streamId: streams.account(accountId),
        expectedVersion: 'no_stream',
        events: [checkingOpened({ accountId, customerId: randomUUID(), accountNumber })],
      },
    ],
    {},
  );
  return accountId;
}

const projected = async (accountId: string) =>
  (await pool.query('SELECT 1 FROM rm_accounts WHERE account_id = $1', [accountId])).rowCount === 1;

it('catches up with an event committed while a write is open in another database', async () => {
  const accountId = await appendBehindNeighbour('100000000077');
  const ended = new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
    neighbour.query('COMMIT'),
  );
  const runner = createProjectionRunner({ pool, store, projections: [accountsProjection] });
  await runner.catchUp();
  expect(await projected(accountId)).toBe(true);
  await ended;
});

it('catches up without waiting for the open write when asked not to, as start-up does', async () => {
  const accountId = await appendBehindNeighbour('100000000078');
  const runner = createProjectionRunner({ pool, store, projections: [accountsProjection] });
  let committing = false;
  let waitingSettled = false;
  // Ended by the open write's commit, which comes only after the start-up form has returned.
  const waiting = runner.catchUp().then(() => {
    waitingSettled = true;
    return { afterCommit: committing, projected: projected(accountId) };
  });
  try {
    await runner.catchUp({ waitForCommitted: false });
    // Returned with the write still open: the waiting form is still waiting, and the held-back
    // event is not projected yet.
    expect(waitingSettled).toBe(false);
    expect(await projected(accountId)).toBe(false);
  } finally {
    committing = true;
    await neighbour.query('COMMIT');
  }
  const waited = await waiting;
  expect(waited.afterCommit).toBe(true);
  expect(await waited.projected).toBe(true);
});
