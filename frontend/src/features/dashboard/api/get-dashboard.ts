import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions } from './dashboard-query';

export { dashboardQueryOptions, getDashboard } from './dashboard-query';
export type { DashboardData } from './dashboard-query';

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
