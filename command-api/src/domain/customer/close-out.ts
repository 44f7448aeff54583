import { formatUsd, unitsToCoinText } from '@bank/events';
import type { AccountState } from '../account/account.ts';
import type { WalletState } from '../crypto/wallet.ts';

/** Everything of a customer's that can hold money now or move money later. */
export interface CustomerHoldings {
  /** Every account the customer opened (checking, savings, business…). */
  accounts: readonly AccountState[];
  wallet: WalletState;
  /** Scheduled transfers and scheduled bill payments that may still run. */
  activeTransferSchedules: number;
  activeBillPaymentSchedules: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What must be settled before the customer can be erased, as staff read it; empty when nothing.
 * Erased with money on an account, the money would be stranded: nobody could be identified to pay
 * it to. Pending items would move money later: a hold (a pending transfer, a card authorisation, a
 * person-to-person payment awaiting its claim) returns its amount to the account, a crypto deposit
 * awaiting verification adds coins, and a schedule pays out or fails on a date to come.
 */
export function leftToCloseOut(holdings: CustomerHoldings): string[] {
  const left: string[] = [];
  for (const account of holdings.accounts) {
    if (account.closed) continue;
    if (account.balance !== 0) left.push(`${account.name} holds ${formatUsd(account.balance)}`);
    const holds = Object.keys(account.holds).length;
    if (holds > 0) {
      left.push(`${account.name} has ${plural(holds, 'pending payment', 'pending payments')}`);
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
  return left;
}

/** The refusal of an erasure while something is left: what, and what staff do about it. */
export function closeOutFirstMessage(left: readonly string[]): string {
  return (
    `This customer cannot be erased yet: ${left.join('; ')}. Close out the accounts first: ` +
    'pay out or move every balance and coin, let pending payments and deposits finish or cancel ' +
    'them, and cancel scheduled transfers and bill payments; then erase.'
  );
}
