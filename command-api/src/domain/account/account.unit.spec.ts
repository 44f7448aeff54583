import {
  AccountChargeDisputed,
  AccountClosed,
  AccountCredited,
  AccountOpened,
  FundsHeld,
} from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { deciderSpecification } from '../../kernel/decider-specification.ts';
import {
  ACCOUNT_CLOSED_MESSAGE,
  accountAggregate,
  availableBalance,
  decideAccount,
} from './account.ts';

const accountId = '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01';
const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';

const account = deciderSpecification(accountAggregate, decideAccount);

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
    account
      .given(opened)
      .when({ type: 'Credit', posting: posting(500) })
      .then([{ type: 'AccountCredited', data: { amount: 500 } }]);
  });

  it('refuses a debit above the available balance', () => {
    const funded = account.given(opened, AccountCredited.create(posting(1000)));
    funded.when({ type: 'Debit', posting: posting(1001) }).thenThrows(DomainError);
    funded
      .when({ type: 'Debit', posting: posting(1000) })
      .then([{ type: 'AccountDebited', data: { amount: 1000 } }]);
  });

  it('counts open holds against the available balance, not the balance', () => {
    const holdId = crypto.randomUUID();
    const history = [
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
    ];
    const held = account.given(...history);
    expect(held.state.balance).toBe(1000);
    expect(availableBalance(held.state)).toBe(300);
    held.when({ type: 'Debit', posting: posting(301) }).thenThrows(/Insufficient funds/);
    const captured = held
      .when({ type: 'CaptureHold', posting: { ...posting(700), holdId } })
      .then([{ type: 'AccountDebited' }]);
    const after = account.given(...history, ...captured).state;
    expect(after.balance).toBe(300);
    expect(availableBalance(after)).toBe(300);
  });

  it('refuses commands on an account that does not exist', () => {
    account
      .given()
      .when({ type: 'Credit', posting: posting(1) })
      .thenThrows(/not found/);
  });
});

describe('closing an account (its owner erased)', () => {
  const hold = (amount: number) =>
    FundsHeld.create({
      accountId,
      holdId: crypto.randomUUID(),
      amount,
      description: 'x',
      kind: 'zelle',
      reference: 'Z',
    });
  const close = { type: 'Close', reason: 'owner_erased' } as const;

  it('closes only an account that holds nothing: no balance, no open hold', () => {
    const holdsNothing = 'An account is closed only once it holds nothing.';
    account
      .given(opened, AccountCredited.create(posting(1)))
      .when(close)
      .thenRefuses(holdsNothing);
    account.given(opened, hold(0)).when(close).thenRefuses(holdsNothing);
    account
      .given(opened)
      .when(close)
      .then([{ type: 'AccountClosed', data: { accountId, customerId, reason: 'owner_erased' } }]);
  });

  it('takes nothing in and pays nothing out once closed; closing again changes nothing', () => {
    const closed = account.given(
      opened,
      AccountClosed.create({ accountId, customerId, reason: 'owner_erased' }),
    );
    expect(closed.state.closed).toBe(true);
    closed.when({ type: 'Credit', posting: posting(123) }).thenRefuses(ACCOUNT_CLOSED_MESSAGE);
    closed.when({ type: 'Debit', posting: posting(0) }).thenRefuses(ACCOUNT_CLOSED_MESSAGE);
    closed.when({ type: 'Hold', hold: hold(0).data }).thenRefuses(ACCOUNT_CLOSED_MESSAGE);
    closed.when(close).thenNothingHappened();
    closed
      .when({ type: 'ReleaseHold', holdId: crypto.randomUUID(), reason: 'x' })
      .thenNothingHappened();
    // Its refund could never be credited: a charge of a closed account is disputed no more.
    closed
      .when({ type: 'RecordDispute', transactionId: 'line-1' })
      .thenRefuses(ACCOUNT_CLOSED_MESSAGE);
  });
});

describe('a disputed charge on the account', () => {
  const disputed = AccountChargeDisputed.create({ accountId, customerId, transactionId: 'line-1' });

  it('records each disputed line once', () => {
    account
      .given(opened)
      .when({ type: 'RecordDispute', transactionId: 'line-1' })
      .then([
        { type: 'AccountChargeDisputed', data: { accountId, customerId, transactionId: 'line-1' } },
      ]);
    const recorded = account.given(opened, disputed);
    expect(recorded.state.disputedCharges).toEqual(['line-1']);
    recorded.when({ type: 'RecordDispute', transactionId: 'line-1' }).thenNothingHappened();
  });
});
