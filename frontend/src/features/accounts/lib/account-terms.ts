import type { Account } from '@/lib/accounts';

// The rate and fee of the selected-account detail, as the server states them for the product.

/** The annual percentage yield, from the server's rate in % APY. */
export function formatYield(account: Pick<Account, 'interest_rate'>): string {
  return `${account.interest_rate.toFixed(2)}% APY`;
}

export function formatMonthlyFee(account: Pick<Account, 'monthly_fee'>): string {
  return account.monthly_fee === 0 ? 'FREE' : `$${account.monthly_fee.toFixed(2)}/month`;
}
