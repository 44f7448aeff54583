import { CRYPTO_MESSAGES, cryptoFeeCents } from '@bank/contracts';
// Trade estimates shown before confirming (1% fee on buy and sell), computed the way the
// bank computes them: integer cents and 10^-8 coin units, fee to the nearest cent (the server's own function), coins rounded down.

import { centsOf, scaledUnits } from '@/lib/cents';

export const UNITS_PER_COIN = 100_000_000;
export const MIN_TRANSFER = 0.001;

/** Decimal text → integer 10^-8 units, or undefined for more than 8 decimals or bad input. */
export function coinsToUnits(value: string | number): number | undefined {
  const text = typeof value === 'number' ? value.toFixed(8) : value.trim();
  const m = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * UNITS_PER_COIN + Number((m[2] ?? '').padEnd(8, '0'));
}

export const feeCents = cryptoFeeCents;

export type BuyEstimate = { totalCents: number; feeCents: number; netCents: number; units: number };

/** A buy's amount includes the fee: the coins are bought with amount − 1%. */
/** Prices come finer than a cent: a price in dollars as integer millionths of a dollar. */
export function toMicroUsd(dollars: number): number {
  return scaledUnits(dollars, 6);
}

const MICRO_USD_PER_UNIT_CENT = BigInt(UNITS_PER_COIN) * 10_000n;

/** A coin's price for display: cents from $1 up, up to 6 decimals below (e.g. $0.142317). */
export function formatCoinPrice(price: number): string {
  if (!(price < 1))
    return `$${price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `$${price.toFixed(6).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}

/** `price` is the ask a purchase executes at. */
export function buyEstimate(amountUsd: number, price: number): BuyEstimate | null {
  const totalCents = centsOf(amountUsd);
  const priceMicroUsd = toMicroUsd(price);
  if (!(totalCents > 0) || !(priceMicroUsd > 0)) return null;
  const fee = feeCents(totalCents);
  const netCents = totalCents - fee;
  const units = Number((BigInt(netCents) * MICRO_USD_PER_UNIT_CENT) / BigInt(priceMicroUsd));
  return { totalCents, feeCents: fee, netCents, units };
}

export type SellEstimate = {
  units: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
};

/** A sale's gross value (rounded down to the cent) less the 1% fee is credited. */
/** `price` is the bid a sale executes at. */
export function sellEstimate(cryptoAmount: string | number, price: number): SellEstimate | null {
  const units = coinsToUnits(cryptoAmount);
  const priceMicroUsd = toMicroUsd(price);
  if (units === undefined || units <= 0 || !(priceMicroUsd > 0)) return null;
  const grossCents = Number((BigInt(units) * BigInt(priceMicroUsd)) / MICRO_USD_PER_UNIT_CENT);
  const fee = grossCents === 0 ? 0 : feeCents(grossCents);
  return { units, grossCents, feeCents: fee, netCents: grossCents - fee };
}

/**
 * Why the bank would refuse a trade the form holds, in the bank's own words, or null: a purchase
 * (the amount includes the fee) over the chosen account's available balance, or a sale over the
 * coins held (`heldExact`, the holding's exact decimal text; nothing held is zero). The amount is
 * already valid for its side. The bank still decides when the trade is sent.
 */
export function tradeRefusal(trade: {
  side: 'buy' | 'sell';
  symbol: string;
  amount: string;
  availableBalance: number | undefined;
  heldExact: string | undefined;
}): string | null {
  if (trade.side === 'buy') {
    if (trade.availableBalance === undefined) return null;
    return centsOf(trade.amount) > centsOf(trade.availableBalance) ? 'Insufficient funds' : null;
  }
  const units = coinsToUnits(trade.amount);
  const held = coinsToUnits(trade.heldExact ?? '0') ?? 0;
  if (units === undefined || units <= held) return null;
  return CRYPTO_MESSAGES.overHolding(trade.symbol, coinText(held));
}

/**
 * Integer 10^-8 units → decimal text with all 8 decimals ("0.00100637"), by integer arithmetic:
 * the one way a coin amount is written, so every screen shows the same quantity as the bank holds.
 */
export function coinText(units: number): string {
  const whole = Math.trunc(units / UNITS_PER_COIN);
  return `${whole}.${String(units % UNITS_PER_COIN).padStart(8, '0')}`;
}

/**
 * A coin amount the bank sent as exact decimal text (`*_exact`), written as coinText writes it
 * ("0.5" → "0.50000000"); text that is no amount is shown as it came.
 */
export function exactCoins(exact: string): string {
  const units = coinsToUnits(exact);
  return units === undefined ? exact : coinText(units);
}

/**
 * A coin amount as the lists show it, to 6 decimals (the product's number rules), from its exact
 * text ("0.00151368" → "0.001513"): cut, never rounded up, so a list never shows more than is held.
 */
export function listedCoins(exact: string): string {
  return exactCoins(exact).replace(/(\.\d{6})\d*$/, '$1');
}

const COMPACT: readonly [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * K, M and B suffixes for large figures (the product's number rules), with thousands grouped
 * before the suffix: a market cap of $1,290.58B, never $1290.58B.
 */
export function compactNumber(value: number, prefix = '$'): string {
  const [div, suffix] = COMPACT.find(([size]) => Math.abs(value) >= size) ?? [1, ''];
  return `${prefix}${twoDecimals.format(value / div)}${suffix}`;
}
