import { SAVINGS_GOAL_MAX_CENTS, SAVINGS_GOAL_MESSAGES } from '@bank/contracts/savings-goal-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loadContracts } from '@/lib/contracts';
import { plainAmount } from '@/lib/cents';
import { dashboardQueryOptions } from './dashboard-query';

export type { SavingsGoalView } from './dashboard-query';

/** The goal as typed ("$20,000" too): a message when it cannot be accepted, else null. */
export function goalAmountError(text: string): string | null {
  if (text.trim() === '') return SAVINGS_GOAL_MESSAGES.required;
  const value = plainAmount(text);
  if (value === null) return SAVINGS_GOAL_MESSAGES.notWholeCents;
  const amount = Number(value);
  if (amount <= 0) return SAVINGS_GOAL_MESSAGES.notPositive;
  if (amount > SAVINGS_GOAL_MAX_CENTS / 100) return SAVINGS_GOAL_MESSAGES.tooLarge;
  return null;
}

export async function setSavingsGoal({ accountId, amount }: { accountId: string; amount: string }) {
  const [{ savingsGoalSaved }, { data }] = await Promise.all([
    loadContracts(),
    api.put<unknown>(`/accounts/${encodeURIComponent(accountId)}/savings-goal`, {
      target_amount: plainAmount(amount) ?? amount.trim(),
    }),
  ]);
  return savingsGoalSaved.shape.data.parse(data).savings_goal;
}

export async function removeSavingsGoal(accountId: string) {
  const [{ successWithoutData }, { data }] = await Promise.all([
    loadContracts(),
    api.delete<unknown>(`/accounts/${encodeURIComponent(accountId)}/savings-goal`),
  ]);
  return successWithoutData.shape.data.parse(data);
}

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
