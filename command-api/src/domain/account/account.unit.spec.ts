import { AccountCredited, AccountOpened, FundsHeld, type BankEvent } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { accountAggregate, availableBalance, decideAccount, type AccountState } from './account.ts';

const accountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';

function given(...events: { type: string; data: unknown }[]): AccountState {
  return events.reduce(
    (state, e) => accountAggregate.evolve(state, e as BankEvent),
    accountAggregate.initial(),
  );
}

const opened = AccountOpened.create({
  accountId,
  customerId,
  accountNumber: '100000000001',
  routingNumber: '021000021',
  name: 'Everyday Checking',
  type: 'checking',
  productCode: 'checking',
  currency: 'USD',
});
const posting = (amount: number, entry = crypto.randomUUID()) => ({
  accountId,
  entryId: entry,
  amount,
  description: 'test',
  kind: 'deposit',
  contra: 'cash:teller',
  reference: 'DEP-1',
});

describe('account decider', () => {
  it('credits an open account', () => {
    const events = decideAccount({ type: 'Credit', posting: posting(500) }, given(opened));
    expect(events).toMatchObject([{ type: 'AccountCredited', data: { amount: 500 } }]);
  });

  it('refuses a debit above the available balance', () => {
    const state = given(opened, AccountCredited.create(posting(1000)));
    expect(() => decideAccount({ type: 'Debit', posting: posting(1001) }, state)).toThrow(
      DomainError,
    );
    expect(decideAccount({ type: 'Debit', posting: posting(1000) }, state)).toHaveLength(1);
  });

  it('counts open holds against the available balance, not the balance', () => {
    const holdId = crypto.randomUUID();
    const state = given(
      opened,
      AccountCredited.create(posting(1000)),
      FundsHeld.create({
        accountId,
        holdId,
        amount: 700,
        description: 'x',
        kind: 'external',
        reference: 'R',
      }),
    );
    expect(state.balance).toBe(1000);
    expect(availableBalance(state)).toBe(300);
    expect(() => decideAccount({ type: 'Debit', posting: posting(301) }, state)).toThrow(
      /Insufficient funds/,
    );
    const captured = decideAccount(
      { type: 'CaptureHold', posting: { ...posting(700), holdId } },
      state,
    );
    const after = given(
      opened,
      AccountCredited.create(posting(1000)),
      FundsHeld.create({
        accountId,
        holdId,
        amount: 700,
        description: 'x',
        kind: 'external',
        reference: 'R',
      }),
      ...captured,
    );
    expect(after.balance).toBe(300);
    expect(availableBalance(after)).toBe(300);
  });

  it('refuses commands on an account that does not exist', () => {
    expect(() => decideAccount({ type: 'Credit', posting: posting(1) }, given())).toThrow(
      /not found/,
    );
  });
});
