import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { moneyLimitsProjection } from './projection.ts';

const { givenEvents } = projectionTest(moneyLimitsProjection, { sharedDatabase: true });

const customerId = randomUUID();
const recorded = (movementId: string, at: string, amount = 100_00) => ({
  type: 'MoneyMovementRecorded' as const,
  streamId: `movements-${customerId}`,
  data: { customerId, movementId, category: 'zelle-send' as const, amount, fingerprint: null, at },
});

describe('money-limits projection', () => {
  it('counts each movement on the bank’s (New York) day and month it happened', async () => {
    const lateEvening = randomUUID();
    const morning = randomUUID();
    await givenEvents([
      // 22:30 in New York on January 31st: that day and month, though it is February in UTC.
      recorded(lateEvening, '2025-02-01T03:30:00.000Z'),
      recorded(morning, '2025-02-01T14:00:00.000Z', 40_00),
      // The same movement again (a retried append) counts once.
      recorded(morning, '2025-02-01T14:00:00.000Z', 40_00),
    ]).thenRows('rm_money_movements', [
      {
        movement_id: lateEvening,
        category: 'zelle-send',
        amount_cents: 100_00,
        bank_date: '2025-01-31',
        bank_month: '2025-01',
        cancelled: false,
      },
      {
        movement_id: morning,
        category: 'zelle-send',
        amount_cents: 40_00,
        bank_date: '2025-02-01',
        bank_month: '2025-02',
        cancelled: false,
      },
    ]);
  });

  it('stops counting a movement that was cancelled', async () => {
    const movementId = randomUUID();
    await givenEvents([
      recorded(movementId, '2025-02-01T14:00:00.000Z'),
      { type: 'MoneyMovementCancelled', data: { customerId, movementId, reason: 'failed' } },
    ]).thenRows('rm_money_movements', [{ movement_id: movementId, cancelled: true }]);
  });
});
