import { CRYPTO_COINS, CRYPTO_SYMBOLS, type CryptoSymbol } from '@bank/contracts';
import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

/**
 * Crypto quantities are integers in units of 10^-8 of a coin ("sats"), prices integer cents per
 * whole coin. Quantities stay safe integers (the wallet refuses anything that would not).
 */
export const UNITS_PER_COIN = 100_000_000;
export const CRYPTO_DECIMALS = 8;
/** Prices finer than a cent: integer millionths of a dollar per whole coin. */
export const MICRO_USD_PER_CENT = 10_000;

export * from './crypto-networks.ts';

// The supported coins are the contract's; the events record trades in them.
export { CRYPTO_SYMBOLS as cryptoSymbols, type CryptoSymbol } from '@bank/contracts';

export interface CryptoAsset {
  symbol: CryptoSymbol;
  name: string;
  /** The network deposits arrive on and withdrawals default to. */
  network: string;
  /** Fee the network takes from a withdrawal, in units (deducted from the amount sent). */
  withdrawalNetworkFeeUnits: number;
}

/**
 * Each coin's network (deposits arrive on it, withdrawals default to it) and the fee it takes from
 * a withdrawal, in units: this bank's flat, published per-coin fees.
 */
const coinNetworks: Record<CryptoSymbol, Omit<CryptoAsset, 'symbol' | 'name'>> = {
  BTC: { network: 'BTC', withdrawalNetworkFeeUnits: 20_000 },
  ETH: { network: 'ERC20', withdrawalNetworkFeeUnits: 50_000 },
  BNB: { network: 'BEP20', withdrawalNetworkFeeUnits: 50_000 },
  ADA: { network: 'ADA', withdrawalNetworkFeeUnits: 17_000_000 },
  SOL: { network: 'SOL', withdrawalNetworkFeeUnits: 10_000 },
  USDC: { network: 'ERC20', withdrawalNetworkFeeUnits: 1e8 },
  USDT: { network: 'ERC20', withdrawalNetworkFeeUnits: 1e8 },
  DOGE: { network: 'DOGE', withdrawalNetworkFeeUnits: 1e8 },
  DOT: { network: 'DOT', withdrawalNetworkFeeUnits: 1_000_000 },
  MATIC: { network: 'POLYGON', withdrawalNetworkFeeUnits: 1_000_000 },
};

/** The supported coins, named as the contract names them. */
export const cryptoAssets = Object.fromEntries(
  CRYPTO_SYMBOLS.map((symbol) => [
    symbol,
    { symbol, name: CRYPTO_COINS[symbol], ...coinNetworks[symbol] },
  ]),
) as Record<CryptoSymbol, CryptoAsset>;

const UNITS_PATTERN = /^(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
/** Longer text is no amount a person means, and bounds the string work below. */
const MAX_AMOUNT_TEXT = 40;
/** Beyond this exponent a non-zero amount has too many decimals or too many units. */
const MAX_EXPONENT = 40;

/**
 * Parses a decimal amount of coins (a JSON number or a decimal string, exponent notation such as
 * 1e-8 included) into integer units, by its decimal text, never by floating-point arithmetic.
 * Undefined when it is negative, not a number, has more than 8 decimals or is not a safe integer.
 */
export function coinsToUnits(value: number | string): number | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const text = String(value).trim();
  if (text.length > MAX_AMOUNT_TEXT) return undefined;
  const match = UNITS_PATTERN.exec(text);
  if (!match) return undefined;
  let digits = `${match[1]}${match[2] ?? ''}`;
  const exponent = Number(match[3] ?? 0);
  if (Math.abs(exponent) > MAX_EXPONENT) return /^0*$/.test(digits) ? 0 : undefined;
  let point = match[1]!.length + exponent;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const whole = digits.slice(0, point) || '0';
  const fraction = digits.slice(point).replace(/0+$/, '');
  if (fraction.length > CRYPTO_DECIMALS) return undefined;
  const units = BigInt(whole) * BigInt(UNITS_PER_COIN) + BigInt(fraction.padEnd(8, '0') || '0');
  return units <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : undefined;
}

/** Units as exact decimal text with 8 decimals, e.g. 123456 → "0.00123456". */
export function unitsToCoinText(units: number, decimals = CRYPTO_DECIMALS): string {
  const negative = units < 0;
  const abs = BigInt(Math.abs(units));
  const whole = abs / BigInt(UNITS_PER_COIN);
  const fraction = String(abs % BigInt(UNITS_PER_COIN)).padStart(8, '0');
  return `${negative ? '-' : ''}${whole}.${fraction.slice(0, decimals)}`;
}

/** Units as a JSON number of coins (for display; the exact value is unitsToCoinText). */
export function unitsToCoins(units: number): number {
  return Number(unitsToCoinText(units));
}

/** A price in millionths of a dollar as a JSON number of dollars, by its decimal text. */
export function microUsdToDollars(microUsd: number): number {
  const whole = Math.trunc(microUsd / 1_000_000);
  const fraction = String(microUsd % 1_000_000).padStart(6, '0');
  return Number(`${whole}.${fraction}`);
}

/** What `units` coins are worth at `priceCents` per coin, in cents, rounded down. */
export function unitsValueCents(units: number, priceCents: number): number {
  return Number((BigInt(units) * BigInt(priceCents)) / BigInt(UNITS_PER_COIN));
}

const symbol = z.enum(CRYPTO_SYMBOLS);
const units = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const cents = z.number().int().nonnegative();

