import { randomUUID } from 'node:crypto';
import {
  cryptoSymbols,
  CryptoDepositTxClaimed,
  MoneyMovementCancelled,
  bankDepositAddress,
  cryptoAssets,
  moneyStreams,
  streams,
  unitsToCoinText,
  unitsValueCents,
  type CryptoSymbol,
  type EventData,
} from '@bank/events';
import { ApiError, deterministicUuid, notFound, type EventMetadata } from '@bank/infra';
import { findDepositCustomer } from '@bank/projections';
import {
  decideWallet,
  messages as walletMessages,
  walletAggregate,
} from '../domain/crypto/wallet.ts';
import {
  DUPLICATE_TX,
  claimOutcome,
  decideTxClaim,
  txClaimsAggregate,
  type ClaimOutcome,
  type TxClaim,
} from '../domain/crypto/deposit-claims.ts';
import type { StoredReply } from '../domain/transfers/idempotency.ts';
import { foldRecorded, type Aggregate, type StreamEvent } from '../kernel/aggregate.ts';
import { marketData } from '../market-data/index.ts';
import type { CommandContext } from './context.ts';
import { depositReply } from './crypto-replies.ts';
import { runMoneyCommand, runSystemCommand, type RequestIdentity } from './idempotency.ts';
import {
  countCrypto,
  cryptoSettings,
  cryptoStreams,
  moveCustody,
  notification,
  onAmountField,
} from './crypto-desk.ts';

// Deposit claims: what a customer reports sending, and operations' review of it.

/** Who a deposit claim belongs to, from the claim's own stream. */
const claimOwner: Aggregate<string | undefined, StreamEvent<'CryptoDepositTxClaimed'>> = {
  name: 'crypto-deposit-claim',
  initial: () => undefined,
  evolve: (state, event) =>
    event.type === 'CryptoDepositTxClaimed' ? event.data.customerId : state,
};

export { DUPLICATE_TX };

/**
 * Records a customer's claim that they sent coins to their deposit address. Nothing is credited:
 * the claim waits, not spendable, until operations finds the transfer on the network.
 */
export async function submitDeposit(
  ctx: CommandContext,
  identity: RequestIdentity,
  input: { symbol: CryptoSymbol; units: number; txHash: string; fromAddress: string },
  metadata: EventMetadata,
) {
  const customerId = identity.customerId;
  const depositId = randomUUID();
  const quote = await marketData().quote(input.symbol, cryptoSettings.now());
  const network = cryptoAssets[input.symbol].network;
  return runMoneyCommand(ctx, identity, metadata, (uow, now) =>
    onAmountField('amount', async (): Promise<StoredReply> => {
      // One transaction on an Ethereum-style network can be claimed as ETH, USDC or USDT alike.
      const txStream = cryptoStreams.depositTx(input.txHash);
      const claimedAs = [
        txStream,
        ...cryptoSymbols.map((s) => cryptoStreams.depositTxOfCoin(s, input.txHash)),
      ];
      const earlier: TxClaim[] = [];
      for (const stream of claimedAs) {
        earlier.push(...(await uow.load(stream, txClaimsAggregate)).state);
      }
      const outcomes: ClaimOutcome[] = [];
      for (const claim of earlier) {
        const claimantStream = cryptoStreams.wallet(claim.customerId);
        const claimant = await uow.load(claimantStream, walletAggregate);
        // A rejection is final once stored; one read from an append still in flight is not yet:
        // the commit checks the claimant's wallet is still as read.
        uow.expectAtCommit(claimantStream, 'read');
        outcomes.push(claimOutcome(claimant.state, claim.depositId));
      }
      decideTxClaim(outcomes);
      const walletStream = cryptoStreams.wallet(customerId);
      const wallet = await uow.load(walletStream, walletAggregate);
      const events = decideWallet(
        {
          type: 'SubmitDeposit',
          data: {
            customerId,
            depositId,
            symbol: input.symbol,
            units: input.units,
            txHash: input.txHash,
            fromAddress: input.fromAddress,
            network,
            depositAddress: bankDepositAddress(customerId, input.symbol, network),
            priceCents: quote.priceCents,
          },
        },
        wallet.state,
      );
      await countCrypto(uow, identity, now, {
        id: depositId,
        category: 'crypto-deposit',
        cents: unitsValueCents(input.units, quote.priceCents),
        fingerprint: `crypto-deposit:${input.symbol}:${input.txHash}`,
      });
      const claimed = CryptoDepositTxClaimed.create({
        customerId,
        depositId,
        symbol: input.symbol,
        txHash: input.txHash,
      });
      // At the version read: of two claims of a free hash at once, the second to land conflicts
      // and is decided again on what is stored, which refuses it.
      uow.append(txStream, [claimed]);
      uow.appendNew(cryptoStreams.deposit(depositId), [claimed]);
      uow.append(walletStream, events);
      return depositReply(events[0]!.data as EventData<'CryptoDepositSubmitted'>);
    }),
  );
}

