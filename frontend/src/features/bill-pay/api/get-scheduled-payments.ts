import { upcomingBillPaymentList, type UpcomingBillPaymentView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ScheduledPayment = UpcomingBillPaymentView;

export async function getScheduledPayments(signal?: AbortSignal): Promise<ScheduledPayment[]> {
  const { data } = await api.get<unknown>('/bill-payments/scheduled', { signal });
  return upcomingBillPaymentList.shape.data.parse(data).payments;
}

export const scheduledPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: ['bill-pay', 'scheduled'] as const,
    queryFn: ({ signal }) => getScheduledPayments(signal),
  });

export function useScheduledPayments() {
  return useQuery(scheduledPaymentsQueryOptions());
}
