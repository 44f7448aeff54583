import { randomUUID } from 'node:crypto';
import {
  CryptoCustodyMoved,
  CryptoDepositTxClaimed,
  CryptoPricesRefreshed,
  MoneyMovementCancelled,
  NotificationRaised,
  bankDepositAddress,
  cryptoAssets,
  custodyStream,
  formatUsd,
  moneyStreams,
  streams,
  unitsToCoinText,
  unitsValueCents,
  type CryptoSymbol,
  type EventData,
  type MovementCategory,
} from '@bank/events';
import {
  ApiError,
  deterministicUuid,
  notFound,
  referenceNumber,
  type EventMetadata,
} from '@bank/infra';
import { findDepositCustomer } from '@bank/projections';
import { accountAggregate, decideAccount, type AccountState } from '../domain/account/account.ts';
import {
  decideWallet,
  messages as walletMessages,
  tradePostings,
  walletAggregate,
} from '../domain/crypto/wallet.ts';
import type { StoredReply } from '../domain/transfers/idempotency.ts';
import {
  DomainError,
  existence,
  foldRecorded,
  type Aggregate,
  type StreamEvent,
} from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { marketData } from '../market-data/index.ts';
import type { CommandContext } from './context.ts';
import { buyReply, depositReply, sellReply, withdrawalReply } from './crypto-replies.ts';
import { runMoneyCommand, runSystemCommand, type RequestIdentity } from './idempotency.ts';
import { countMovement } from './transfers.ts';

/** Tunables of the crypto desk (tests move the clock). */
export const cryptoSettings = {
  now: (): Date => new Date(),
};

export const cryptoStreams = {
  wallet: (customerId: string) => `crypto-wallet-${customerId}`,
  market: 'crypto-market',
  /** A transaction hash is credited once, whoever reports it. */
  depositTx: (symbol: string, txHash: string) =>
    `crypto-deposit-tx-${symbol}-${txHash.toLowerCase()}`,
  /** The same claim under its deposit id, so that a review finds its customer in the log. */
  deposit: (depositId: string) => `crypto-deposit-${depositId}`,
};

const claimOwner: Aggregate<string | undefined, StreamEvent<'CryptoDepositTxClaimed'>> = {
  name: 'crypto-deposit-claim',
  initial: () => undefined,
  evolve: (state, event) =>
    event.type === 'CryptoDepositTxClaimed' ? event.data.customerId : state,
};

export const DUPLICATE_TX = 'This transaction hash has already been submitted.';

/**
 * Runs `work` so that a broken money rule lands on the form's amount field (amount_usd,
 * crypto_amount or amount) rather than the generic one.
 */
async function onAmountField<T>(amountField: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && (error.field === undefined || error.field === 'amount')) {
      const generic = error.field === undefined && error.reason !== 'insufficient_funds';
      throw generic ? error : new DomainError(error.reason, error.message, amountField);
    }
    throw error;
  }
}

async function loadOwnAccount(uow: UnitOfWork, customerId: string, accountId: string) {
  const account = await uow.load(streams.account(accountId), accountAggregate);
  if (!account.state.opened || account.state.customerId !== customerId) {
    throw new DomainError('not_found', 'Not found');
  }
  return account;
}

/** Applies credits and debits in order, each decided on the state the previous one left. */
function decideMoves(
  state: AccountState,
  moves: ReturnType<typeof tradePostings>,
): { type: string; data: unknown; schemaVersion: number }[] {
  const events: { type: string; data: unknown; schemaVersion: number }[] = [];
  let current = state;
  for (const move of moves) {
    const decided = decideAccount(move, current);
    for (const event of decided) current = accountAggregate.evolve(current, event);
    events.push(...decided);
  }
  return events;
}

function notification(customerId: string, id: string, title: string, message: string) {
  return NotificationRaised.create({
    customerId,
    notificationId: id,
    type: 'crypto',
    title,
    message,
    priority: 'low',
  });
}

