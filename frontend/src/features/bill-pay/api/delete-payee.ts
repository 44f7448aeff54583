import { successWithoutData } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function deletePayee(id: string) {
  const { data } = await api.delete<unknown>(`/bill-payments/payees/${encodeURIComponent(id)}`);
  return successWithoutData.shape.data.parse(data);
}

export function useDeletePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayee,
    // The payee's scheduled payments are cancelled with it: payees, upcoming payments and the
    // history (where they now show as cancelled) all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bill-pay'] }),
  });
}
