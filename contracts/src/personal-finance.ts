import { z } from 'zod';
import { successOf } from './envelope.ts';

/**
 * A savings account with its goal (amounts in dollars). Without a goal, the target, what remains
 * and the progress are null; progress is whole percent, rounded down, at most 100.
 */
export const savingsGoalView = z.object({
  account_id: z.string(),
  account_name: z.string(),
  current_amount: z.number(),
  target_amount: z.number().nullable(),
  remaining_amount: z.number().nullable(),
  progress_percent: z.number().nullable(),
  reached: z.boolean(),
});
export type SavingsGoalView = z.infer<typeof savingsGoalView>;

/** The answer of GET /savings-goals: every savings account of the customer, with its goal. */
export const savingsGoalsListData = z.object({ savings_goals: z.array(savingsGoalView) });
export const savingsGoalsList = successOf(savingsGoalsListData);

/** A category a transaction can be put in, with its label. */
export const transactionCategoryOption = z.object({ key: z.string(), label: z.string() });
export type TransactionCategoryOption = z.infer<typeof transactionCategoryOption>;

/** The answer of GET /transactions/categories. */
export const transactionCategoriesListData = z.object({
  categories: z.array(transactionCategoryOption),
});
export const transactionCategoriesList = successOf(transactionCategoriesListData);

/** The answer of PUT /accounts/{id}/savings-goal: the goal now set, in dollars. */
export const savingsGoalSaved = successOf(
  z.object({ savings_goal: z.object({ account_id: z.string(), target_amount: z.number() }) }),
);

/** The answer of PUT /transactions/{id}/category: the category the transaction is now in. */
export const transactionCategoryChanged = successOf(
  z.object({ transaction_id: z.string(), category: z.string(), category_label: z.string() }),
);
