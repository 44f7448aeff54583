import { otherParties, toEveryPartition } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { allProjections } from '../index.ts';
import { isPartitionSafe, PARTITION_SAFE } from './partition-safety.ts';
import { createKafkaProjectionWorker } from './projection-worker.ts';

const accounts = allProjections.find((p) => p.name === 'accounts')!;

/**
 * Scale mode shares one topic's partitions (keyed by customer) between the workers. Every
 * projection must have been reviewed for it: a new projection, or a new handler on a reviewed
 * one, fails here until someone checks it and writes down why it is safe.
 */
describe('partition safety review', () => {
  it('every projection is reviewed as partition-safe for all its handlers', () => {
    expect(allProjections.filter((p) => !isPartitionSafe(p)).map((p) => p.name)).toEqual([]);
  });

  it('every reviewed name exists', () => {
    const names = new Set(allProjections.map((p) => p.name));
    for (const name of Object.keys(PARTITION_SAFE)) expect(names.has(name), name).toBe(true);
  });

  it('a handler added to a reviewed projection is not safe until reviewed', () => {
    expect(isPartitionSafe(accounts)).toBe(true);
    const grown = { ...accounts, handlers: { ...accounts.handlers, TransferSettled: () => {} } };
    expect(isPartitionSafe(grown as never)).toBe(false);
  });

  it('the worker refuses to start with a projection nobody reviewed', () => {
    const grown = { ...accounts, handlers: { ...accounts.handlers, TransferSettled: () => {} } };
    expect(() =>
      createKafkaProjectionWorker({
        kafka: undefined as never,
        pool: undefined as never,
        projections: [grown as never],
      }),
    ).toThrow(/Not reviewed as partition-safe .*: accounts/);
  });

  it('sides are written only for events sent to other partitions, by handlers that exist', () => {
    const routedElsewhere = new Set([...Object.keys(otherParties), ...toEveryPartition]);
    for (const projection of allProjections) {
      for (const type of projection.sided ?? []) {
        expect(routedElsewhere.has(type), `${projection.name}: ${type}`).toBe(true);
        expect(projection.handlers[type], `${projection.name}: ${type}`).toBeDefined();
      }
    }
  });
});
