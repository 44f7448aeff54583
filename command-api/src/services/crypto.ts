import { randomUUID } from 'node:crypto';
import {
  CryptoDepositTxClaimed,
  CryptoPricesRefreshed,
  NotificationRaised,
  cryptoAssets,
  formatUsd,
  streams,
  unitsToCoinText,
  type BankEvent,
  type CryptoSymbol,
  type EventData,
} from '@bank/events';
import {
  ApiError,
  deterministicUuid,
  fieldError,
  notFound,
  referenceNumber,
  type EventMetadata,
} from '@bank/infra';
import { accountAggregate, decideAccount, type AccountState } from '../domain/account/account.ts';
import { decideWallet, tradePostings, walletAggregate } from '../domain/crypto/wallet.ts';
import { DomainError, existence } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { marketData } from '../market-data/index.ts';
import type { CommandContext } from './context.ts';

/** Tunables of the crypto desk (tests shorten the confirmation wait). */
export const cryptoSettings = {
  /** How long a reported deposit stays pending before the confirmation job credits it. */
  depositConfirmationMs: Number(process.env.CRYPTO_DEPOSIT_CONFIRMATION_MS ?? 60_000),
  now: (): Date => new Date(),
};

export const cryptoStreams = {
  wallet: (customerId: string) => `crypto-wallet-${customerId}`,
  market: 'crypto-market',
  /** A transaction hash is credited once, whoever reports it. */
  depositTx: (symbol: string, txHash: string) =>
    `crypto-deposit-tx-${symbol}-${txHash.toLowerCase()}`,
};

export const DUPLICATE_TX = 'This transaction hash has already been submitted.';

function asApiError(error: unknown, amountField: string): unknown {
  if (!(error instanceof DomainError)) return error;
  if (error.reason === 'not_found') return notFound();
  if (error.reason === 'insufficient_funds') {
    return fieldError({ [amountField]: [error.message] }, 'INSUFFICIENT_FUNDS');
  }
  if (error.field) return fieldError({ [error.field]: [error.message] });
  return new ApiError(422, error.message, 'VALIDATION_ERROR');
}

async function run<T>(amountField: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApiError(error, amountField);
  }
}

async function loadOwnAccount(uow: UnitOfWork, customerId: string, accountId: string) {
  const account = await uow.load(streams.account(accountId), accountAggregate);
  if (!account.state.opened || account.state.customerId !== customerId) throw notFound();
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
    for (const event of decided) current = accountAggregate.evolve(current, event as BankEvent);
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

export async function buyCrypto(
  ctx: CommandContext,
  customerId: string,
  input: { symbol: CryptoSymbol; totalCents: number; accountId: string },
  metadata: EventMetadata,
) {
  const tradeId = randomUUID();
  const reference = referenceNumber('CRY', tradeId);
  const quote = await marketData().quote(input.symbol, cryptoSettings.now());
  return run('amount_usd', () =>
    ctx.bus.execute(metadata, async (uow) => {
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
          priceCents: quote.priceCents,
          reference,
        },
        wallet.state,
      );
      const data = bought!.data as EventData<'CryptoBought'>;
      const moves = tradePostings(data, 'buy', {
        main: deterministicUuid(`crypto:${tradeId}:main`),
        fee: deterministicUuid(`crypto:${tradeId}:fee`),
      });
      uow.append(streams.account(input.accountId), decideMoves(account.state, moves));
      uow.append(walletStream, [bought!]);
      const coins = `${unitsToCoinText(data.units)} ${data.symbol}`;
      uow.appendAny(streams.notifications(customerId), [
        notification(
          customerId,
          deterministicUuid(`crypto:${tradeId}:notification`),
          `${data.symbol} purchased`,
          `You bought ${coins} at ${formatUsd(data.priceCents)} for ${formatUsd(data.totalCents)} (fee ${formatUsd(data.feeCents)}).`,
        ),
      ]);
      return data;
    }),
  );
}

