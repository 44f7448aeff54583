import { createHash } from 'node:crypto';
import { bankDate } from './bank-time.ts';
import { requireWithinLimits } from './limits.ts';

/**
 * A simulated USD→EUR reference-rate feed (no market data can be fetched here). Deterministic: the
 * rate of a bank day is 0.9200 plus 0–49 hundredths of a cent derived from the date, so a quote can
 * be recomputed from its date alone. Documented as simulated in the README of the issue.
 */
export const FX_SOURCE = 'Harborview simulated EUR reference rate (daily, deterministic)';

export interface FxQuote {
  /** EUR per USD in millionths. */
  rateMicros: number;
  rate: string;
  source: string;
  asOf: string;
  targetCurrency: 'EUR';
  targetAmount: number;
}

/** EUR per USD in millionths on a bank day (always below 1 EUR). */
export function usdToEurRateMicros(date: string): number {
  const step = createHash('sha256').update(`usd-eur:${date}`).digest()[0]! % 50;
  return 920_000 + step * 100;
}

/** Converts cents of USD to cents of EUR, rounding half up, in integer arithmetic. */
export function convertUsdToEur(usdCents: number, rateMicros: number): number {
  const scaled = BigInt(usdCents) * BigInt(rateMicros);
  return Number((scaled + 500_000n) / 1_000_000n);
}

export function quoteUsdToEur(usdCents: number, now: Date): FxQuote {
  const asOf = bankDate(now);
  const rateMicros = usdToEurRateMicros(asOf);
  return {
    rateMicros,
    rate: `0.${String(rateMicros).padStart(6, '0')}`,
    source: FX_SOURCE,
    asOf,
    targetCurrency: 'EUR',
    targetAmount: convertUsdToEur(usdCents, rateMicros),
  };
}

export const QUOTE_EXPIRED = 'quote_expired';
export const QUOTE_EXPIRED_MESSAGE =
  'The exchange rate you confirmed has expired. Review the new rate and confirm again.';

/** When a quote made at `now` stops being honoured: the next bank day, when the rate changes. */
export function quoteExpiresAt(now: Date): Date {
  const today = bankDate(now);
  const hour = 3600 * 1000;
  let at = now.getTime();
  while (bankDate(new Date(at + hour)) === today) at += hour;
  // The day changes within the next hour: find its first minute.
  while (bankDate(new Date(at)) === today) at += 60 * 1000;
  return new Date(at - (at % (60 * 1000)));
}

/** What a customer is told before a SEPA transfer: the euros they send, the rate and the fee. */
export interface SepaQuote {
  amountCents: number;
  feeCents: number;
  totalCents: number;
  fx: FxQuote;
  expiresAt: string;
}

/**
 * Refuses, as the transfer itself would, an amount no SEPA transfer may move (past the channel's
 * daily or monthly limit with nothing used yet): a customer is never quoted what they cannot send.
 * What the customer already sent today, and a destination's own limits, are checked on confirm.
 */
export function sepaQuote(amountCents: number, feeCents: number, now: Date): SepaQuote {
  requireWithinLimits('sepa', amountCents);
  return {
    amountCents,
    feeCents,
    totalCents: amountCents + feeCents,
    fx: quoteUsdToEur(amountCents, now),
    expiresAt: quoteExpiresAt(now).toISOString(),
  };
}

/**
 * A rate written as a decimal, in millionths: "0.9237" and "0.923700" are the same rate. Undefined
 * for what is not a decimal, or is finer than a millionth (no quote ever is).
 */
export function rateMicrosOf(text: string): number | undefined {
  const match = /^(\d{1,6})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 6) return undefined;
  return Number(match[1]) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

/**
 * The rate applied now must be the one the customer confirmed, if they confirmed one, however
 * the client wrote that number.
 */
export function confirmedRateHolds(quotedRate: string | undefined, applied: FxQuote): boolean {
  return quotedRate === undefined || rateMicrosOf(quotedRate) === applied.rateMicros;
}
