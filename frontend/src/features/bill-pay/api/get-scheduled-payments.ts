import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ScheduledPayment = {
  id: string;
  payee_id: string;
  payee_name: string;
  account_name?: string | null;
  amount: number;
  scheduled_date: string;
  memo?: string | null;
  is_recurring: boolean;
  recurring_frequency?: string | null;
  recurring_end_date?: string | null;
  status: string;
  source?: 'scheduled' | 'autopay';
};

export async function getScheduledPayments(signal?: AbortSignal): Promise<ScheduledPayment[]> {
  const { data } = await api.get<{ payments: ScheduledPayment[] }>('/bill-payments/scheduled', {
    signal,
  });
  return data?.payments ?? [];
}

export const scheduledPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: ['bill-pay', 'scheduled'] as const,
    queryFn: ({ signal }) => getScheduledPayments(signal),
  });

export function useScheduledPayments() {
  return useQuery(scheduledPaymentsQueryOptions());
}
