import { centsToDollars } from '@bank/events';
import { readSavingsGoals, type Db } from '@bank/projections';

/**
 * Each of the customer's savings accounts with its goal: progress in whole percent (rounded
 * down, at most 100), reached once the balance is at or above the target; no goal is null.
 */
export async function listSavingsGoals(db: Db, customerId: string) {
  const rows = await readSavingsGoals(db, customerId);
  return rows.map((row) => {
    const balance = Number(row.balance_cents);
    const target = row.target_cents === null ? null : Number(row.target_cents);
    return {
      account_id: row.account_id,
      account_name: row.account_name,
      current_amount: centsToDollars(balance),
      target_amount: target === null ? null : centsToDollars(target),
      remaining_amount: target === null ? null : centsToDollars(Math.max(0, target - balance)),
      progress_percent:
        target === null ? null : Math.min(100, Math.floor((Math.max(0, balance) * 100) / target)),
      reached: target !== null && balance >= target,
    };
  });
}

export type SavingsGoalView = Awaited<ReturnType<typeof listSavingsGoals>>[number];
