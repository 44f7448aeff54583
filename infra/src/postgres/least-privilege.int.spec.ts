import { catalogue } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '../event-store/pg-event-store.ts';
import type { EventStore } from '../event-store/types.ts';
import { createTestDatabase, testDatabaseUrlAs } from '../testing/database.ts';
import { createPool, type Pool } from './pool.ts';
import { APP_ROLE, checkRole, OWNER_ROLE } from './roles.ts';

/** The application role's connections, as the bank's pool has them. */
let app: Pool;
let owner: Pool;
let store: EventStore;
const stream = `account-${crypto.randomUUID()}`;

const forgedCredit = { accountId: stream.slice('account-'.length), amount: 1_000_000 };

const notice = (title: string) => ({
  type: 'NotificationRaised',
  schemaVersion: 1,
  data: {
    customerId: crypto.randomUUID(),
    notificationId: crypto.randomUUID(),
    type: 'system',
    title,
    message: title,
    priority: 'low',
  },
});

beforeAll(async () => {
  const url = await createTestDatabase();
  app = createPool(url, 4);
  owner = createPool(testDatabaseUrlAs(url, 'owner'), 2);
  store = createPgEventStore(app, { reader: catalogue });
  await store.append(
    [
      {
        streamId: stream,
        expectedVersion: 0,
        events: [notice('first')],
      },
    ],
    {},
  );
});
afterAll(async () => {
  await store.close();
  await app.end();
  await owner.end();
});

describe('the application role', () => {
  it('is neither a superuser nor able to write events directly', async () => {
    expect(await checkRole(app)).toEqual({ role: APP_ROLE, superuser: false, writesEvents: false });
    expect(await checkRole(owner)).toMatchObject({ role: OWNER_ROLE, superuser: false });
  });

  it('cannot INSERT, UPDATE, DELETE or TRUNCATE events: permission denied', async () => {
    const denied = /permission denied for table events/;
    await expect(
      app.query(
        `INSERT INTO events (event_id, stream_id, stream_version, type, data)
         VALUES ($1, $2, 2, 'AccountCredited', $3)`,
        [crypto.randomUUID(), stream, JSON.stringify(forgedCredit)],
      ),
    ).rejects.toThrow(denied);
    await expect(
      app.query(`UPDATE events SET data = '{}' WHERE stream_id = $1`, [stream]),
    ).rejects.toThrow(denied);
    await expect(app.query('DELETE FROM events WHERE stream_id = $1', [stream])).rejects.toThrow(
      denied,
    );
    await expect(app.query('TRUNCATE events')).rejects.toThrow(denied);
    await expect(app.query('ALTER TABLE events DISABLE TRIGGER USER')).rejects.toThrow(
      /must be owner/,
    );
    await expect(app.query('CREATE TABLE intruder (x int)')).rejects.toThrow(
      /permission denied for schema public/,
    );
    await expect(app.query(`SELECT append_batch_each('[]'::jsonb)`)).rejects.toThrow(
      /permission denied for function append_batch_each/,
    );
    await expect(app.query("SELECT nextval('events_global_position_seq')")).rejects.toThrow(
      /permission denied/,
    );
    const { rows } = await app.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [
      stream,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('appends through append_batch(), which chains the hash as the owner', async () => {
    await store.append([{ streamId: stream, expectedVersion: 1, events: [notice('second')] }], {
      actor: 'test',
    });
    const { rows } = await app.query<{ chained: boolean }>(
      `SELECT e.hash = event_hash(p.hash, e.event_id, e.stream_id, e.stream_version, e.type,
                                   e.schema_version, e.data, e.metadata, e.recorded_at) AS chained
         FROM events e JOIN events p ON p.stream_id = e.stream_id AND p.stream_version = 1
        WHERE e.stream_id = $1 AND e.stream_version = 2`,
      [stream],
    );
    expect(rows).toEqual([{ chained: true }]);
  });

  it('reads everything and writes the read models and working tables', async () => {
    await app.query('SELECT * FROM events LIMIT 1');
    await app.query('DELETE FROM rm_accounts WHERE false');
    await app.query('TRUNCATE rm_ledger_balances');
    await app.query(
      `INSERT INTO projection_checkpoints (projection) VALUES ('privilege-test') ON CONFLICT DO NOTHING`,
    );
    await expect(
      app.query(`INSERT INTO schema_migrations (name) VALUES ('9999_forged.sql')`),
    ).rejects.toThrow(/permission denied/);
  });
});
