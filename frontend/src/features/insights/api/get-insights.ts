import { insightsView, type InsightsView } from '@bank/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Insights = InsightsView;

/** How many months the page compares, the chosen one last. */
export const MONTHS_COMPARED = 6;

/** GET /insights: the answer is checked against the schema the server declares. */
export const insightsQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['insights', month, MONTHS_COMPARED] as const,
    queryFn: async ({ signal }) =>
      insightsView.parse(
        (
          await api.get<unknown>('/insights', {
            signal,
            query: { month, months: MONTHS_COMPARED },
          })
        ).data,
      ),
  });

export function useInsights(month: string) {
  return useQuery({ ...insightsQueryOptions(month), placeholderData: keepPreviousData });
}
