import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deletePayee = (id: string) =>
  api.delete<null>(`/bill-payments/payees/${encodeURIComponent(id)}`);

export function useDeletePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayee,
    // The payee's scheduled payments are cancelled with it: payees, upcoming payments and the
    // history (where they now show as cancelled) all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bill-pay'] }),
  });
}
