import { BILL_PAY_MESSAGES, billPaymentScheduled } from '@bank/contracts';
import { lastSchedulableDate } from '@bank/contracts/bank-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`));

/** The rules of a payment's amount and dates: the same for scheduling and for editing. */
export function refinePayment(
  v: {
    amount: string;
    scheduled_date: string;
    is_recurring: boolean;
    recurring_frequency: string;
    recurring_end_date: string;
  },
  ctx: z.RefinementCtx,
  today: string,
) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (!v.amount) issue('amount', BILL_PAY_MESSAGES.amountRequired);
  else if (!/^\d+(\.\d{1,2})?$/.test(v.amount)) issue('amount', BILL_PAY_MESSAGES.amountFormat);
  else if (Number(v.amount) < 0.01) issue('amount', BILL_PAY_MESSAGES.minimum);
  if (!isDate(v.scheduled_date)) issue('scheduled_date', BILL_PAY_MESSAGES.date);
  else if (v.scheduled_date < today) issue('scheduled_date', BILL_PAY_MESSAGES.datePast);
  else if (v.scheduled_date > lastSchedulableDate(today))
    issue('scheduled_date', BILL_PAY_MESSAGES.dateTooFar);
  if (v.is_recurring) {
    if (!v.recurring_frequency) issue('recurring_frequency', BILL_PAY_MESSAGES.frequency);
    if (v.recurring_end_date) {
      if (!isDate(v.recurring_end_date)) issue('recurring_end_date', BILL_PAY_MESSAGES.date);
      else if (v.recurring_end_date < v.scheduled_date)
        issue('recurring_end_date', BILL_PAY_MESSAGES.endBeforeStart);
    }
  }
}

/** The Schedule Payment form, with the recurring fields the original form left hidden. */
export function paymentSchema(today: string) {
  return z
    .object({
      payee_id: z.string().min(1, BILL_PAY_MESSAGES.payee),
      from_account_id: z.string().min(1, BILL_PAY_MESSAGES.fromAccount),
      amount: z.string().trim(),
      scheduled_date: z.string(),
      memo: z.string().max(255, 'The memo may not be greater than 255 characters.'),
      is_recurring: z.boolean(),
      recurring_frequency: z.string(),
      recurring_end_date: z.string(),
    })
    .superRefine((v, ctx) => refinePayment(v, ctx, today));
}

export type PaymentForm = z.infer<ReturnType<typeof paymentSchema>>;

export function paymentPayload(v: PaymentForm) {
  return {
    payee_id: v.payee_id,
    from_account_id: v.from_account_id,
    amount: Number(v.amount),
    scheduled_date: v.scheduled_date,
    memo: v.memo.trim() || undefined,
    is_recurring: v.is_recurring,
    recurring_frequency: v.is_recurring ? v.recurring_frequency : undefined,
    recurring_end_date: v.is_recurring && v.recurring_end_date ? v.recurring_end_date : undefined,
  };
}

/**
 * `confirmDuplicate`: the customer, told the payment matches one already scheduled (a 409
 * DUPLICATE_TRANSACTION naming it), chose to make it all the same.
 */
export async function schedulePayment(input: {
  values: PaymentForm;
  idempotencyKey: string;
  confirmDuplicate?: boolean;
}) {
  const { message, data } = await api.post<unknown>(
    '/bill-payments/schedule',
    {
      ...paymentPayload(input.values),
      ...(input.confirmDuplicate ? { confirm_duplicate: true } : {}),
    },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return { message, payment: billPaymentScheduled.shape.data.parse(data).payment };
}

/** A payment today moves money at once: everything may have changed. */
export function useSchedulePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: schedulePayment,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
