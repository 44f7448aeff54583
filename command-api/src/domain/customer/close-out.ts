import { formatUsd, unitsToCoinText } from '@bank/events';
import type { AccountState } from '../account/account.ts';
import type { WalletState } from '../crypto/wallet.ts';
import type { DisputeCase } from '../support/dispute.ts';

/** Everything of a customer's that can hold money now or move money later. */
export interface CustomerHoldings {
  /** Every account the customer opened (checking, savings, business…). */
  accounts: readonly AccountState[];
  wallet: WalletState;
  /** Scheduled transfers and scheduled bill payments that may still run. */
  activeTransferSchedules: number;
  activeBillPaymentSchedules: number;
  /** The customer's disputed card charges, as their dispute streams hold them. */
  disputes: readonly DisputeCase[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What must be settled before the customer can be erased, as staff read it; empty when nothing.
 * Erased with money on an account, the money would be stranded: nobody could be identified to pay
 * it to. Pending items would move money later: a hold (a pending transfer, a card authorisation, a
 * person-to-person payment awaiting its claim) returns its amount to the account, a crypto deposit
 * awaiting verification adds coins, and a schedule pays out or fails on a date to come. A card
 * dispute staff have not decided may end in a refund to the account it was paid from, which a
 * closed account could not take: the customer would lose the money they disputed.
 */
export function leftToCloseOut(holdings: CustomerHoldings): string[] {
  const left: string[] = [];
  for (const account of holdings.accounts) {
    if (account.closed) continue;
    if (account.balance !== 0) left.push(`${account.name} holds ${formatUsd(account.balance)}`);
    // Counted as money held, not as payments: a transfer to another bank holds its fee apart.
    const held = Object.values(account.holds).reduce((sum, amount) => sum + amount, 0);
    if (Object.keys(account.holds).length > 0) {
      left.push(`${account.name} has ${formatUsd(held)} held for pending payments`);
    }
  }
  for (const [symbol, units] of Object.entries(holdings.wallet.balances)) {
    if (units) left.push(`the crypto wallet holds ${unitsToCoinText(units)} ${symbol}`);
  }
  const deposits = Object.keys(holdings.wallet.pendingDeposits).length;
  if (deposits > 0) {
    left.push(plural(deposits, 'crypto deposit awaits', 'crypto deposits await') + ' verification');
  }
  if (holdings.activeTransferSchedules > 0) {
    left.push(
      plural(holdings.activeTransferSchedules, 'scheduled transfer', 'scheduled transfers') +
        ' may still run',
    );
  }
  if (holdings.activeBillPaymentSchedules > 0) {
    left.push(
      plural(
        holdings.activeBillPaymentSchedules,
        'scheduled bill payment',
        'scheduled bill payments',
      ) + ' may still run',
    );
  }
  // A dispute its account recorded counts until its decision is read, even if its case was not.
  const undecided = holdings.disputes.filter((d) => !d.resolution);
  if (undecided.length > 0) {
    const tickets = undecided.flatMap((d) => (d.dispute ? [`#${d.dispute.ticketNumber}`] : []));
    const named = tickets.length === 0 ? '' : tickets.length === 1 ? 'ticket ' : 'tickets ';
    left.push(
      plural(undecided.length, 'card dispute is', 'card disputes are') +
        ' still under review' +
        (named ? ` (${named}${tickets.join(', ')})` : ''),
    );
  }
  return left;
}

/** The refusal of an erasure while something is left: what, and what staff do about it. */
export function closeOutFirstMessage(left: readonly string[]): string {
  return (
    `This customer cannot be erased yet: ${left.join('; ')}. Close out the accounts first: ` +
    'pay out or move every balance and coin, let pending payments and deposits finish or cancel ' +
    'them, cancel scheduled transfers and bill payments, and decide open card disputes; then erase.'
  );
}