export async function sellCrypto(
  ctx: CommandContext,
  customerId: string,
  input: { symbol: CryptoSymbol; units: number; accountId: string },
  metadata: EventMetadata,
) {
  const tradeId = randomUUID();
  const reference = referenceNumber('CRY', tradeId);
  const quote = await marketData().quote(input.symbol, cryptoSettings.now());
  return run('crypto_amount', () =>
    ctx.bus.execute(metadata, async (uow) => {
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
          priceCents: quote.priceCents,
          reference,
        },
        wallet.state,
      );
      const data = sold!.data as EventData<'CryptoSold'>;
      const moves = tradePostings(data, 'sell', {
        main: deterministicUuid(`crypto:${tradeId}:main`),
        fee: deterministicUuid(`crypto:${tradeId}:fee`),
      });
      uow.append(streams.account(input.accountId), decideMoves(account.state, moves));
      uow.append(walletStream, [sold!]);
      const coins = `${unitsToCoinText(data.units)} ${data.symbol}`;
      uow.appendAny(streams.notifications(customerId), [
        notification(
          customerId,
          deterministicUuid(`crypto:${tradeId}:notification`),
          `${data.symbol} sold`,
          `You sold ${coins} at ${formatUsd(data.priceCents)}; ${formatUsd(data.netCents)} was credited (fee ${formatUsd(data.feeCents)}).`,
        ),
      ]);
      return data;
    }),
  );
}

export async function submitDeposit(
  ctx: CommandContext,
  customerId: string,
  input: { symbol: CryptoSymbol; units: number; txHash: string; fromAddress: string },
  metadata: EventMetadata,
) {
  const depositId = randomUUID();
  const now = cryptoSettings.now();
  const quote = await marketData().quote(input.symbol, now);
  return run('amount', () =>
    ctx.bus.execute(metadata, async (uow) => {
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
            network: cryptoAssets[input.symbol].network,
            confirmAfter: new Date(
              now.getTime() + cryptoSettings.depositConfirmationMs,
            ).toISOString(),
            priceCents: quote.priceCents,
          },
        },
        wallet.state,
      );
      uow.appendNew(txStream, [
        CryptoDepositTxClaimed.create({
          customerId,
          depositId,
          symbol: input.symbol,
          txHash: input.txHash,
        }),
      ]);
      uow.append(walletStream, events);
      return events[0]!.data as EventData<'CryptoDepositSubmitted'>;
    }),
  );
}

/** The confirmation job: credits a pending deposit once (a retried job finds it confirmed). */
export async function confirmDeposit(ctx: CommandContext, customerId: string, depositId: string) {
  return ctx.bus.execute({ actor: 'system:crypto' }, async (uow) => {
    const walletStream = cryptoStreams.wallet(customerId);
    const wallet = await uow.load(walletStream, walletAggregate);
    const events = decideWallet({ type: 'ConfirmDeposit', customerId, depositId }, wallet.state);
    if (events.length === 0) return false;
    uow.append(walletStream, events);
    const d = events[0]!.data as EventData<'CryptoDepositConfirmed'>;
    uow.appendAny(streams.notifications(customerId), [
      notification(
        customerId,
        deterministicUuid(`crypto:${depositId}:confirmed`),
        `${d.symbol} deposit confirmed`,
        `Your deposit of ${unitsToCoinText(d.units)} ${d.symbol} was confirmed and is now in your portfolio.`,
      ),
    ]);
    return true;
  });
}

export async function withdrawCrypto(
  ctx: CommandContext,
  customerId: string,
  input: { symbol: CryptoSymbol; units: number; toAddress: string; network: string | null },
  metadata: EventMetadata,
) {
  const withdrawalId = randomUUID();
  const quote = await marketData().quote(input.symbol, cryptoSettings.now());
  return run('amount', () =>
    ctx.bus.execute(metadata, async (uow) => {
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
          network: input.network ?? cryptoAssets[input.symbol].network,
          priceCents: quote.priceCents,
        },
        wallet.state,
      );
      uow.append(walletStream, events);
      const d = events[0]!.data as EventData<'CryptoWithdrawn'>;
      uow.appendAny(streams.notifications(customerId), [
        notification(
          customerId,
          deterministicUuid(`crypto:${withdrawalId}:notification`),
          `${d.symbol} withdrawal sent`,
          `${unitsToCoinText(d.units - d.networkFeeUnits)} ${d.symbol} was sent to ${d.toAddress} (network fee ${unitsToCoinText(d.networkFeeUnits)} ${d.symbol}).`,
        ),
      ]);
      return d;
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
