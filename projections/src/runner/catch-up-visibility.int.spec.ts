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

it('catches up with an event committed while a write is open in another database', async () => {
  await neighbour.query('BEGIN');
  await neighbour.query('SELECT pg_current_xact_id()');
  const accountId = randomUUID();
  await store.append(
    [
      {
        streamId: streams.account(accountId),
        expectedVersion: 'no_stream',
        events: [
          checkingOpened({ accountId, customerId: randomUUID(), accountNumber: '100000000077' }),
        ],
      },
    ],
    {},
  );
  const ended = new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
    neighbour.query('COMMIT'),
  );
  const runner = createProjectionRunner({ pool, store, projections: [accountsProjection] });
  await runner.catchUp();
  const { rows } = await pool.query('SELECT 1 FROM rm_accounts WHERE account_id = $1', [accountId]);
  expect(rows).toHaveLength(1);
  await ended;
});
