import type { SavingsGoalView } from '@bank/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Account } from '@/lib/accounts';
import type { Transaction } from '@/lib/transactions';

// The dashboard's call without React hooks: the router imports it to start the request while the
// sign-in check runs (its hook, with useQuery's code, stays in the dashboard's own chunk).

export type SavingsGoal =
  | number
  | {
      name?: string;
      target_amount?: number;
      current_amount?: number;
      target?: number | null;
      current?: number;
      reached?: boolean;
    };

export type { SavingsGoalView };

export type DashboardData = {
  accounts: Account[];
  recent_transactions: Transaction[];
  total_balance: number;
  cashback?: { available_balance: number; this_month_earned: number } | null;
  savings_goal?: SavingsGoal | null;
  /** Every savings account with its goal, or none. */
  savings_goals?: SavingsGoalView[];
};

export async function getDashboard(signal?: AbortSignal): Promise<DashboardData> {
  const { data } = await api.get<DashboardData>('/dashboard', { signal });
  return {
    ...data,
    accounts: data?.accounts ?? [],
    recent_transactions: data?.recent_transactions ?? [],
    total_balance: Number(data?.total_balance ?? 0),
  };
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'] as const, queryFn: ({ signal }) => getDashboard(signal) });
