import type { Account } from '@/lib/accounts';

// The rate and fee rules (by account name) for the selected-account detail.

/** Shown when an account has no routing number of its own. */
export const DEFAULT_ROUTING_NUMBER = '102000196';

const RATE_BY_NAME: [RegExp, number][] = [
  [/premium checking/i, 1.25],
  [/high[\s-]?yield savings/i, 2.5],
  [/investment/i, 8],
  [/money market/i, 2],
  [/\bcd\b|certificate/i, 3.5],
];

/**
 * The annual percentage yield as a fraction (0.025 for 2.5%). A rate from the server above 1 is a
 * percentage and is divided by 100; without one, the rate follows the account's name.
 */
export function annualYield(
  account: Pick<Account, 'name' | 'account_name' | 'interest_rate'>,
): number {
  const raw = account.interest_rate;
  if (
    raw !== null &&
    raw !== undefined &&
    raw !== ('' as unknown) &&
    Number.isFinite(Number(raw))
  ) {
    const rate = Number(raw);
    return rate > 1 ? rate / 100 : rate;
  }
  const name = `${account.account_name ?? ''} ${account.name ?? ''}`;
  const percent = RATE_BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? 0.5;
  return percent / 100;
}

export function formatYield(
  account: Pick<Account, 'name' | 'account_name' | 'interest_rate'>,
): string {
  return `${(annualYield(account) * 100).toFixed(2)}% APY`;
}

export function monthlyFee(
  account: Pick<Account, 'name' | 'account_name' | 'monthly_fee'>,
): number {
  if (account.monthly_fee !== null && account.monthly_fee !== undefined)
    return Number(account.monthly_fee);
  const name = `${account.account_name ?? ''} ${account.name ?? ''}`;
  if (/investment/i.test(name)) return 25;
  if (/money market/i.test(name)) return 10;
  return 0;
}

export function formatMonthlyFee(
  account: Pick<Account, 'name' | 'account_name' | 'monthly_fee'>,
): string {
  const fee = monthlyFee(account);
  return fee === 0 ? 'FREE' : `$${fee.toFixed(2)}/month`;
}
