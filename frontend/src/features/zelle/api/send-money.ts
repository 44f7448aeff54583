import { ZELLE_MEMO_MAX, ZELLE_MESSAGES, zelleRequested, zelleSent } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { centsOf } from '@/lib/cents';
import { formatMoney } from '@/lib/format';
import type { ZelleLimits } from './get-zelle-limits';

// Send and request share one form and one payload.

export const ZELLE_MAX = 5000;

export const zelleFormSchema = z
  .object({
    bank_account_id: z.string().min(1, ZELLE_MESSAGES.account),
    recipient_name: z
      .string()
      .trim()
      .min(1, ZELLE_MESSAGES.recipientName)
      .max(255, 'The recipient name field must not be greater than 255 characters.'),
    contact_type: z.enum(['email', 'phone']),
    contact: z.string().trim(),
    amount: z.string().trim(),
    memo: z.string().max(ZELLE_MEMO_MAX, ZELLE_MESSAGES.memo),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.contact) issue('contact', ZELLE_MESSAGES.contact);
    else if (v.contact_type === 'email' && !z.email().safeParse(v.contact).success)
      issue('contact', ZELLE_MESSAGES.email);
    else if (
      v.contact_type === 'phone' &&
      v.contact.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '').length !== 10
    )
      issue('contact', ZELLE_MESSAGES.phone);
    const n = Number(v.amount);
    if (!v.amount || !Number.isFinite(n) || n < 0.01) issue('amount', ZELLE_MESSAGES.amountMin);
    else if (n > ZELLE_MAX) issue('amount', ZELLE_MESSAGES.amountMax);
    else if (!/^\d+(\.\d{1,2})?$/.test(v.amount)) issue('amount', ZELLE_MESSAGES.amountDecimals);
  });

export type ZelleForm = z.infer<typeof zelleFormSchema>;

export const emptyZelleForm = (accountId = ''): ZelleForm => ({
  bank_account_id: accountId,
  recipient_name: '',
  contact_type: 'email',
  contact: '',
  amount: '',
  memo: '',
});

/**
 * What stops a valid send before the customer confirms it: more than is left of today's or
 * this month's sending limit (the server refuses it with DAILY_LIMIT_EXCEEDED, whose words
 * would say the limit was already passed). Null when it fits, or the limits are not known.
 */
export function sendLimitProblem(amount: string, limits: ZelleLimits | undefined): string | null {
  if (!limits || !/^\d+(\.\d{1,2})?$/.test(amount)) return null;
  const cents = centsOf(amount);
  for (const [period, use] of [
    ['today', limits.daily],
    ['this month', limits.monthly],
  ] as const) {
    if (cents > centsOf(use.remaining)) {
      return `This is more than the ${formatMoney(use.remaining)} you can still send ${period} (limit ${formatMoney(use.limit)}).`;
    }
  }
  return null;
}

/** Server field → form field. */
export const ZELLE_SERVER_FIELDS: Record<string, keyof ZelleForm> = {
  bank_account_id: 'bank_account_id',
  recipient_name: 'recipient_name',
  recipient_email: 'contact',
  recipient_phone: 'contact',
  amount: 'amount',
  memo: 'memo',
};

export function zellePayload(v: ZelleForm) {
  return {
    bank_account_id: v.bank_account_id,
    amount: Number(v.amount),
    recipient_name: v.recipient_name.trim(),
    memo: v.memo.trim(),
    ...(v.contact_type === 'email'
      ? { recipient_email: v.contact.trim() }
      : { recipient_phone: v.contact.trim() }),
  };
}

export type ZelleCall = { payload: ReturnType<typeof zellePayload>; idempotencyKey: string };

/** POST /zelle/send: the message, and the payment as sent (with its reference number). */
export async function sendMoney({ payload, idempotencyKey }: ZelleCall) {
  const { message, data } = await api.post<unknown>('/zelle/send', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { message, item: zelleSent.shape.data.parse(data).transaction };
}

/** Money left the account: every balance and list may have changed. */
export function useSendMoney() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendMoney, onSuccess: () => queryClient.invalidateQueries() });
}

/** POST /zelle/request: the message, and the request as made (with its reference number). */
export async function requestMoney({ payload, idempotencyKey }: ZelleCall) {
  const { message, data } = await api.post<unknown>('/zelle/request', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { message, item: zelleRequested.shape.data.parse(data).request };
}

/** A request adds a line to the activity and the person asked to the recent recipients. */
export function useRequestMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestMoney,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['zelle'] }),
  });
}
