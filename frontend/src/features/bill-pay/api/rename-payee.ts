import { BILL_PAY_MESSAGES, successWithoutData } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** A payee's nickname; blank shows it by its company's name again. */
export const renamePayeeSchema = z.object({
  display_name: z.string().trim().max(100, BILL_PAY_MESSAGES.nicknameTooLong),
});
export type RenamePayeeForm = z.infer<typeof renamePayeeSchema>;

export async function renamePayee({ id, display_name }: { id: string } & RenamePayeeForm) {
  const { data } = await api.put<unknown>(`/bill-payments/payees/${encodeURIComponent(id)}`, {
    display_name: display_name.trim() || null,
  });
  return successWithoutData.shape.data.parse(data);
}

export function useRenamePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePayee,
    // The payee's name shows in its card, the Quick Pay tiles and its upcoming payments.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bill-pay'] }),
  });
}
