import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { accountOpened, posted } from '../given-events.ts';
import { accountsProjection } from './projection.ts';

const { givenEvents } = projectionTest(accountsProjection, { sharedDatabase: true });

const customerId = randomUUID();
const checking = randomUUID();
const savings = randomUUID();

const held = (holdId: string, amount: number) => ({
  type: 'FundsHeld' as const,
  streamId: `account-${checking}`,
  data: {
    accountId: checking,
    holdId,
    amount,
    description: 'Transfer',
    kind: 'external-bank',
    reference: 'TRF-1',
  },
});

describe('accounts projection', () => {
  it('opens each account at zero and moves its balance, and the bank’s ledger the other way', async () => {
    const scenario = givenEvents([
      accountOpened(checking, customerId),
      accountOpened(savings, customerId, { type: 'savings', accountNumber: '200000000002' }),
      posted('credit', checking, 1_000_00),
      posted('debit', checking, 42_50),
      // Between the customer's own accounts: no ledger account is involved.
      posted('debit', checking, 100_00, { kind: 'transfer', contra: `account:${savings}` }),
      posted('credit', savings, 100_00, { kind: 'transfer', contra: `account:${checking}` }),
    ]);
    await scenario.thenRows('rm_accounts', [
      {
        account_id: checking,
        customer_id: customerId,
        type: 'checking',
        product_code: 'premium_checking',
        balance_cents: 857_50,
        held_cents: 0,
        status: 'active',
        opened_at: '2025-01-01T00:00:00.000Z',
        last_transaction_at: '2025-01-01T00:00:04.000Z',
      },
      {
        account_id: savings,
        customer_id: customerId,
        type: 'savings',
        product_code: 'high_yield_savings',
        balance_cents: 100_00,
        held_cents: 0,
        status: 'active',
        opened_at: '2025-01-01T00:00:01.000Z',
        last_transaction_at: '2025-01-01T00:00:05.000Z',
      },
    ]);
    await scenario.thenRows('rm_ledger_balances', [
      { ledger_account: 'cash:teller', balance_cents: -1_000_00 },
      { ledger_account: 'clearing:card', balance_cents: 42_50 },
    ]);
  });

  it('keeps held money out of the available balance until the hold is posted or released', async () => {
    const posting = randomUUID();
    const released = randomUUID();
    const open = randomUUID();
    const scenario = givenEvents([
      accountOpened(checking, customerId),
      posted('credit', checking, 1_000_00),
      held(posting, 300_00),
      held(released, 50_00),
      held(open, 20_00),
      posted('debit', checking, 300_00, { holdId: posting, contra: 'clearing:external' }),
      {
        type: 'HoldReleased',
        streamId: `account-${checking}`,
        data: { accountId: checking, holdId: released, reason: 'Rejected' },
      },
    ]);
    await scenario.thenRows('rm_accounts', [
      { account_id: checking, balance_cents: 700_00, held_cents: 20_00 },
    ]);
    await scenario.thenRows('rm_account_holds', [
      { hold_id: posting, amount_cents: 300_00, status: 'posted' },
      { hold_id: released, amount_cents: 50_00, status: 'released' },
      { hold_id: open, amount_cents: 20_00, status: 'open' },
    ]);
  });
});
