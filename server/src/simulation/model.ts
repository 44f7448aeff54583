import { bankDate, moneyRules } from '@bank/events';

/** What one acknowledged command must have done, as the simulation predicts it. */
export type Effect =
  /** The available balance (posted minus held) of a customer account moves by `cents`. */
  | { type: 'available'; accountId: string; cents: number }
  /** The movement counts against a customer's daily (and monthly) limit of a channel. */
  | { type: 'limit'; customerId: string; channel: string; cents: number }
  /** A customer's coins of one symbol move by `units` (10^-8). */
  | { type: 'coins'; customerId: string; symbol: string; units: number }
  /** Dollars enter the bank from outside (a teller deposit). */
  | { type: 'inflow'; cents: number };

/**
 * Daily limits per channel the simulation holds the bank to: the bank's own figures, plus bill
 * pay at $10,000 a day (the documented figure) while the bank itself does not define one.
 */
export const DAILY_LIMITS: Record<string, number> = {
  'bill-pay': 10_000_00,
  ...(moneyRules.dailyLimits as Record<string, number>),
};
export const MONTHLY_LIMITS: Record<string, number> = {
  ...(moneyRules.monthlyLimits as Record<string, number>),
};

/** The expected state of the bank: every acknowledged command applied once, nothing else. */
export class Model {
  readonly available = new Map<string, number>();
  readonly coins = new Map<string, number>();
  /** "customerId|channel|YYYY-MM-DD" (or "…|YYYY-MM") → cents used. */
  readonly limitUse = new Map<string, number>();
  inflowCents = 0;
  /** Every acknowledged command's reference → whether it posts money under it at once. */
  readonly references = new Map<string, boolean>();

  apply(effects: Effect[], at: Date): void {
    const add = (map: Map<string, number>, key: string, n: number) =>
      map.set(key, (map.get(key) ?? 0) + n);
    for (const e of effects) {
      if (e.type === 'available') add(this.available, e.accountId, e.cents);
      else if (e.type === 'coins') add(this.coins, `${e.customerId}|${e.symbol}`, e.units);
      else if (e.type === 'inflow') this.inflowCents += e.cents;
      else {
        const day = bankDate(at);
        add(this.limitUse, `${e.customerId}|${e.channel}|${day}`, e.cents);
        add(this.limitUse, `${e.customerId}|${e.channel}|${day.slice(0, 7)}`, e.cents);
      }
    }
  }

  /** Channels whose acknowledged use is past the limit, as readable lines. */
  limitsExceeded(): string[] {
    const out: string[] = [];
    for (const [key, used] of this.limitUse) {
      const [customerId, channel, period] = key.split('|') as [string, string, string];
      const limit = period.length === 10 ? DAILY_LIMITS[channel] : MONTHLY_LIMITS[channel];
      if (limit !== undefined && used > limit) {
        out.push(
          `${channel} limit exceeded for customer ${customerId} on ${period}: ${used} cents acknowledged, limit ${limit}`,
        );
      }
    }
    return out;
  }
}
