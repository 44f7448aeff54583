import { statementMonthsData, type StatementMonthView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type StatementMonth = StatementMonthView;

export const statementsPath = (accountId: string | number) =>
  `/accounts/${encodeURIComponent(accountId)}/statements`;

export const statementsQueryOptions = (accountId: string | number) =>
  queryOptions({
    queryKey: ['statements', String(accountId)] as const,
    queryFn: async ({ signal }) =>
      statementMonthsData.parse(
        (await api.get<unknown>(statementsPath(accountId), { signal })).data,
      ).statements,
  });

export function useStatements(accountId: string | number) {
  return useQuery(statementsQueryOptions(accountId));
}
