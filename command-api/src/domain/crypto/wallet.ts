import { CRYPTO_MESSAGES } from '@bank/contracts';
import {
  CryptoBought,
  CryptoDepositConfirmed,
  CryptoDepositRejected,
  CryptoDepositSubmitted,
  CryptoSold,
  CryptoWithdrawn,
  cryptoAssets,
  ledgerAccounts,
  unitsToCoinText,
  type CryptoSymbol,
  type EventData,
  type Posting,
  unitsValueCents,
  formatUsd,
  normalizedNetworkAddress,
} from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { buyQuote, microUsdToCents, sellQuote } from './pricing.ts';

export const MIN_BUY_CENTS = 100;
export const MIN_SELL_UNITS = 1;
/** 0.001 coin, the minimum deposit and withdrawal (what arrives, after the network fee). */
export const MIN_TRANSFER_UNITS = 100_000;
/** The most one deposit claim may be worth at the price when it is made. */
export const MAX_DEPOSIT_CENTS = 100_000_00;
/** Claims a customer may have waiting for review at once. */
export const MAX_PENDING_DEPOSITS = 5;

export const messages = {
  minBuy: CRYPTO_MESSAGES.minBuy,
  buyTooSmall: (symbol: string) => `The amount is too small to buy any ${symbol}.`,
  minSell: CRYPTO_MESSAGES.minSell,
  sellTooSmall: 'This amount is worth less than $0.01 after the 1% fee.',
  overHolding: (symbol: string, units: number) =>
    CRYPTO_MESSAGES.overHolding(symbol, unitsToCoinText(units)),
  minDeposit: CRYPTO_MESSAGES.minDeposit,
  minWithdraw: CRYPTO_MESSAGES.minWithdraw,
  belowNetworkFee: (symbol: string, fee: number) =>
    `The amount must be more than the network fee of ${unitsToCoinText(fee)} ${symbol}.`,
  minWithdrawAfterFee: (symbol: string, fee: number) =>
    `${CRYPTO_MESSAGES.minWithdraw} The network fee of ${unitsToCoinText(fee)} ${symbol} is deducted first: please withdraw at least ${unitsToCoinText(fee + MIN_TRANSFER_UNITS)} ${symbol}.`,
  tooLarge: 'The amount is too large.',
  maxDeposit: `A single deposit can be worth at most ${formatUsd(MAX_DEPOSIT_CENTS)}.`,
  tooManyPending: `You already have ${MAX_PENDING_DEPOSITS} deposits waiting for review. Please wait until they are reviewed.`,
  notPending: 'This deposit is not waiting for review.',
} as const;

/** A customer's coins (one stream per customer): exact integer balances in units of 10^-8. */
export interface WalletState {
  balances: Partial<Record<CryptoSymbol, number>>;
  pendingDeposits: Record<string, { symbol: CryptoSymbol; units: number }>;
  /**
   * The deposit claims operations rejected: their transaction hashes may be claimed again.
   * Absent reads as none rejected.
   */
  rejectedDeposits?: Record<string, true>;
  /** Every address the customer has withdrawn to, by withdrawalAddressKey. */
  withdrawnTo: Record<string, true>;
}

/** Where a withdrawal goes: the coin, its network and the address as the customer typed it. */
export interface WithdrawalAddress {
  symbol: CryptoSymbol;
  network: string;
  toAddress: string;
}

/**
 * An address as known per coin and network, spelled one way (an EVM address in any case is the
 * same account): sending ETH to an address does not make it known for USDC.
 */
export function withdrawalAddressKey(a: WithdrawalAddress): string {
  return `${a.symbol}:${a.network}:${normalizedNetworkAddress(a.network, a.toAddress)}`;
}

/**
 * Whether the customer has withdrawn this coin to this address before. A stolen session would
 * send the coins to a wallet of its own, typed into the form, and a withdrawal cannot be undone:
 * so the first one to an address needs a session that recently proved it is the customer
 * (step-up), as the first payment to a new bank account does. The withdrawal itself
 * (CryptoWithdrawn, in the same append) is what makes the address known afterwards.
 */
export function isKnownWithdrawalAddress(state: WalletState, a: WithdrawalAddress): boolean {
  return state.withdrawnTo[withdrawalAddressKey(a)] === true;
}

const add = (state: WalletState, symbol: CryptoSymbol, delta: number): WalletState => ({
  ...state,
  balances: { ...state.balances, [symbol]: (state.balances[symbol] ?? 0) + delta },
});

export const walletAggregate: Aggregate<
  WalletState,
  StreamEvent<
    | 'CryptoBought'
    | 'CryptoSold'
    | 'CryptoWithdrawn'
    | 'CryptoDepositSubmitted'
    | 'CryptoDepositConfirmed'
    | 'CryptoDepositRejected'
  >
