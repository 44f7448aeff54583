// Trade estimates shown before confirming (spec §9: 1% fee on buy and sell), computed the way the
// bank computes them: integer cents and 10^-8 coin units, fee rounded up, coins rounded down.

export const FEE_PERCENT = 1;

/** Spec §9: the supported coins, offered for trading even before market data has loaded. */
export const SUPPORTED_COINS: Record<string, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  BNB: 'BNB',
  ADA: 'Cardano',
  SOL: 'Solana',
  USDC: 'USD Coin',
  USDT: 'Tether',
  DOGE: 'Dogecoin',
  DOT: 'Polkadot',
  MATIC: 'Polygon',
};
export const UNITS_PER_COIN = 100_000_000;
export const MIN_BUY = 1;
export const MIN_SELL = 0.00000001;
export const MIN_TRANSFER = 0.001;

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Decimal text → integer 10^-8 units, or undefined for more than 8 decimals or bad input. */
export function coinsToUnits(value: string | number): number | undefined {
  const text = typeof value === 'number' ? value.toFixed(8) : value.trim();
  const m = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * UNITS_PER_COIN + Number((m[2] ?? '').padEnd(8, '0'));
}

export function feeCents(amountCents: number): number {
  return Number((BigInt(amountCents) * BigInt(FEE_PERCENT) + 99n) / 100n);
}

export type BuyEstimate = { totalCents: number; feeCents: number; netCents: number; units: number };

/** A buy's amount includes the fee: the coins are bought with amount − 1%. */
export function buyEstimate(amountUsd: number, price: number): BuyEstimate | null {
  const totalCents = toCents(amountUsd);
  const priceCents = toCents(price);
  if (!(totalCents > 0) || !(priceCents > 0)) return null;
  const fee = feeCents(totalCents);
  const netCents = totalCents - fee;
  const units = Number((BigInt(netCents) * BigInt(UNITS_PER_COIN)) / BigInt(priceCents));
  return { totalCents, feeCents: fee, netCents, units };
}

export type SellEstimate = {
  units: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
};

/** A sale's gross value (rounded down to the cent) less the 1% fee is credited. */
export function sellEstimate(cryptoAmount: string | number, price: number): SellEstimate | null {
  const units = coinsToUnits(cryptoAmount);
  const priceCents = toCents(price);
  if (units === undefined || units <= 0 || !(priceCents > 0)) return null;
  const grossCents = Number((BigInt(units) * BigInt(priceCents)) / BigInt(UNITS_PER_COIN));
  const fee = grossCents === 0 ? 0 : feeCents(grossCents);
  return { units, grossCents, feeCents: fee, netCents: grossCents - fee };
}

export function formatCoins(units: number, decimals = 8): string {
  return (units / UNITS_PER_COIN).toFixed(decimals);
}

/** K, M and B suffixes for large figures (spec §9). */
export function compactNumber(value: number, prefix = '$'): string {
  const abs = Math.abs(value);
  const [div, suffix] =
    abs >= 1e9 ? [1e9, 'B'] : abs >= 1e6 ? [1e6, 'M'] : abs >= 1e3 ? [1e3, 'K'] : [1, ''];
  return `${prefix}${(value / div).toFixed(suffix ? 2 : 2)}${suffix}`;
}

export function formatCryptoAmount(
  value: number | string | null | undefined,
  decimals = 6,
): string {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n.toFixed(decimals) : '0';
}
