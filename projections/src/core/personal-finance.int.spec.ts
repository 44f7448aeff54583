import { randomUUID } from 'node:crypto';
import type { Posting } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../toolkit/testing.ts';
import { notificationsProjection } from './notifications.ts';
import { savingsGoalsProjection } from './savings-goals.ts';

const customerId = randomUUID();
const accountId = randomUUID();
const opened = {
  type: 'AccountOpened' as const,
  streamId: `account-${accountId}`,
  data: {
    accountId,
    customerId,
    accountNumber: '100000000001',
    routingNumber: '021000021',
    name: 'Everyday Checking',
    type: 'checking' as const,
    productCode: 'premium_checking',
    currency: 'USD' as const,
  },
};
const posting = (
  entryId: string,
  extra: Pick<Posting, 'description' | 'kind' | 'contra' | 'occurredAt'>,
): Posting => ({
  accountId,
  entryId,
  amount: 48_10,
  reference: 'TXN-1',
  ...extra,
});

describe('savings-goals projection', () => {
  it('keeps the last goal set per account and forgets a removed one', async () => {
    const other = randomUUID();
    await projectionTest(savingsGoalsProjection)
      .givenEvents([
        { type: 'SavingsGoalSet', data: { accountId, customerId, targetCents: 5_000_00 } },
        { type: 'SavingsGoalSet', data: { accountId: other, customerId, targetCents: 1_00 } },
        { type: 'SavingsGoalSet', data: { accountId, customerId, targetCents: 7_500_00 } },
        { type: 'SavingsGoalRemoved', data: { accountId: other, customerId } },
      ])
      .thenRows('rm_savings_goals', [
        { account_id: accountId, target_cents: 750000, set_at: '2025-01-01T00:00:02.000Z' },
      ]);
  });
});

describe('notifications of seeded or imported money', () => {
  it('are dated when the money arrived, not when the line was written', async () => {
    await projectionTest(notificationsProjection)
      .givenEvents([
        opened,
        {
          type: 'AccountCredited',
          recordedAt: '2025-03-01T12:00:00.000Z',
          data: posting(randomUUID(), {
            description: 'Income: Casco Bay Health payroll',
            kind: 'deposit',
            contra: 'clearing:external',
            occurredAt: '2025-02-03T09:00:00.000Z',
          }),
        },
      ])
      .thenRows('rm_notifications', [
        { title: 'Deposit received', created_at: '2025-02-03T09:00:00.000Z' },
      ]);
  });
});
