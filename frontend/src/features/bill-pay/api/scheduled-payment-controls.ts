import { BILL_PAY_MESSAGES, scheduledBillPaymentReply } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import { refinePayment } from './schedule-payment';

/** Edit Payment: everything a scheduled payment may change (not the payee). */
export function editPaymentSchema(today: string) {
  return z
    .object({
      from_account_id: z.string().min(1, BILL_PAY_MESSAGES.fromAccount),
      amount: z.string().trim(),
      scheduled_date: z.string(),
      is_recurring: z.boolean(),
      recurring_frequency: z.string(),
      recurring_end_date: z.string(),
    })
    .superRefine((v, ctx) => refinePayment(v, ctx, today));
}

export type EditPaymentForm = z.infer<ReturnType<typeof editPaymentSchema>>;

export function editPaymentPayload(v: EditPaymentForm) {
  return {
    from_account_id: v.from_account_id,
    amount: Number(v.amount),
    scheduled_date: v.scheduled_date,
    is_recurring: v.is_recurring,
    recurring_frequency: v.is_recurring ? v.recurring_frequency : undefined,
    recurring_end_date: v.is_recurring && v.recurring_end_date ? v.recurring_end_date : undefined,
  };
}

const path = (paymentId: string) => `/bill-payments/scheduled/${encodeURIComponent(paymentId)}`;

/** The answer, checked against the schema the server declares. */
async function answered(request: Promise<{ message: string; data: unknown }>) {
  const { message, data } = await request;
  return { message, payment: scheduledBillPaymentReply.shape.data.parse(data).payment };
}

/**
 * PUT and DELETE /bill-payments/scheduled/{id}. The toast is told by the mutation itself: the
 * refreshed list may drop the row (and its dialog) before mutate()'s own callbacks would run.
 * Payees (their next payment), upcoming payments and the history all change.
 */
export function useChangeScheduledPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `confirmDuplicate`: the customer, told the change repeats another payment, made it anyway. */
    mutationFn: (input: {
      paymentId: string;
      values: EditPaymentForm;
      confirmDuplicate?: boolean;
    }) =>
      answered(
        api.put<unknown>(path(input.paymentId), {
          ...editPaymentPayload(input.values),
          ...(input.confirmDuplicate ? { confirm_duplicate: true } : {}),
        }),
      ),
    onSuccess: ({ message }) => toast.success(message || 'Scheduled payment updated'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bill-pay'] }),
  });
}

export function useCancelScheduledPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => answered(api.delete<unknown>(path(paymentId))),
    onSuccess: ({ message }) => toast.success(message || 'Scheduled payment cancelled'),
    onError: (e) => toast.error(errorMessage(e, 'The payment could not be cancelled.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bill-pay'] }),
  });
}