/** The customer a deposit claim belongs to: from the log, or for older claims the read model. */
async function depositOwner(ctx: CommandContext, depositId: string): Promise<string> {
  const events = await ctx.bus.store.readStream(cryptoStreams.deposit(depositId));
  const owner = foldRecorded(claimOwner, events);
  if (owner) return owner;
  const customerId = await findDepositCustomer(ctx.pool, depositId);
  if (!customerId) throw notFound();
  return customerId;
}

export type DepositReview =
  | { decision: 'approve'; reviewedBy: string }
  | { decision: 'reject'; reviewedBy: string; reason: string };

/**
 * Operations' decision on a deposit claim, after checking the transaction on the network. An
 * approval credits the coins and books them into custody; a rejection credits nothing and gives
 * the customer's daily deposit limit back.
 */
export async function reviewDeposit(
  ctx: CommandContext,
  depositId: string,
  review: DepositReview,
  metadata: EventMetadata,
) {
  const customerId = await depositOwner(ctx, depositId);
  try {
    return await runSystemCommand(ctx, metadata, async (uow) => {
      const walletStream = cryptoStreams.wallet(customerId);
      const wallet = await uow.load(walletStream, walletAggregate);
      const events = decideWallet(
        review.decision === 'approve'
          ? { type: 'ApproveDeposit', customerId, depositId, reviewedBy: review.reviewedBy }
          : {
              type: 'RejectDeposit',
              customerId,
              depositId,
              reviewedBy: review.reviewedBy,
              reason: review.reason,
            },
        wallet.state,
      );
      uow.append(walletStream, events);
      const d = events[0]!.data as EventData<'CryptoDepositConfirmed'>;
      const coins = `${unitsToCoinText(d.units)} ${d.symbol}`;
      if (review.decision === 'approve') {
        moveCustody(uow, {
          symbol: d.symbol,
          units: d.units,
          reason: 'deposit',
          customerId,
          movementId: depositId,
        });
      } else {
        uow.appendAny(moneyStreams.activity(customerId), [
          MoneyMovementCancelled.create({
            customerId,
            movementId: depositId,
            reason: 'crypto deposit rejected',
          }),
        ]);
      }
      uow.appendAny(streams.notifications(customerId), [
        review.decision === 'approve'
          ? notification(
              customerId,
              deterministicUuid(`crypto:${depositId}:confirmed`),
              `${d.symbol} deposit confirmed`,
              `Your deposit of ${coins} was confirmed and is now in your portfolio.`,
            )
          : notification(
              customerId,
              deterministicUuid(`crypto:${depositId}:rejected`),
              `${d.symbol} deposit rejected`,
              `Your deposit of ${coins} could not be verified on the network and was not credited: ${review.reason}`,
            ),
      ]);
      return d;
    });
  } catch (error) {
    if (error instanceof ApiError && error.message === walletMessages.notPending) {
      throw new ApiError(409, error.message, 'CONFLICT');
    }
    throw error;
  }
}
