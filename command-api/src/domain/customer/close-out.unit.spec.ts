import { CustomerErased } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { accountAggregate, type AccountState } from '../account/account.ts';
import { walletAggregate } from '../crypto/wallet.ts';
import type { DisputeCase } from '../support/dispute.ts';
import { closeOutFirstMessage, leftToCloseOut, type CustomerHoldings } from './close-out.ts';
import { customerAggregate, decideCustomer, type CustomerState } from './customer.ts';

const empty = (name: string): AccountState => ({
  ...accountAggregate.initial(),
  opened: true,
  accountId: crypto.randomUUID(),
  name,
});
const nothing: CustomerHoldings = {
  accounts: [empty('Premium Checking'), empty('High Yield Savings')],
  wallet: walletAggregate.initial(),
  activeTransferSchedules: 0,
  activeBillPaymentSchedules: 0,
  disputes: [],
};

/** A disputed charge's case: undecided, or decided with `outcome`. */
const disputeCase = (ticketNumber: string, outcome?: 'refunded' | 'declined'): DisputeCase => {
  const dispute = {
    transactionId: crypto.randomUUID(),
    customerId: crypto.randomUUID(),
    ticketId: crypto.randomUUID(),
    ticketNumber,
    reason: 'not_received' as const,
  };
  const { transactionId, customerId, ticketId } = dispute;
  return {
    dispute,
    resolution: outcome ? { transactionId, customerId, ticketId, outcome } : null,
  };
};

describe('what is left before an erasure', () => {
  it('is nothing for empty accounts, an empty wallet, no schedules and decided disputes', () => {
    expect(leftToCloseOut(nothing)).toEqual([]);
    const decided = [
      disputeCase('TKT-2026-100001', 'refunded'),
      disputeCase('TKT-2026-100002', 'declined'),
    ];
    expect(leftToCloseOut({ ...nothing, disputes: decided })).toEqual([]);
  });

  it('names every card dispute staff have not decided, by its ticket', () => {
    const one = [disputeCase('TKT-2026-100001'), disputeCase('TKT-2026-100002', 'declined')];
    expect(leftToCloseOut({ ...nothing, disputes: one })).toEqual([
      '1 card dispute is still under review (ticket #TKT-2026-100001)',
    ]);
    const two = [disputeCase('TKT-2026-100001'), disputeCase('TKT-2026-100003')];
    expect(leftToCloseOut({ ...nothing, disputes: two })).toEqual([
      '2 card disputes are still under review (tickets #TKT-2026-100001, #TKT-2026-100003)',
    ]);
    // Recorded on its account but its case not read (yet): it counts all the same.
    const unread: DisputeCase = { dispute: null, resolution: null };
    expect(leftToCloseOut({ ...nothing, disputes: [unread] })).toEqual([
      '1 card dispute is still under review',
    ]);
  });

  it('names every balance (either sign), open hold, coin, pending deposit, schedule and dispute', () => {
    const left = leftToCloseOut({
      accounts: [
        { ...empty('Premium Checking'), balance: 1_100 },
        { ...empty('High Yield Savings'), balance: -5, holds: { a: 100, b: 1 } },
        { ...empty('Closed One'), balance: 0, closed: true },
      ],
      wallet: {
        balances: { BTC: 1_500, ETH: 0 },
        pendingDeposits: { d: { symbol: 'ETH', units: 10 } },
        withdrawnTo: {},
      },
      activeTransferSchedules: 2,
      activeBillPaymentSchedules: 1,
      disputes: [disputeCase('TKT-2026-100001')],
    });
    expect(left).toEqual([
      'Premium Checking holds $11.00',
      'High Yield Savings holds -$0.05',
      'High Yield Savings has $1.01 held for pending payments',
      'the crypto wallet holds 0.00001500 BTC',
      '1 crypto deposit awaits verification',
      '2 scheduled transfers may still run',
      '1 scheduled bill payment may still run',
      '1 card dispute is still under review (ticket #TKT-2026-100001)',
    ]);
  });
});

describe('erasing a customer', () => {
  const customerId = crypto.randomUUID();
  const registered: CustomerState = {
    ...customerAggregate.initial(),
    registered: true,
    customerId,
    accountNumber: '123456789012',
  };
  const erase = (leftToCloseOut: string[]) => () =>
    decideCustomer({ type: 'Erase', reason: 'request', leftToCloseOut }, registered);

  it('is refused while anything is left, with what is left and what staff do', () => {
    const left = ['Premium Checking holds $11.00'];
    expect(erase(left)).toThrow(DomainError);
    expect(erase(left)).toThrow(closeOutFirstMessage(left));
    expect(closeOutFirstMessage(left)).toMatch(
      /^This customer cannot be erased yet: Premium Checking holds \$11\.00\. Close out the accounts first/,
    );
  });

  it('records the erasure once nothing is left', () => {
    expect(erase([])()).toEqual([CustomerErased.create({ customerId, reason: 'request' })]);
  });
});
