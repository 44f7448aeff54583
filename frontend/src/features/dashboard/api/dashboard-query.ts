import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loadContracts } from '@/lib/contracts';

// The dashboard's call without React hooks: the router imports it to start the request while the
// sign-in check runs (its hook, with useQuery's code, stays in the dashboard's own chunk).

export type { DashboardData, SavingsGoalView } from '@bank/contracts';

/** GET /dashboard, checked against the schema the server declares (loaded beside the call). */
export async function getDashboard(signal?: AbortSignal) {
  const [contracts, { data }] = await Promise.all([
    loadContracts(),
    api.get<unknown>('/dashboard', { signal }),
  ]);
  return contracts.dashboardData.parse(data);
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'] as const, queryFn: ({ signal }) => getDashboard(signal) });
