import type { DashboardData } from '@bank/contracts';

/** Morning before 12:00, afternoon before 18:00, else evening. */
export function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** 3 account cards when a cashback card is shown, else 4. */
export function accountCardLimit(showCashback: boolean): number {
  return showCashback ? 3 : 4;
}

/** A cashback card is worth showing only when there is cashback to show. */
export function hasCashback(cashback: DashboardData['cashback'] | undefined): boolean {
  return Boolean(cashback && (cashback.available_balance > 0 || cashback.this_month_earned > 0));
}

export const RECENT_ACTIVITY_LIMIT = 8;
