import { cryptoFeeCents } from '@bank/contracts';
import { MICRO_USD_PER_CENT, UNITS_PER_COIN } from '@bank/events';

/**
 * Trade arithmetic, in integers only (BigInt where a product can pass 2^53). Prices are millionths
 * of a dollar per coin; every rounding of coins goes the bank's way, the fee is exact to the cent:
 * - the fee is 1 % of the USD amount, to the NEAREST cent (a half cent up): the advertised 1 %,
 *   never more than half a cent off it;
 * - a buy's amount_usd INCLUDES the fee: the account is debited exactly amount_usd, the coins are
 *   bought at the ask with amount_usd − fee, and the quantity is rounded DOWN to 10^-8;
 * - a sale's gross value at the bid is rounded DOWN to the cent, the fee (1 % of it, to the nearest cent)
 *   is taken from it, and the rest is credited.
 */

const MICRO_USD_PER_UNIT_CENT = BigInt(UNITS_PER_COIN) * BigInt(MICRO_USD_PER_CENT);

export const feeCents = cryptoFeeCents;

/** A price in millionths of a dollar as cents for display, rounded to the nearest cent. */
export function microUsdToCents(microUsd: number): number {
  return Math.max(1, Math.round(microUsd / MICRO_USD_PER_CENT));
}

export interface BuyQuote {
  totalCents: number;
  feeCents: number;
  usdCents: number;
  units: number;
}

export function buyQuote(totalCents: number, askMicroUsd: number): BuyQuote {
  const fee = feeCents(totalCents);
  const usdCents = totalCents - fee;
  const units = Number((BigInt(usdCents) * MICRO_USD_PER_UNIT_CENT) / BigInt(askMicroUsd));
  return { totalCents, feeCents: fee, usdCents, units };
}

export interface SellQuote {
  units: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
}

export function sellQuote(units: number, bidMicroUsd: number): SellQuote {
  const grossCents = Number((BigInt(units) * BigInt(bidMicroUsd)) / MICRO_USD_PER_UNIT_CENT);
  const fee = grossCents === 0 ? 0 : feeCents(grossCents);
  return { units, grossCents, feeCents: fee, netCents: grossCents - fee };
}