/** The coins' other side: custody gains what customers gain, and loses what they lose. */
function moveCustody(uow: UnitOfWork, movement: EventData<'CryptoCustodyMoved'>): void {
  uow.appendAny(custodyStream(movement.symbol), [CryptoCustodyMoved.create(movement)]);
}

/** Counts a crypto movement against the customer's daily limit for its category. */
function countCrypto(
  uow: UnitOfWork,
  identity: RequestIdentity,
  now: Date,
  movement: { id: string; category: MovementCategory; cents: number; fingerprint: string },
) {
  return countMovement(uow, {
    customerId: identity.customerId,
    movementId: movement.id,
    category: movement.category,
    amount: movement.cents,
    fingerprint: movement.fingerprint,
    checkDuplicate: identity.key === undefined,
    now,
  });
}

export async function buyCrypto(
  ctx: CommandContext,
  identity: RequestIdentity,
  input: { symbol: CryptoSymbol; totalCents: number; accountId: string },
  metadata: EventMetadata,
) {
  const customerId = identity.customerId;
  const tradeId = randomUUID();
  const reference = referenceNumber('CRY', tradeId);
  const quote = await marketData().quote(input.symbol, cryptoSettings.now());
  return runMoneyCommand(ctx, identity, metadata, (uow, now) =>
    onAmountField('amount_usd', async (): Promise<StoredReply> => {
      const account = await loadOwnAccount(uow, customerId, input.accountId);
      const walletStream = cryptoStreams.wallet(customerId);
      const wallet = await uow.load(walletStream, walletAggregate);
      const [bought] = decideWallet(
        {
          type: 'Buy',
          customerId,
          tradeId,
          accountId: input.accountId,
          symbol: input.symbol,
          totalCents: input.totalCents,
          priceMicroUsd: quote.askMicroUsd,
          reference,
        },
        wallet.state,
      );
      const data = bought!.data as EventData<'CryptoBought'>;
      await countCrypto(uow, identity, now, {
        id: tradeId,
        category: 'crypto-buy',
        cents: data.totalCents,
        fingerprint: `crypto-buy:${input.accountId}:${data.symbol}:${data.totalCents}`,
      });
      const moves = tradePostings(data, 'buy', {
        main: deterministicUuid(`crypto:${tradeId}:main`),
        fee: deterministicUuid(`crypto:${tradeId}:fee`),
      });
      uow.append(streams.account(input.accountId), decideMoves(account.state, moves));
      uow.append(walletStream, [bought!]);
      moveCustody(uow, {
        symbol: data.symbol,
        units: data.units,
        reason: 'market-buy',
        customerId,
        movementId: tradeId,
      });
      const coins = `${unitsToCoinText(data.units)} ${data.symbol}`;
      uow.appendAny(streams.notifications(customerId), [
        notification(
          customerId,
          deterministicUuid(`crypto:${tradeId}:notification`),
          `${data.symbol} purchased`,
          `You bought ${coins} at ${formatUsd(data.priceCents)} for ${formatUsd(data.totalCents)} (fee ${formatUsd(data.feeCents)}).`,
        ),
      ]);
      return buyReply(data);
    }),
  );
}

