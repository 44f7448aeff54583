import {
  allProjectionNames,
  allProjections,
  comparableRows,
  lowestCheckpoint,
  rebuildProjection,
} from '@bank/projections';
import {
  comparePositions,
  START,
  type EventStore,
  type Pool,
  type Position,
  positionFromColumns,
} from '@bank/infra';
import { ApiClient, proveOwnContacts, registrationPayload } from '../testing/api-client.ts';
import type { TestBank } from '../testing/test-bank.ts';

/** One md5 per read-model table, over its rows as readers see them, in a stable order. */
export async function readModelHashes(pool: Pool): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const projection of allProjections) {
    for (const table of projection.tables) {
      const { rows } = await pool.query<{ hash: string; count: string }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash,
                count(*)::text AS count FROM (${comparableRows(projection, table)}) t`,
      );
      hashes[table] = `${rows[0]!.count}:${rows[0]!.hash}`;
    }
  }
  return hashes;
}

export async function headPosition(pool: Pool): Promise<Position> {
  // Aliased apart from the columns: ORDER BY would otherwise sort the text casts.
  const { rows } = await pool.query<{ tx: string; pos: string }>(
    `SELECT transaction_id::text AS tx, global_position::text AS pos FROM events
      ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  const row = rows[0];
  return row ? positionFromColumns(row.tx, row.pos) : START;
}

/** Waits until every projection's checkpoint has reached the last committed event. */
export async function waitForProjections(pool: Pool, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const head = await headPosition(pool);
  for (;;) {
    const low = await lowestCheckpoint(pool, allProjectionNames);
    if (comparePositions(low, head) >= 0) return;
    if (Date.now() > deadline) {
      throw new Error(`projections stuck at ${low.transactionId}.${low.globalPosition}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The embedded path's answer: every read model rebuilt from the PostgreSQL log in process. */
export async function rebuildAll(pool: Pool, store: EventStore): Promise<void> {
  for (const projection of allProjections) await rebuildProjection(pool, store, projection);
}

/**
 * Registers a customer and waits for their accounts to be readable: the first events after the
 * workers start may take longer than a consistency token waits (the group still settling), and
 * "not yet consistent" is then the right answer, so it asks again.
 */
export async function customerWithAccounts(bank: TestBank, timeoutMs = 60_000) {
  const client = new ApiClient(bank);
  const payload = registrationPayload();
  const registered = await client.post('/api/register', payload);
  if (registered.status !== 201) {
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  }
  client.token = registered.body.data.token;
  // Payments between these customers go by email: proved, they arrive at once.
  await proveOwnContacts(bank, client, registered.body.data.user.id);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listed = await client.get('/api/accounts');
    if (listed.status === 200) {
      const accounts = listed.body.data.accounts as {
        id: string;
        account_number: string;
        type: string;
      }[];
      return {
        client,
        accounts,
        id: registered.body.data.user.id as string,
        email: payload.email as string,
      };
    }
    if (Date.now() > deadline) throw new Error(`accounts not readable: ${listed.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
