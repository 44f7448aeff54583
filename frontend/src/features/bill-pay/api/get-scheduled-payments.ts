import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One upcoming occurrence; `payment_id` is its schedule's id (what Edit and Cancel act on). */
export type ScheduledPayment = {
  id: string;
  payment_id: string;
  payee_id: string;
  from_account_id: string;
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