const microUsd = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const quote = z.object({
  symbol,
  /** The mid price rounded to the cent (what older screens show). */
  priceCents: z.number().int().positive(),
  /** Mid, bid (the bank buys at) and ask (the bank sells at), in millionths of a dollar. */
  priceMicroUsd: microUsd.optional(),
  bidMicroUsd: microUsd.optional(),
  askMicroUsd: microUsd.optional(),
  /** Change over 24 hours in basis points (-234 = -2.34 %). */
  change24hBps: z.number().int(),
  /** Whole dollars: market-wide figures exceed a safe number of cents. */
  volume24hDollars: z.number().int().nonnegative(),
  marketCapDollars: z.number().int().nonnegative(),
});
export type CryptoQuote = z.infer<typeof quote>;

/** A market-data refresh: the prices shown on the market tab until the next one. */
export const CryptoPricesRefreshed = defineEvent(
  'CryptoPricesRefreshed',
  z.object({
    asOf: z.iso.datetime(),
    /** Which provider produced them, e.g. "simulated". */
    source: z.string(),
    quotes: z.array(quote),
  }),
);

/** Bought at priceCents: usdCents buys the coins, feeCents (1 %) goes to fee income. */
export const CryptoBought = defineEvent(
  'CryptoBought',
  z.object({
    customerId: z.uuid(),
    tradeId: z.uuid(),
    accountId: z.uuid(),
    symbol,
    units,
    priceCents: z.number().int().positive(),
    /** The ask it executed at, in millionths of a dollar (absent on older trades). */
    priceMicroUsd: microUsd.optional(),
    /** What the account is debited in all: usdCents + feeCents. */
    totalCents: cents,
    usdCents: cents,
    feeCents: cents,
    reference: z.string(),
  }),
);

/** Sold at priceCents: grossCents less feeCents (1 %) is credited to the account. */
export const CryptoSold = defineEvent(
  'CryptoSold',
  z.object({
    customerId: z.uuid(),
    tradeId: z.uuid(),
    accountId: z.uuid(),
    symbol,
    units,
    priceCents: z.number().int().positive(),
    /** The bid it executed at, in millionths of a dollar (absent on older trades). */
    priceMicroUsd: microUsd.optional(),
    grossCents: cents,
    feeCents: cents,
    netCents: cents,
    reference: z.string(),
  }),
);

/**
 * An incoming transfer the customer reported: a claim only. It stays pending, and is never
 * spendable, until operations has checked it on the network and approved it.
 */
export const CryptoDepositSubmitted = defineEvent(
  'CryptoDepositSubmitted',
  z.object({
    customerId: z.uuid(),
    depositId: z.uuid(),
    symbol,
    units,
    txHash: z.string(),
    fromAddress: z.string(),
    network: z.string(),
    /** The bank's deposit address the coins should have been sent to (absent on older claims). */
    depositAddress: z.string().optional(),
    /** Older claims were confirmed by a timer at this time; claims are now reviewed instead. */
    confirmAfter: z.iso.datetime().optional(),
    /** Price when submitted, for the history's USD value (cents per coin; 0 if unknown). */
    priceCents: cents,
  }),
);

/** Claims a deposit's transaction hash (one stream per hash), so it is credited at most once. */
export const CryptoDepositTxClaimed = defineEvent(
  'CryptoDepositTxClaimed',
  z.object({ customerId: z.uuid(), depositId: z.uuid(), symbol, txHash: z.string() }),
);

/** Operations found the transfer on the network: the coins are now the customer's. */
export const CryptoDepositConfirmed = defineEvent(
  'CryptoDepositConfirmed',
  z.object({
    customerId: z.uuid(),
    depositId: z.uuid(),
    symbol,
    units,
    /** Who approved it (absent on older, timer-confirmed claims). */
    reviewedBy: z.string().optional(),
  }),
);

/** Operations did not find the transfer as claimed: nothing is credited. */
export const CryptoDepositRejected = defineEvent(
  'CryptoDepositRejected',
  z.object({
    customerId: z.uuid(),
    depositId: z.uuid(),
    symbol,
    units,
    reason: z.string(),
    reviewedBy: z.string(),
  }),
);

export const custodyReasons = ['deposit', 'withdrawal', 'market-buy', 'market-sell'] as const;

/**
 * The other side of every coin movement: coins entering or leaving the bank's custody wallets
 * (one stream per coin). Customers' coins are liabilities; these are the coins that back them.
 */
export const CryptoCustodyMoved = defineEvent(
  'CryptoCustodyMoved',
  z.object({
    symbol,
    /** Signed: positive when coins come into custody. */
    units: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
    reason: z.enum(custodyReasons),
    customerId: z.uuid(),
    /** The trade, deposit or withdrawal it backs. */
    movementId: z.uuid(),
  }),
);

/** The stream of a coin's custody movements. */
export const custodyStream = (symbol: CryptoSymbol) => `crypto-custody-${symbol}`;

/** Sent out: units leave the wallet; the recipient receives units − networkFeeUnits. */
export const CryptoWithdrawn = defineEvent(
  'CryptoWithdrawn',
  z.object({
    customerId: z.uuid(),
    withdrawalId: z.uuid(),
    symbol,
    units,
    networkFeeUnits: z.number().int().nonnegative(),
    toAddress: z.string(),
    network: z.string(),
    priceCents: cents,
  }),
);

export const cryptoEvents = [
  CryptoPricesRefreshed,
  CryptoBought,
  CryptoSold,
  CryptoDepositSubmitted,
  CryptoDepositTxClaimed,
  CryptoDepositConfirmed,
  CryptoDepositRejected,
  CryptoCustodyMoved,
  CryptoWithdrawn,
] as const;
