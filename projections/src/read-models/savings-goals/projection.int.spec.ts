import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { savingsGoalsProjection } from './projection.ts';

const { givenEvents } = projectionTest(savingsGoalsProjection, { sharedDatabase: true });

const customerId = randomUUID();
const accountId = randomUUID();

describe('savings-goals projection', () => {
  it('keeps the last goal set per account and forgets a removed one', async () => {
    const other = randomUUID();
    await givenEvents([
      { type: 'SavingsGoalSet', data: { accountId, customerId, targetCents: 5_000_00 } },
      { type: 'SavingsGoalSet', data: { accountId: other, customerId, targetCents: 1_00 } },
      { type: 'SavingsGoalSet', data: { accountId, customerId, targetCents: 7_500_00 } },
      { type: 'SavingsGoalRemoved', data: { accountId: other, customerId } },
    ]).thenRows('rm_savings_goals', [
      { account_id: accountId, target_cents: 750000, set_at: '2025-01-01T00:00:02.000Z' },
    ]);
  });
});