export async function sellCrypto(
  ctx: CommandContext,
  identity: RequestIdentity,
  input: { symbol: CryptoSymbol; units: number; accountId: string },
  metadata: EventMetadata,
) {
  const customerId = identity.customerId;
  const tradeId = randomUUID();
  const reference = referenceNumber('CRY', tradeId);
  const quote = await marketData().quote(input.symbol, cryptoSettings.now());
  return runMoneyCommand(ctx, identity, metadata, (uow, now) =>
    onAmountField('crypto_amount', async (): Promise<StoredReply> => {
      const account = await loadOwnAccount(uow, customerId, input.accountId);
      const walletStream = cryptoStreams.wallet(customerId);
      const wallet = await uow.load(walletStream, walletAggregate);
      const [sold] = decideWallet(
        {
          type: 'Sell',
          customerId,
          tradeId,
          accountId: input.accountId,
          symbol: input.symbol,
          units: input.units,
          priceMicroUsd: quote.bidMicroUsd,
          reference,
        },
        wallet.state,
      );
      const data = sold!.data as EventData<'CryptoSold'>;
      await countCrypto(uow, identity, now, {
        id: tradeId,
        category: 'crypto-sell',
        cents: data.grossCents,
        fingerprint: `crypto-sell:${input.accountId}:${data.symbol}:${data.units}`,
      });
      const moves = tradePostings(data, 'sell', {
        main: deterministicUuid(`crypto:${tradeId}:main`),
        fee: deterministicUuid(`crypto:${tradeId}:fee`),
      });
      uow.append(streams.account(input.accountId), decideMoves(account.state, moves));
      uow.append(walletStream, [sold!]);
      moveCustody(uow, {
        symbol: data.symbol,
        units: -data.units,
        reason: 'market-sell',
        customerId,
        movementId: tradeId,
      });
      const coins = `${unitsToCoinText(data.units)} ${data.symbol}`;
      uow.appendAny(streams.notifications(customerId), [
        notification(
          customerId,
          deterministicUuid(`crypto:${tradeId}:notification`),
          `${data.symbol} sold`,
          `You sold ${coins} at ${formatUsd(data.priceCents)}; ${formatUsd(data.netCents)} was credited (fee ${formatUsd(data.feeCents)}).`,
        ),
      ]);
      return sellReply(data);
    }),
  );
}

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
      const txStream = cryptoStreams.depositTx(input.symbol, input.txHash);
      if ((await uow.load(txStream, existence)).state) {
        throw new DomainError('duplicate_tx', DUPLICATE_TX, 'tx_hash');
      }
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
      uow.appendNew(txStream, [claimed]);
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

export async function withdrawCrypto(
  ctx: CommandContext,
  identity: RequestIdentity,
  input: { symbol: CryptoSymbol; units: number; toAddress: string; network: string },
  metadata: EventMetadata,
) {
  const customerId = identity.customerId;
  const withdrawalId = randomUUID();
  const quote = await marketData().quote(input.symbol, cryptoSettings.now());
  return runMoneyCommand(ctx, identity, metadata, (uow, now) =>
    onAmountField('amount', async (): Promise<StoredReply> => {
      const walletStream = cryptoStreams.wallet(customerId);
      const wallet = await uow.load(walletStream, walletAggregate);
      const events = decideWallet(
        {
          type: 'Withdraw',
          customerId,
          withdrawalId,
          symbol: input.symbol,
          units: input.units,
          toAddress: input.toAddress,
          network: input.network,
          priceCents: quote.priceCents,
        },
        wallet.state,
      );
      const d = events[0]!.data as EventData<'CryptoWithdrawn'>;
      await countCrypto(uow, identity, now, {
        id: withdrawalId,
        category: 'crypto-withdraw',
        cents: unitsValueCents(d.units, d.priceCents),
        fingerprint: `crypto-withdraw:${d.symbol}:${d.toAddress}:${d.units}`,
      });
      uow.append(walletStream, events);
      moveCustody(uow, {
        symbol: d.symbol,
        units: -d.units,
        reason: 'withdrawal',
        customerId,
        movementId: withdrawalId,
      });
      uow.appendAny(streams.notifications(customerId), [
        notification(
          customerId,
          deterministicUuid(`crypto:${withdrawalId}:notification`),
          `${d.symbol} withdrawal sent`,
          `${unitsToCoinText(d.units - d.networkFeeUnits)} ${d.symbol} was sent to ${d.toAddress} (network fee ${unitsToCoinText(d.networkFeeUnits)} ${d.symbol}).`,
        ),
      ]);
      return withdrawalReply(d);
    }),
  );
}

/** The refresh job: records the provider's current quotes for the market tab. */
export async function refreshPrices(ctx: CommandContext) {
  const provider = marketData();
  const asOf = cryptoSettings.now();
  const quotes = await provider.quotes(asOf);
  return ctx.bus.execute({ actor: 'system:market-data' }, async (uow) => {
    uow.appendAny(cryptoStreams.market, [
      CryptoPricesRefreshed.create({ asOf: asOf.toISOString(), source: provider.name, quotes }),
    ]);
    return quotes.length;
  });
}
