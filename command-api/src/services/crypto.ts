import { randomUUID } from 'node:crypto';
import {
  CryptoPricesRefreshed,
  formatUsd,
  streams,
  unitsToCoinText,
  unitsValueCents,
  type CryptoSymbol,
  type EventData,
} from '@bank/events';
import { deterministicUuid, referenceNumber, type EventMetadata } from '@bank/infra';
import {
  decideWallet,
  isKnownWithdrawalAddress,
  tradePostings,
  walletAggregate,
} from '../domain/crypto/wallet.ts';
import type { StoredReply } from '../domain/transfers/idempotency.ts';
import { marketData } from '../market-data/index.ts';
import type { CommandContext } from './context.ts';
import { buyReply, sellReply, withdrawalReply } from './crypto-replies.ts';
import { runMoneyCommand, type RequestIdentity } from './idempotency.ts';
import type { StepUpCheck } from './transfers.ts';
import {
  countCrypto,
  cryptoSettings,
  cryptoStreams,
  decideMoves,
  loadOwnAccount,
  moveCustody,
  notification,
  onAmountField,
} from './crypto-desk.ts';

export { cryptoSettings, cryptoStreams } from './crypto-desk.ts';
export {
  DUPLICATE_TX,
  reviewDeposit,
  submitDeposit,
  type DepositReview,
} from './crypto-deposits.ts';

export async function buyCrypto(
  ctx: CommandContext,
  identity: RequestIdentity,
  input: { symbol: CryptoSymbol; totalCents: number; accountId: string },
  metadata: EventMetadata,
) {
  return tradeAtMarket(ctx, identity, metadata, {
    side: 'buy',
    accountId: input.accountId,
    amountField: 'amount_usd',
    command: (trade, quote) => ({
      type: 'Buy',
      ...trade,
      symbol: input.symbol,
      totalCents: input.totalCents,
      priceMicroUsd: quote.askMicroUsd,
    }),
    quoteOf: input.symbol,
    booked: (event) => {
      const data = event.data as EventData<'CryptoBought'>;
      const coins = `${unitsToCoinText(data.units)} ${data.symbol}`;
      return {
        data,
        cents: data.totalCents,
        fingerprint: `${data.symbol}:${data.totalCents}`,
        custodyUnits: data.units,
        title: `${data.symbol} purchased`,
        message: `You bought ${coins} at ${formatUsd(data.priceCents)} for ${formatUsd(data.totalCents)} (fee ${formatUsd(data.feeCents)}).`,
        reply: buyReply(data),
      };
    },
  });
}

export async function sellCrypto(
  ctx: CommandContext,
  identity: RequestIdentity,
  input: { symbol: CryptoSymbol; units: number; accountId: string },
  metadata: EventMetadata,
) {
  return tradeAtMarket(ctx, identity, metadata, {
    side: 'sell',
    accountId: input.accountId,
    amountField: 'crypto_amount',
    command: (trade, quote) => ({
      type: 'Sell',
      ...trade,
      symbol: input.symbol,
      units: input.units,
      priceMicroUsd: quote.bidMicroUsd,
    }),
    quoteOf: input.symbol,
    booked: (event) => {
      const data = event.data as EventData<'CryptoSold'>;
      const coins = `${unitsToCoinText(data.units)} ${data.symbol}`;
      return {
        data,
        cents: data.grossCents,
        fingerprint: `${data.symbol}:${data.units}`,
        custodyUnits: -data.units,
        title: `${data.symbol} sold`,
        message: `You sold ${coins} at ${formatUsd(data.priceCents)}; ${formatUsd(data.netCents)} was credited (fee ${formatUsd(data.feeCents)}).`,
        reply: sellReply(data),
      };
    },
  });
}

type Quote = Awaited<ReturnType<ReturnType<typeof marketData>['quote']>>;
type WalletEvent = ReturnType<typeof decideWallet>[number];

