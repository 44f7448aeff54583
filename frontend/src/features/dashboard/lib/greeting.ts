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
export function hasCashback(
  cashback: { available_balance: number; this_month_earned: number } | null | undefined,
): boolean {
  return Boolean(
    cashback && (Number(cashback.available_balance) > 0 || Number(cashback.this_month_earned) > 0),
  );
}

export const RECENT_ACTIVITY_LIMIT = 8;

export function savingsGoalFigure(
  goal: unknown,
): { current: number; target: number | null; reached: boolean } | null {
  if (goal === null || goal === undefined) return null;
  if (typeof goal === 'number') return { current: goal, target: null, reached: false };
  if (typeof goal === 'object') {
    const g = goal as Record<string, unknown>;
    const current = Number(g.current_amount ?? g.current ?? 0);
    const targetRaw = g.target_amount ?? g.target;
    return {
      current,
      target: targetRaw === undefined || targetRaw === null ? null : Number(targetRaw),
      reached: g.reached === true,
    };
  }
  return null;
}
