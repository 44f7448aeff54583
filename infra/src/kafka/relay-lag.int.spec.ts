import { randomUUID } from 'node:crypto';
import { catalogue } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '../event-store/pg-event-store.ts';
import { START, type EventStore } from '../event-store/types.ts';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase } from '../testing/database.ts';
import { RELAY_CHECKPOINT, relayLag } from './relay.ts';

let pool: Pool;
let store: EventStore;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
  store = createPgEventStore(pool, { reader: catalogue });
});
afterAll(async () => {
  await store.close();
  await pool.end();
});

const deleted = (customerId: string) => ({
  type: 'NotificationDeleted',
  schemaVersion: 1,
  data: { customerId, notificationId: randomUUID() },
});

describe('relayLag', () => {
  it('counts the committed events past the relay checkpoint, all of them before its first batch', async () => {
    const customerId = randomUUID();
    const events = [deleted(customerId), deleted(customerId), deleted(customerId)];
    await store.append(
      [{ streamId: `notifications-${customerId}`, expectedVersion: 'no_stream', events }],
      {
        actor: 'test',
        correlationId: 'c-1',
      },
    );
    expect(await relayLag(pool)).toBe(3);

    const [first] = await store.readAll(START, 1);
    await pool.query(
      `INSERT INTO projection_checkpoints (projection, transaction_id, global_position)
       VALUES ($1, $2::text::xid8, $3)`,
      [RELAY_CHECKPOINT, first!.position.transactionId.toString(), first!.position.globalPosition],
    );
    expect(await relayLag(pool)).toBe(2);
  });
});
