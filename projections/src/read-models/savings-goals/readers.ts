import type { Db } from '../../projection.ts';

/** A savings account and its goal (null when none is set). */
export interface SavingsGoalRow extends Record<string, unknown> {
  account_id: string;
  account_name: string;
  balance_cents: number;
  target_cents: number | null;
}

/** Each of the customer's savings accounts with its goal, in the order they were opened. */
export async function readSavingsGoals(db: Db, customerId: string): Promise<SavingsGoalRow[]> {
  const { rows } = await db.query<SavingsGoalRow>(
    `SELECT a.account_id, a.name AS account_name, a.balance_cents, g.target_cents
     FROM rm_accounts a LEFT JOIN rm_savings_goals g ON g.account_id = a.account_id
     WHERE a.customer_id = $1 AND a.type = 'savings'
     ORDER BY a.opened_position`,
    [customerId],
  );
  return rows;
}