> = {
  name: 'crypto-wallet',
  initial: () => ({ balances: {}, pendingDeposits: {}, rejectedDeposits: {}, withdrawnTo: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'CryptoBought':
        return add(state, event.data.symbol, event.data.units);
      case 'CryptoSold':
        return add(state, event.data.symbol, -event.data.units);
      case 'CryptoWithdrawn':
        return add(
          {
            ...state,
            withdrawnTo: { ...state.withdrawnTo, [withdrawalAddressKey(event.data)]: true },
          },
          event.data.symbol,
          -event.data.units,
        );
      case 'CryptoDepositSubmitted':
        return {
          ...state,
          pendingDeposits: {
            ...state.pendingDeposits,
            [event.data.depositId]: { symbol: event.data.symbol, units: event.data.units },
          },
        };
      case 'CryptoDepositConfirmed': {
        const pendingDeposits = { ...state.pendingDeposits };
        delete pendingDeposits[event.data.depositId];
        return add({ ...state, pendingDeposits }, event.data.symbol, event.data.units);
      }
      case 'CryptoDepositRejected': {
        const pendingDeposits = { ...state.pendingDeposits };
        delete pendingDeposits[event.data.depositId];
        const rejectedDeposits = {
          ...state.rejectedDeposits,
          [event.data.depositId]: true as const,
        };
        return { ...state, pendingDeposits, rejectedDeposits };
      }
      default:
        return state;
    }
  },
};

export function holding(state: WalletState, symbol: CryptoSymbol): number {
  return state.balances[symbol] ?? 0;
}

export type WalletCommand =
  | {
      type: 'Buy';
      customerId: string;
      tradeId: string;
      accountId: string;
      symbol: CryptoSymbol;
      totalCents: number;
      /** The ask, in millionths of a dollar per coin. */
      priceMicroUsd: number;
      reference: string;
    }
  | {
      type: 'Sell';
      customerId: string;
      tradeId: string;
      accountId: string;
      symbol: CryptoSymbol;
      units: number;
      /** The bid, in millionths of a dollar per coin. */
      priceMicroUsd: number;
      reference: string;
    }
  | { type: 'SubmitDeposit'; data: EventData<'CryptoDepositSubmitted'> }
  | { type: 'ApproveDeposit'; customerId: string; depositId: string; reviewedBy: string }
  | {
      type: 'RejectDeposit';
      customerId: string;
      depositId: string;
      reviewedBy: string;
      reason: string;
    }
  | {
      type: 'Withdraw';
      customerId: string;
      withdrawalId: string;
      symbol: CryptoSymbol;
      units: number;
      toAddress: string;
      network: string;
      priceCents: number;
    };

function requireSafe(balance: number, field: string): void {
  if (!Number.isSafeInteger(balance)) throw new DomainError('too_large', messages.tooLarge, field);
}

