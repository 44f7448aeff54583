import { payeeList, type PayeeView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Payee = PayeeView;

export async function getPayees(signal?: AbortSignal): Promise<Payee[]> {
  const { data } = await api.get<unknown>('/bill-payments/payees', { signal });
  return payeeList.shape.data.parse(data).payees;
}

export const payeesQueryOptions = () =>
  queryOptions({
    queryKey: ['bill-pay', 'payees'] as const,
    queryFn: ({ signal }) => getPayees(signal),
  });

export function usePayees() {
  return useQuery(payeesQueryOptions());
}
