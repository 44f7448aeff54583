import { randomUUID } from 'node:crypto';
import { catalogue, partitionKeysOf } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '../event-store/pg-event-store.ts';
import { START, type EventStore, type NewEvent } from '../event-store/types.ts';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase } from '../testing/database.ts';
import { partitionOf } from './codec.ts';
import { createEventRouter } from './routing.ts';

const PARTITIONS = 6;

let pool: Pool;
/** Writes as the bank did before the stamp: no partition keys in the metadata. */
let unstamped: EventStore;
let stamped: EventStore;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 4);
  unstamped = createPgEventStore(pool, { reader: catalogue });
  stamped = createPgEventStore(pool, { reader: catalogue, partitionKeys: partitionKeysOf });
});
afterAll(async () => {
  await unstamped.close();
  await stamped.close();
  await pool.end();
});

const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  type,
  data,
  schemaVersion: 1,
});

/** Two customers whose keys fall on different partitions. */
function customersApart(): [string, string] {
  const a = randomUUID();
  for (;;) {
    const b = randomUUID();
    if (partitionOf(a, PARTITIONS) !== partitionOf(b, PARTITIONS)) return [a, b];
  }
}

async function routedLog() {
  const events = await unstamped.readAllSealed!(START, 1000);
  return { events, routes: await createEventRouter(pool).route(events, PARTITIONS) };
}

describe('the relay keys events by the customer who owns their stream', () => {
  it('spreads keys over every partition, always the same way', () => {
    const seen = new Set(Array.from({ length: 200 }, () => partitionOf(randomUUID(), PARTITIONS)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const key = randomUUID();
    expect(partitionOf(key, PARTITIONS)).toBe(partitionOf(key, PARTITIONS));
  });

  it('keys events written before the stamp by their data, or by the first event of their stream', async () => {
    const [owner, other] = customersApart();
    const accountId = randomUUID();
    const account = `account-${accountId}`;
    await unstamped.append(
      [
        {
          streamId: account,
          expectedVersion: 'no_stream',
          events: [event('AccountOpened', { accountId, customerId: owner })],
        },
      ],
      {},
    );
    // Postings and releases from before the owner was named on them.
    await unstamped.append(
      [
        {
          streamId: account,
          expectedVersion: 'any',
          events: [
            event('AccountCredited', { accountId, amount: 100 }),
            event('HoldReleased', { accountId, holdId: randomUUID(), reason: 'x' }),
          ],
        },
        {
          streamId: 'crypto-custody-BTC',
          expectedVersion: 'any',
          events: [event('CryptoCustodyMoved', { symbol: 'BTC', units: 1 })],
        },
        {
          streamId: `zelle-payment-${randomUUID()}`,
          expectedVersion: 'no_stream',
          events: [
            event('ZellePaymentSent', { senderCustomerId: other, recipientCustomerId: owner }),
          ],
        },
        {
          streamId: `customer-${owner}`,
          expectedVersion: 'any',
          events: [event('CustomerErased', { customerId: owner, reason: 'asked' })],
        },
      ],
      {},
    );
    const { events, routes } = await routedLog();
    const byType = new Map(events.map((e, i) => [e.type, routes[i]!]));
    const home = partitionOf(owner, PARTITIONS);
    const away = partitionOf(other, PARTITIONS);
    expect(byType.get('AccountOpened')).toEqual({ key: owner, partitions: [home] });
    expect(byType.get('AccountCredited')).toEqual({ key: owner, partitions: [home] });
    expect(byType.get('HoldReleased')).toEqual({ key: owner, partitions: [home] });
    expect(byType.get('CryptoCustodyMoved')!.key).toBe('crypto-custody-BTC');
    // A payment between two customers: the sender's partition, and a copy on the recipient's.
    expect(byType.get('ZellePaymentSent')).toEqual({ key: other, partitions: [away, home] });
    // An erasure: the customer's own partition first, then every other one.
    const erased = byType.get('CustomerErased')!;
    expect(erased.key).toBe(owner);
    expect(erased.partitions[0]).toBe(home);
    expect([...erased.partitions].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('takes the stamped key over the data, with no lookup', async () => {
    const owner = randomUUID();
    const accountId = randomUUID();
    await stamped.append(
      [
        {
          streamId: `account-${accountId}`,
          expectedVersion: 'no_stream',
          events: [
            event('AccountOpened', { accountId, customerId: owner }),
            event('AccountCredited', { accountId, amount: 5, ownerCustomerId: owner }),
          ],
        },
      ],
      {},
    );
    const queries: string[] = [];
    const counting = {
      query: (sql: string, params?: unknown[]) => {
        queries.push(sql);
        return pool.query(sql, params);
      },
    } as unknown as Pool;
    const events = (await stamped.readAllSealed!(START, 1000)).filter(
      (e) => e.streamId === `account-${accountId}`,
    );
    expect(events[1]!.metadata.partitionKey).toBe(owner);
    const routes = await createEventRouter(counting).route(events, PARTITIONS);
    expect(routes.map((r) => r.key)).toEqual([owner, owner]);
    expect(queries).toEqual([]);
  });
});
