import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import type { WalletState } from './wallet.ts';

// Who may claim a deposit's transaction hash. A hash pays one deposit, so a claim of it blocks
// every other while it waits for review or once approved. A rejected claim blocks nothing: ops
// may reject a claim with a mistyped amount, or one made by someone who does not own the
// transaction, and the customer who sent it must still be able to claim it.

export const DUPLICATE_TX = 'This transaction hash has already been submitted.';

/** One claim of a hash: whose, and which deposit it became. */
export interface TxClaim {
  customerId: string;
  depositId: string;
}

/** The claims of one hash, in order, from its stream. */
export const txClaimsAggregate: Aggregate<TxClaim[], StreamEvent<'CryptoDepositTxClaimed'>> = {
  name: 'crypto-deposit-tx-claims',
  initial: () => [],
  evolve: (claims, event) =>
    event.type === 'CryptoDepositTxClaimed'
      ? [...claims, { customerId: event.data.customerId, depositId: event.data.depositId }]
      : claims,
};

export type ClaimOutcome = 'pending' | 'approved' | 'rejected';

/**
 * A claim's outcome, as its claimant's wallet holds it. A claim neither waiting nor rejected was
 * approved (or, for older claims, confirmed by a timer): it keeps the hash.
 */
export function claimOutcome(claimant: WalletState, depositId: string): ClaimOutcome {
  if (claimant.pendingDeposits[depositId]) return 'pending';
  return claimant.rejectedDeposits?.[depositId] ? 'rejected' : 'approved';
}

/** Refuses a claim of a hash unless every earlier claim of it was rejected. */
export function decideTxClaim(earlier: readonly ClaimOutcome[]): void {
  if (earlier.some((outcome) => outcome !== 'rejected')) {
    throw new DomainError('duplicate_tx', DUPLICATE_TX, 'tx_hash');
  }
}