/** Pure wallet rules: never sell or send more than is held, minimums, exact integer balances. */
export function decideWallet(command: WalletCommand, state: WalletState) {
  switch (command.type) {
    case 'Buy': {
      if (command.totalCents < MIN_BUY_CENTS) {
        throw new DomainError('min_buy', messages.minBuy, 'amount_usd');
      }
      const quote = buyQuote(command.totalCents, command.priceMicroUsd);
      if (quote.units < 1) {
        throw new DomainError('too_small', messages.buyTooSmall(command.symbol), 'amount_usd');
      }
      requireSafe(holding(state, command.symbol) + quote.units, 'amount_usd');
      return [
        CryptoBought.create({
          customerId: command.customerId,
          tradeId: command.tradeId,
          accountId: command.accountId,
          symbol: command.symbol,
          units: quote.units,
          priceCents: microUsdToCents(command.priceMicroUsd),
          priceMicroUsd: command.priceMicroUsd,
          totalCents: quote.totalCents,
          usdCents: quote.usdCents,
          feeCents: quote.feeCents,
          reference: command.reference,
        }),
      ];
    }
    case 'Sell': {
      if (command.units < MIN_SELL_UNITS) {
        throw new DomainError('min_sell', messages.minSell, 'crypto_amount');
      }
      const held = holding(state, command.symbol);
      if (command.units > held) {
        throw new DomainError(
          'insufficient_crypto',
          messages.overHolding(command.symbol, held),
          'crypto_amount',
        );
      }
      const quote = sellQuote(command.units, command.priceMicroUsd);
      if (quote.netCents < 1) {
        throw new DomainError('too_small', messages.sellTooSmall, 'crypto_amount');
      }
      return [
        CryptoSold.create({
          customerId: command.customerId,
          tradeId: command.tradeId,
          accountId: command.accountId,
          symbol: command.symbol,
          units: command.units,
          priceCents: microUsdToCents(command.priceMicroUsd),
          priceMicroUsd: command.priceMicroUsd,
          grossCents: quote.grossCents,
          feeCents: quote.feeCents,
          netCents: quote.netCents,
          reference: command.reference,
        }),
      ];
    }
    case 'SubmitDeposit': {
      if (command.data.units < MIN_TRANSFER_UNITS) {
        throw new DomainError('min_deposit', messages.minDeposit, 'amount');
      }
      if (unitsValueCents(command.data.units, command.data.priceCents) > MAX_DEPOSIT_CENTS) {
        throw new DomainError('too_large', messages.maxDeposit, 'amount');
      }
      if (state.pendingDeposits[command.data.depositId]) {
        throw new DomainError('exists', 'The deposit was already submitted.');
      }
      if (Object.keys(state.pendingDeposits).length >= MAX_PENDING_DEPOSITS) {
        throw new DomainError('too_many_pending', messages.tooManyPending, 'amount');
      }
      return [CryptoDepositSubmitted.create(command.data)];
    }
    case 'ApproveDeposit': {
      const pending = state.pendingDeposits[command.depositId];
      if (!pending) throw new DomainError('not_pending', messages.notPending);
      requireSafe(holding(state, pending.symbol) + pending.units, 'amount');
      return [
        CryptoDepositConfirmed.create({
          customerId: command.customerId,
          depositId: command.depositId,
          symbol: pending.symbol,
          units: pending.units,
          reviewedBy: command.reviewedBy,
        }),
      ];
    }
    case 'RejectDeposit': {
      const pending = state.pendingDeposits[command.depositId];
      if (!pending) throw new DomainError('not_pending', messages.notPending);
      return [
        CryptoDepositRejected.create({
          customerId: command.customerId,
          depositId: command.depositId,
          symbol: pending.symbol,
          units: pending.units,
          reason: command.reason,
          reviewedBy: command.reviewedBy,
        }),
      ];
    }
    case 'Withdraw': {
      if (command.units < MIN_TRANSFER_UNITS) {
        throw new DomainError('min_withdraw', messages.minWithdraw, 'amount');
      }
      const held = holding(state, command.symbol);
      if (command.units > held) {
        throw new DomainError(
          'insufficient_crypto',
          messages.overHolding(command.symbol, held),
          'amount',
        );
      }
      const fee = cryptoAssets[command.symbol].withdrawalNetworkFeeUnits;
      if (command.units <= fee) {
        throw new DomainError('below_fee', messages.belowNetworkFee(command.symbol, fee), 'amount');
      }
      // The minimum is what arrives: 1.00000001 DOGE less its 1 DOGE fee would send dust.
      if (command.units - fee < MIN_TRANSFER_UNITS) {
        throw new DomainError(
          'min_withdraw',
          messages.minWithdrawAfterFee(command.symbol, fee),
          'amount',
        );
      }
      return [
        CryptoWithdrawn.create({
          customerId: command.customerId,
          withdrawalId: command.withdrawalId,
          symbol: command.symbol,
          units: command.units,
          networkFeeUnits: fee,
          toAddress: command.toAddress,
          network: command.network,
          priceCents: command.priceCents,
        }),
      ];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
}

type AccountMove = { type: 'Credit' | 'Debit'; posting: Posting };

/**
 * The USD side of a trade, as account postings: a buy debits the coins' price (other leg
 * clearing:crypto) and the fee (other leg income:fees); a sale credits the gross value from
 * clearing:crypto and debits the fee. Together they move exactly totalCents / netCents.
 */
export function tradePostings(
  event: EventData<'CryptoBought'> | EventData<'CryptoSold'>,
  kind: 'buy' | 'sell',
  entryIds: { main: string; fee: string },
): AccountMove[] {
  const coins = `${unitsToCoinText(event.units)} ${event.symbol}`;
  const metadata = {
    crypto_trade_id: event.tradeId,
    symbol: event.symbol,
    crypto_amount: unitsToCoinText(event.units),
    price_cents: event.priceCents,
  };
  const base = {
    accountId: event.accountId,
    kind: 'crypto',
    reference: event.reference,
    metadata,
  };
  const main: AccountMove =
    kind === 'buy'
      ? {
          type: 'Debit',
          posting: {
            ...base,
            entryId: entryIds.main,
            amount: (event as EventData<'CryptoBought'>).usdCents,
            description: `Bought ${coins}`,
            contra: ledgerAccounts.clearingCrypto,
          },
        }
      : {
          type: 'Credit',
          posting: {
            ...base,
            entryId: entryIds.main,
            amount: (event as EventData<'CryptoSold'>).grossCents,
            description: `Sold ${coins}`,
            contra: ledgerAccounts.clearingCrypto,
          },
        };
  if (event.feeCents === 0) return [main];
  return [
    main,
    {
      type: 'Debit',
      posting: {
        ...base,
        entryId: entryIds.fee,
        amount: event.feeCents,
        description: `Crypto trading fee (1%) on ${coins}`,
        contra: ledgerAccounts.feeIncome,
      },
    },
  ];
}
