import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type StatementMonth = { month: string; from: string; to: string; complete: boolean };

export const statementsPath = (accountId: string | number) =>
  `/accounts/${encodeURIComponent(accountId)}/statements`;

export const statementsQueryOptions = (accountId: string | number) =>
  queryOptions({
    queryKey: ['statements', String(accountId)] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ statements: StatementMonth[] }>(statementsPath(accountId), { signal })).data
        .statements,
  });

export function useStatements(accountId: string | number) {
  return useQuery(statementsQueryOptions(accountId));
}
