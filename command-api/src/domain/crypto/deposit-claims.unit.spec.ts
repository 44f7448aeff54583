import { CryptoDepositTxClaimed, type BankEvent } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import {
  DUPLICATE_TX,
  claimOutcome,
  decideTxClaim,
  txClaimsAggregate,
  type TxClaim,
} from './deposit-claims.ts';
import { decideWallet, walletAggregate, type WalletState } from './wallet.ts';

const customers = [
  '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02',
  '7d1e3f4a-2b3c-4d5e-8f6a-7b8c9d0e1f23',
  '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d',
];
const txHash = 'ab'.repeat(32);

/** One hash's claims and its claimants' wallets, moved only through the domain's decisions. */
class Hash {
  claims: TxClaim[] = txClaimsAggregate.initial();
  wallets = new Map<string, WalletState>(customers.map((c) => [c, walletAggregate.initial()]));
  private n = 0;

  private fold(customerId: string, events: { type: string; data: unknown }[]): void {
    const state = events.reduce(
      (s, e) => walletAggregate.evolve(s, e as Extract<BankEvent, { type: 'CryptoBought' }>),
      this.wallets.get(customerId)!,
    );
    this.wallets.set(customerId, state);
  }

  outcomes() {
    return this.claims.map((c) => claimOutcome(this.wallets.get(c.customerId)!, c.depositId));
  }

  /** A claim as the service decides it: the hash's earlier claims, then the claimant's wallet. */
  claim(customerId: string): string {
    decideTxClaim(this.outcomes());
    this.n += 1;
    const depositId = `00000000-0000-4000-8000-${String(this.n).padStart(12, '0')}`;
    const events = decideWallet(
      {
        type: 'SubmitDeposit',
        data: {
          customerId,
          depositId,
          symbol: 'ETH',
          units: 100_000,
          txHash,
          fromAddress: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd',
          network: 'ERC20',
          priceCents: 100,
        },
      },
      this.wallets.get(customerId)!,
    );
    this.fold(customerId, events);
    const claimed = CryptoDepositTxClaimed.create({ customerId, depositId, symbol: 'ETH', txHash });
    this.claims = txClaimsAggregate.evolve(this.claims, claimed);
    return depositId;
  }

  review(claim: TxClaim, decision: 'approve' | 'reject'): void {
    const { customerId, depositId } = claim;
    const events = decideWallet(
      decision === 'approve'
        ? { type: 'ApproveDeposit', customerId, depositId, reviewedBy: 'ops' }
        : { type: 'RejectDeposit', customerId, depositId, reviewedBy: 'ops', reason: 'no' },
      this.wallets.get(customerId)!,
    );
    this.fold(customerId, events);
  }
}

const refusesAsDuplicate = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(DUPLICATE_TX);
    return;
  }
  throw new Error('the claim was accepted');
};

describe('claims of one transaction hash', () => {
  it('a pending or approved claim keeps the hash; a rejected one frees it', () => {
    const hash = new Hash();
    const [customer, squatter] = customers as [string, string];
    hash.claim(squatter);
    refusesAsDuplicate(() => hash.claim(customer)); // pending
    hash.review(hash.claims[0]!, 'reject');
    hash.claim(customer); // the squatter's rejected claim frees it for the sender
    refusesAsDuplicate(() => hash.claim(customer));
    hash.review(hash.claims[1]!, 'reject'); // a mistyped amount, say
    hash.claim(customer); // corrected
    hash.review(hash.claims[2]!, 'approve');
    refusesAsDuplicate(() => hash.claim(customer)); // approved: the hash is spent
    refusesAsDuplicate(() => hash.claim(squatter));
    expect(hash.outcomes()).toEqual(['rejected', 'rejected', 'approved']);
  });

  it('over random claims, approvals and rejections: never two approved, and a rejection frees it', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    for (let run = 0; run < 200; run += 1) {
      const hash = new Hash();
      for (let step = 0; step < 30; step += 1) {
        const outcomes = hash.outcomes();
        const free = outcomes.every((o) => o === 'rejected');
        const open = hash.claims.filter((_, i) => outcomes[i] === 'pending');
        const action = random(3);
        if (action === 0 || open.length === 0) {
          const claimant = customers[random(customers.length)]!;
          if (free) hash.claim(claimant);
          else refusesAsDuplicate(() => hash.claim(claimant));
        } else {
          hash.review(open[random(open.length)]!, action === 1 ? 'approve' : 'reject');
        }
        const now = hash.outcomes();
        expect(now.filter((o) => o === 'approved').length).toBeLessThanOrEqual(1);
        expect(now.filter((o) => o !== 'rejected').length).toBeLessThanOrEqual(1);
      }
    }
  });

  it('an older claim neither pending nor rejected (approved before rejections were kept) keeps the hash', () => {
    const wallet: WalletState = { balances: {}, pendingDeposits: {}, withdrawnTo: {} };
    expect(claimOutcome(wallet, 'd')).toBe('approved');
    refusesAsDuplicate(() => decideTxClaim(['rejected', 'approved']));
    expect(() => decideTxClaim(['rejected', 'rejected'])).not.toThrow();
    expect(() => decideTxClaim([])).not.toThrow();
  });
});
