import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { accountOpened, posted } from '../given-events.ts';
import { cashbackProjection } from './projection.ts';

const { givenEvents } = projectionTest(cashbackProjection, { sharedDatabase: true });

const customerId = randomUUID();
const accountId = randomUUID();

describe('cashback projection', () => {
  it('earns 1% of card purchases and bill payments, rounded down to the cent, counted per month', async () => {
    await givenEvents([
      accountOpened(accountId, customerId),
      posted('debit', accountId, 42_99, { occurredAt: '2025-01-20T12:00:00.000Z' }),
      posted('debit', accountId, 120_00, {
        kind: 'bill_payment',
        occurredAt: '2025-01-25T12:00:00.000Z',
      }),
      // Neither a transfer nor a purchase under a dollar earns anything.
      posted('debit', accountId, 500_00, {
        kind: 'external-bank',
        occurredAt: '2025-02-02T12:00:00.000Z',
      }),
      posted('debit', accountId, 99, { occurredAt: '2025-02-03T12:00:00.000Z' }),
      posted('debit', accountId, 10_00, { occurredAt: '2025-02-04T12:00:00.000Z' }),
    ]).thenRows('rm_cashback', [
      {
        customer_id: customerId,
        earned_cents: 42 + 1_20 + 10,
        redeemed_cents: 0,
        month: '2025-02',
        month_earned_cents: 10,
      },
    ]);
  });

  it('earns nothing before the first qualifying purchase', async () => {
    await givenEvents([
      accountOpened(accountId, customerId),
      posted('credit', accountId, 1_000_00),
    ]).thenRows('rm_cashback', []);
  });
});
