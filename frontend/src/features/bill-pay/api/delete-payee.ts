import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { payeesQueryOptions } from './get-payees';
import { scheduledPaymentsQueryOptions } from './get-scheduled-payments';

export const deletePayee = (id: string) =>
  api.delete<null>(`/bill-payments/payees/${encodeURIComponent(id)}`);

export function useDeletePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayee,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: payeesQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: scheduledPaymentsQueryOptions().queryKey });
    },
  });
}
