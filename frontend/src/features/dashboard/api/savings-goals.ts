import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardQueryOptions } from './dashboard-query';

export type { SavingsGoalView } from './dashboard-query';

export const GOAL_MAX_DOLLARS = 10_000_000;

export const GOAL_MESSAGES = {
  required: 'Please enter the goal amount.',
  format: 'The goal must be an amount in dollars and cents.',
  positive: 'The goal must be at least $0.01.',
  max: 'The goal can be at most $10,000,000.00.',
} as const;

/** The goal as typed: a message when it cannot be accepted, else null. */
export function goalAmountError(text: string): string | null {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return GOAL_MESSAGES.required;
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return GOAL_MESSAGES.format;
  const amount = Number(value);
  if (amount <= 0) return GOAL_MESSAGES.positive;
  if (amount > GOAL_MAX_DOLLARS) return GOAL_MESSAGES.max;
  return null;
}

export const setSavingsGoal = ({ accountId, amount }: { accountId: string; amount: string }) =>
  api.put<{ savings_goal: { account_id: string; target_amount: number } }>(
    `/accounts/${encodeURIComponent(accountId)}/savings-goal`,
    { target_amount: amount.trim().replace(/,/g, '') },
  );

export const removeSavingsGoal = (accountId: string) =>
  api.delete<null>(`/accounts/${encodeURIComponent(accountId)}/savings-goal`);

function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: dashboardQueryOptions().queryKey });
}

export function useSetSavingsGoal() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: setSavingsGoal, onSettled: refresh });
}

export function useRemoveSavingsGoal() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: removeSavingsGoal, onSettled: refresh });
}
