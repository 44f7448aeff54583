import { catalogue } from '@bank/events';
import { createPgEventStore, createPool, type EventStore, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll } from 'vitest';
import { createCommandBus, type CommandBus } from './command-bus.ts';

export interface TestCommandBus {
  pool: Pool;
  store: EventStore;
  bus: CommandBus;
}

/**
 * A command bus on a fresh test database for the file's tests: made before they run and closed
 * after. Its fields are set once the file's beforeAll ran.
 */
export function useTestCommandBus(): TestCommandBus {
  const test = {} as TestCommandBus;
  beforeAll(async () => {
    test.pool = createPool(await createTestDatabase(), 4);
    test.store = createPgEventStore(test.pool, { reader: catalogue });
    test.bus = createCommandBus(test.store);
  });
  afterAll(async () => {
    await test.store.close();
    await test.pool.end();
  });
  return test;
}
