import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const RECURRING_FREQUENCIES = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
} as const;

export const PAYMENT_MESSAGES = {
  payee: 'Please select a payee.',
  fromAccount: 'Please select an account to pay from.',
  amountRequired: 'Please enter an amount.',
  amountFormat: 'The amount must be a positive number with at most 2 decimals.',
  minimum: 'The minimum payment is $0.01.',
  date: 'Please enter a valid date (YYYY-MM-DD).',
  datePast: 'The payment date cannot be earlier than today.',
  frequency: 'Please select how often the payment repeats.',
  endDate: 'The end date must be after the payment date.',
} as const;

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
  if (!v.amount) issue('amount', PAYMENT_MESSAGES.amountRequired);
  else if (!/^\d+(\.\d{1,2})?$/.test(v.amount)) issue('amount', PAYMENT_MESSAGES.amountFormat);
  else if (Number(v.amount) < 0.01) issue('amount', PAYMENT_MESSAGES.minimum);
  if (!isDate(v.scheduled_date)) issue('scheduled_date', PAYMENT_MESSAGES.date);
  else if (v.scheduled_date < today) issue('scheduled_date', PAYMENT_MESSAGES.datePast);
  if (v.is_recurring) {
    if (!v.recurring_frequency) issue('recurring_frequency', PAYMENT_MESSAGES.frequency);
    if (v.recurring_end_date) {
      if (!isDate(v.recurring_end_date)) issue('recurring_end_date', PAYMENT_MESSAGES.date);
      else if (v.recurring_end_date <= v.scheduled_date)
        issue('recurring_end_date', PAYMENT_MESSAGES.endDate);
    }
  }
}

/** The Schedule Payment form, with the recurring fields the original form left hidden. */
export function paymentSchema(today: string) {
  return z
    .object({
      payee_id: z.string().min(1, PAYMENT_MESSAGES.payee),
      from_account_id: z.string().min(1, PAYMENT_MESSAGES.fromAccount),
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

export const schedulePayment = (input: { values: PaymentForm; idempotencyKey: string }) =>
  api.post<{ payment: unknown }>('/bill-payments/schedule', paymentPayload(input.values), {
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });

/** A payment today moves money at once: everything may have changed. */
export function useSchedulePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: schedulePayment,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
