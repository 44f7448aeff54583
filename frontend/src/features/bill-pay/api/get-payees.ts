import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Payee = {
  id: string;
  name: string;
  display_name?: string | null;
  category: string;
  category_label?: string | null;
  account_number?: string | null;
  formatted_account_number?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  phone?: string | null;
  default_amount?: number | null;
  autopay_enabled: boolean;
  autopay_day?: number | null;
  autopay_amount?: number | null;
  next_payment?: { date: string; amount: number } | null;
};

export async function getPayees(signal?: AbortSignal): Promise<Payee[]> {
  const { data } = await api.get<{ payees: Payee[] }>('/bill-payments/payees', { signal });
  return data?.payees ?? [];
}

export const payeesQueryOptions = () =>
  queryOptions({
    queryKey: ['bill-pay', 'payees'] as const,
    queryFn: ({ signal }) => getPayees(signal),
  });

export function usePayees() {
  return useQuery(payeesQueryOptions());
}
