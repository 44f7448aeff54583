import { UNITS_PER_COIN } from '@bank/events';

/**
 * Trade arithmetic, in integers only (BigInt where a product can pass 2^53):
 * - the fee is 1 % of the USD amount, rounded UP to the cent (the bank never under-charges);
 * - a buy's amount_usd INCLUDES the fee: the account is debited exactly amount_usd, the coins are
 *   bought with amount_usd − fee, and the quantity is rounded DOWN to 10^-8 (never more coin than
 *   was paid for);
 * - a sale's gross value is rounded DOWN to the cent, the fee (1 % of it, rounded up) is taken
 *   from it, and the rest is credited.
 */
export const FEE_PERCENT = 1;

export function feeCents(amountCents: number): number {
  return Number((BigInt(amountCents) * BigInt(FEE_PERCENT) + 99n) / 100n);
}

export interface BuyQuote {
  totalCents: number;
  feeCents: number;
  usdCents: number;
  units: number;
}

export function buyQuote(totalCents: number, priceCents: number): BuyQuote {
  const fee = feeCents(totalCents);
  const usdCents = totalCents - fee;
  const units = Number((BigInt(usdCents) * BigInt(UNITS_PER_COIN)) / BigInt(priceCents));
  return { totalCents, feeCents: fee, usdCents, units };
}

export interface SellQuote {
  units: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
}

export function sellQuote(units: number, priceCents: number): SellQuote {
  const grossCents = Number((BigInt(units) * BigInt(priceCents)) / BigInt(UNITS_PER_COIN));
  const fee = grossCents === 0 ? 0 : feeCents(grossCents);
  return { units, grossCents, feeCents: fee, netCents: grossCents - fee };
}
