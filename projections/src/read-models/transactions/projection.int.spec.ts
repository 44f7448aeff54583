import { randomUUID } from 'node:crypto';
import { ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { accountOpened, posted } from '../given-events.ts';
import { transactionsProjection } from './projection.ts';

const { givenEvents } = projectionTest(transactionsProjection, { sharedDatabase: true });

const customerId = randomUUID();
const accountId = randomUUID();
const opened = accountOpened(accountId, customerId);

const held = (holdId: string, amount: number) => ({
  type: 'FundsHeld' as const,
  streamId: `account-${accountId}`,
  data: {
    accountId,
    holdId,
    amount,
    description: 'Transfer to First Lakeside Bank',
    kind: 'external-bank',
    reference: 'TRF-9',
    metadata: { transfer_id: 'transfer-1' },
  },
});

describe('transactions projection', () => {
  it('writes each posting as the owner’s line, dated by its value date when it has one', async () => {
    const deposit = posted('credit', accountId, 1_000_00, {
      occurredAt: '2024-12-24T15:00:00.000Z',
    });
    const purchase = posted('debit', accountId, 42_50, {
      description: 'Harbor Grocers',
      metadata: { merchant_category_code: '5411' },
    });
    await givenEvents([opened, deposit, purchase]).thenRows('rm_transactions', [
      {
        id: `${deposit.data.entryId}:${accountId}:credit`,
        customer_id: customerId,
        direction: 'credit',
        amount_cents: 1_000_00,
        description: 'Deposit',
        kind: 'deposit',
        contra: 'cash:teller',
        status: 'completed',
        reference_number: 'REF-1',
        created_at: '2024-12-24T15:00:00.000Z',
        default_category: 'deposits',
      },
      {
        id: `${purchase.data.entryId}:${accountId}:debit`,
        customer_id: customerId,
        direction: 'debit',
        amount_cents: 42_50,
        description: 'Harbor Grocers',
        kind: 'card_purchase',
        contra: 'clearing:card',
        status: 'completed',
        reference_number: 'REF-1',
        created_at: '2025-01-01T00:00:02.000Z',
        default_category: 'groceries',
      },
    ]);
  });

  it('shows a hold as pending until it settles as the debit, or fails or is reversed when released', async () => {
    const settles = randomUUID();
    const fails = randomUUID();
    const cancelled = randomUUID();
    await givenEvents([
      opened,
      held(settles, 300_00),
      held(fails, 50_00),
      held(cancelled, 20_00),
      posted('debit', accountId, 300_00, {
        holdId: settles,
        contra: 'clearing:external',
        kind: 'external-bank',
        metadata: { settled: true },
      }),
      {
        type: 'HoldReleased',
        streamId: `account-${accountId}`,
        data: { accountId, holdId: fails, reason: 'Rejected by the receiving bank' },
      },
      {
        type: 'HoldReleased',
        streamId: `account-${accountId}`,
        data: { accountId, holdId: cancelled, reason: 'Cancelled by you', outcome: 'cancelled' },
      },
    ]).thenRows('rm_transactions', [
      {
        id: `hold:${settles}`,
        status: 'completed',
        amount_cents: 300_00,
        contra: 'clearing:external',
        metadata: { transfer_id: 'transfer-1', settled: true },
      },
      {
        id: `hold:${fails}`,
        status: 'failed',
        amount_cents: 50_00,
        contra: null,
        metadata: { transfer_id: 'transfer-1', failure_reason: 'Rejected by the receiving bank' },
      },
      {
        id: `hold:${cancelled}`,
        status: 'cancelled',
        amount_cents: 20_00,
        contra: null,
        metadata: { transfer_id: 'transfer-1', failure_reason: 'Cancelled by you' },
      },
    ]);
  });

  it('files lines by merchant code or source, and the customer’s choice wins until reset', async () => {
    const fuel = posted('debit', accountId, 48_10, {
      description: 'Shell Gas Station',
      metadata: { merchant_category_code: '5541' },
    });
    const payroll = posted('credit', accountId, 48_10, {
      description: 'Casco Bay Health payroll',
      contra: 'clearing:external',
    });
    const netflix = posted('debit', accountId, 48_10, {
      description: 'Netflix',
      metadata: { merchant_category_code: '4899' },
    });
    const line = (p: { data: { entryId: string } }) => `${p.data.entryId}:${accountId}:debit`;
    await givenEvents([
      opened,
      fuel,
      payroll,
      netflix,
      {
        type: 'TransactionRecategorised',
        data: { customerId, transactionId: line(fuel), category: 'travel' },
      },
      {
        type: 'TransactionRecategorised',
        data: { customerId, transactionId: line(netflix), category: 'dining' },
      },
      {
        type: 'TransactionRecategorised',
        data: { customerId, transactionId: line(netflix), category: null },
      },
    ]).thenRows('rm_transactions', [
      { entry_id: fuel.data.entryId, default_category: 'fuel', category_override: 'travel' },
      { entry_id: payroll.data.entryId, default_category: 'income', category_override: null },
      {
        entry_id: netflix.data.entryId,
        default_category: 'subscriptions',
        category_override: null,
      },
    ]);
  });

  it('blanks an erased customer’s descriptions and the names and memos in their lines', async () => {
    await givenEvents([
      opened,
      posted('credit', accountId, 25_00, {
        kind: 'zelle',
        metadata: { counterparty_name: 'Dana Whitfield', memo: 'Lunch', zelle_payment_id: 'z-1' },
      }),
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]).thenRows('rm_transactions', [
      {
        description: ERASED,
        amount_cents: 25_00,
        metadata: { counterparty_name: ERASED, memo: ERASED, zelle_payment_id: 'z-1' },
      },
    ]);
  });
});
