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
import { decideWallet, tradePostings, walletAggregate } from '../domain/crypto/wallet.ts';
import type { StoredReply } from '../domain/transfers/idempotency.ts';
import { marketData } from '../market-data/index.ts';
import type { CommandContext } from './context.ts';
import { buyReply, sellReply, withdrawalReply } from './crypto-replies.ts';
import { runMoneyCommand, type RequestIdentity } from './idempotency.ts';
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
