import { z } from 'zod';
import { accountView } from './accounts.ts';
import { transactionLineView } from './account-documents.ts';
import { successOf } from './envelope.ts';
import { savingsGoalView } from './personal-finance.ts';

/** The dashboard's savings figure: the first savings account with a goal (amounts in dollars). */
export const dashboardSavingsGoal = z.object({
  name: z.string(),
  account_id: z.string(),
  current: z.number(),
  target: z.number(),
  /** Whole percent, rounded down, at most 100. */
  progress_percent: z.number(),
  reached: z.boolean(),
});
export type DashboardSavingsGoal = z.infer<typeof dashboardSavingsGoal>;

/** Cashback in dollars: what can be redeemed, and what was earned this calendar month. */
export const cashbackView = z.object({
  available_balance: z.number(),
  this_month_earned: z.number(),
});

/**
 * The answer of GET /dashboard: the accounts, the newest lines of the history (at most 8), the
 * total, the savings goals and the cashback.
 */
export const dashboardData = z.object({
  accounts: z.array(accountView),
  recent_transactions: z.array(transactionLineView),
  total_balance: z.number(),
  formatted_total_balance: z.string(),
  account_count: z.number(),
  /** Null until the customer sets a goal on a savings account. */
  savings_goal: dashboardSavingsGoal.nullable(),
  savings_goals: z.array(savingsGoalView),
  cashback: cashbackView,
});
export type DashboardData = z.infer<typeof dashboardData>;
export const dashboardAnswer = successOf(dashboardData);

/** What the history's filters answer when they contradict each other or are not amounts. */
export const HISTORY_FILTER_MESSAGES = {
  toBeforeFrom: 'The to date must not be before the from date.',
  maxBelowMin: 'The maximum amount must not be less than the minimum amount.',
  min: 'The minimum amount must be 0 or more, with at most 2 decimals.',
  max: 'The maximum amount must be 0 or more, with at most 2 decimals.',
} as const;

/** The answer of GET /dashboard/comprehensive-history: a page of the filtered history. */
export const transactionHistoryData = z.object({
  transactions: z.array(transactionLineView),
  page: z.number(),
  per_page: z.number(),
  /** Where the next page starts (keyset paging), or null on the last page. */
  next_cursor: z.string().nullable(),
});
export const transactionHistoryAnswer = successOf(transactionHistoryData);

/** Someone the customer has paid or been paid by; `contact` is their email or phone, if known. */
export const searchContactView = z.object({ name: z.string(), contact: z.string().nullable() });
export type SearchContactView = z.infer<typeof searchContactView>;

/** The answer of GET /search: matching lines of the history, and matching people. */
export const searchResultsData = z.object({
  transactions: z.array(transactionLineView),
  contacts: z.array(searchContactView),
});
export type SearchResultsData = z.infer<typeof searchResultsData>;
export const searchResultsAnswer = successOf(searchResultsData);
