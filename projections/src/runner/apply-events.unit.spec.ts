import type { BankEvent } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import { describe, expect, it } from 'vitest';
import { defineProjection, type Db } from '../projection.ts';
import { applyEvents } from './apply-events.ts';

const recorded = (type: string, n: number) =>
  ({
    eventId: `e${n}`,
    streamId: 's',
    streamVersion: n,
    position: { transactionId: 1n, globalPosition: n },
    recordedAt: new Date(0),
    metadata: {},
    event: { type, data: { n } },
  }) as unknown as RecordedEvent;

const db = { query: () => Promise.resolve({ rows: [], rowCount: 0 }) } as unknown as Db;

describe('applying events with a set-based form', () => {
  it('lets an event the projection does not handle pass inside a run, and ends it at one it does', async () => {
    const applied: string[] = [];
    const numbers = (events: readonly RecordedEvent<BankEvent>[]) =>
      events.map((e) => (e.event.data as unknown as { n: number }).n).join(',');
    const projection = defineProjection({
      name: 'runs-test',
      tables: [],
      aggregate: {
        accepts: (e) => e.event.type === 'AccountCredited',
        apply: async (events) => void applied.push(`run ${numbers(events)}`),
      },
      handlers: {
        AccountCredited: async (_d, e) => void applied.push(`one ${numbers([e])}`),
        AccountOpened: async (_d, e) => void applied.push(`opened ${numbers([e])}`),
      },
    });
    await applyEvents(db, projection, [
      recorded('AccountCredited', 1),
      recorded('IdempotentRequestRecorded', 2),
      recorded('AccountCredited', 3),
      recorded('AccountOpened', 4),
      recorded('AccountCredited', 5),
    ]);
    expect(applied).toEqual(['run 1,3', 'opened 4', 'one 5']);
  });
});