/** What a market buy and a market sell do differently; the rest of a trade is one path. */
interface MarketSide {
  side: 'buy' | 'sell';
  accountId: string;
  /** The form field a refusal of the amount belongs to. */
  amountField: string;
  quoteOf: CryptoSymbol;
  command: (
    trade: { customerId: string; tradeId: string; accountId: string; reference: string },
    quote: Quote,
  ) => Parameters<typeof decideWallet>[0];
  booked: (event: WalletEvent) => {
    data: EventData<'CryptoBought'> | EventData<'CryptoSold'>;
    /** The dollars counted against the daily limit. */
    cents: number;
    /** What makes two trades the same request, after the side and the account. */
    fingerprint: string;
    /** Units into the bank's custody (a buy) or out of it (a sell, negative). */
    custodyUnits: number;
    title: string;
    message: string;
    reply: StoredReply;
  };
}

/**
 * A trade at the market's quote: the wallet decides it, the limit counts it, the cash account
 * takes its postings, the bank's custody of the coin moves, and the customer is told.
 */
async function tradeAtMarket(
  ctx: CommandContext,
  identity: RequestIdentity,
  metadata: EventMetadata,
  market: MarketSide,
) {
  const customerId = identity.customerId;
  const { accountId, side } = market;
  const tradeId = randomUUID();
  const reference = referenceNumber('CRY', tradeId);
  const quote = await marketData().quote(market.quoteOf, cryptoSettings.now());
  return runMoneyCommand(ctx, identity, metadata, (uow, now) =>
    onAmountField(market.amountField, async (): Promise<StoredReply> => {
      const account = await loadOwnAccount(uow, customerId, accountId);
      const walletStream = cryptoStreams.wallet(customerId);
      const wallet = await uow.load(walletStream, walletAggregate);
      const [traded] = decideWallet(
        market.command({ customerId, tradeId, accountId, reference }, quote),
        wallet.state,
      );
      const booked = market.booked(traded!);
      await countCrypto(uow, identity, now, {
        id: tradeId,
        category: `crypto-${side}`,
        cents: booked.cents,
        fingerprint: `crypto-${side}:${accountId}:${booked.fingerprint}`,
      });
      const moves = tradePostings(booked.data, side, {
        main: deterministicUuid(`crypto:${tradeId}:main`),
        fee: deterministicUuid(`crypto:${tradeId}:fee`),
      });
      uow.append(streams.account(accountId), decideMoves(account.state, moves));
      uow.append(walletStream, [traded!]);
      moveCustody(uow, {
        symbol: booked.data.symbol,
        units: booked.custodyUnits,
        reason: `market-${side}`,
        customerId,
        movementId: tradeId,
      });
      uow.appendAny(streams.notifications(customerId), [
        notification(
          customerId,
          deterministicUuid(`crypto:${tradeId}:notification`),
          booked.title,
          booked.message,
        ),
      ]);
      return booked.reply;
    }),
  );
}

/**
 * Sends coins out of the bank. To an address this coin was never withdrawn to, only from a
 * stepped-up session (`requireStepUp`): the check runs inside runMoneyCommand, so a request
 * already answered under its Idempotency-Key is replayed, not asked to step up.
 */
export async function withdrawCrypto(
  ctx: CommandContext,
  identity: RequestIdentity,
  input: {
    symbol: CryptoSymbol;
    units: number;
    toAddress: string;
    network: string;
    requireStepUp: StepUpCheck;
  },
  metadata: EventMetadata,
) {
  const customerId = identity.customerId;
  const withdrawalId = randomUUID();
  const quote = await marketData().quote(input.symbol, cryptoSettings.now());
  return runMoneyCommand(ctx, identity, metadata, (uow, now) =>
    onAmountField('amount', async (): Promise<StoredReply> => {
      const walletStream = cryptoStreams.wallet(customerId);
      const wallet = await uow.load(walletStream, walletAggregate);
      if (!isKnownWithdrawalAddress(wallet.state, input)) input.requireStepUp();
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
