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
    const scenario = givenEvents([
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
    ]);
    await scenario.thenRows('rm_cashback', [
      { customer_id: customerId, earned_cents: 42 + 1_20 + 10, redeemed_cents: 0 },
    ]);
    await scenario.thenRows('rm_cashback_months', [
      { customer_id: customerId, month: '2025-01', earned_cents: 42 + 1_20 },
      { customer_id: customerId, month: '2025-02', earned_cents: 10 },
    ]);
  });

  it("keeps each bank month's sum when a purchase dated back comes after later ones", async () => {
    await givenEvents([
      accountOpened(accountId, customerId),
      posted('debit', accountId, 30_00, { occurredAt: '2025-03-10T12:00:00.000Z' }),
      // Dated back to February, posted after March's purchase: March keeps its 30 cents.
      posted('debit', accountId, 20_00, { occurredAt: '2025-02-20T12:00:00.000Z' }),
      // 11:30 pm on 31 March in New York (already April in UTC): March's.
      posted('debit', accountId, 5_00, { occurredAt: '2025-04-01T03:30:00.000Z' }),
    ]).thenRows('rm_cashback_months', [
      { customer_id: customerId, month: '2025-02', earned_cents: 20 },
      { customer_id: customerId, month: '2025-03', earned_cents: 30 + 5 },
    ]);
  });

  it('takes back what a refunded purchase earned, in the month of the refund', async () => {
    const scenario = givenEvents([
      accountOpened(accountId, customerId),
      posted('debit', accountId, 87_45, { occurredAt: '2025-05-20T12:00:00.000Z' }),
      posted('debit', accountId, 12_00, { occurredAt: '2025-06-02T12:00:00.000Z' }),
      posted('credit', accountId, 87_45, {
        kind: 'dispute_refund',
        occurredAt: '2025-06-10T12:00:00.000Z',
      }),
      // Other credits take nothing back.
      posted('credit', accountId, 500_00, { occurredAt: '2025-06-11T12:00:00.000Z' }),
    ]);
    await scenario.thenRows('rm_cashback', [
      { customer_id: customerId, earned_cents: 87 + 12 - 87, redeemed_cents: 0 },
    ]);
    await scenario.thenRows('rm_cashback_months', [
      { customer_id: customerId, month: '2025-05', earned_cents: 87 },
      { customer_id: customerId, month: '2025-06', earned_cents: 12 - 87 },
    ]);
  });

  it('earns nothing before the first qualifying purchase', async () => {
    await givenEvents([
      accountOpened(accountId, customerId),
      posted('credit', accountId, 1_000_00),
    ]).thenRows('rm_cashback', []);
  });
});
