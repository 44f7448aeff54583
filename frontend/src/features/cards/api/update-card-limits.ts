import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { cardsQueryOptions, type Card } from './get-cards';

export const LIMIT_MESSAGES = {
  atm: 'The daily ATM limit must be an amount in dollars.',
  purchase: 'The daily purchase limit must be an amount in dollars.',
  atmPositive: 'The daily ATM limit must be more than $0.00.',
  purchasePositive: 'The daily purchase limit must be more than $0.00.',
  atmMax: 'The daily ATM limit can be at most $5,000.00.',
  purchaseMax: 'The daily purchase limit can be at most $25,000.00.',
} as const;

const amount = (invalid: string, positive: string, max: number, maxMessage: string) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') return; // empty keeps the current limit
      if (!/^\d+(\.\d{1,2})?$/.test(v)) ctx.addIssue({ code: 'custom', message: invalid });
      else if (Number(v) <= 0) ctx.addIssue({ code: 'custom', message: positive });
      else if (Number(v) > max) ctx.addIssue({ code: 'custom', message: maxMessage });
    });

export const cardLimitsSchema = z.object({
  daily_atm_limit: amount(
    LIMIT_MESSAGES.atm,
    LIMIT_MESSAGES.atmPositive,
    5000,
    LIMIT_MESSAGES.atmMax,
  ),
  daily_purchase_limit: amount(
    LIMIT_MESSAGES.purchase,
    LIMIT_MESSAGES.purchasePositive,
    25000,
    LIMIT_MESSAGES.purchaseMax,
  ),
});

export type CardLimitsForm = z.infer<typeof cardLimitsSchema>;

/** Empty inputs fall back to the card's current value. */
export function limitsPayload(v: CardLimitsForm, card: Pick<Card, 'limits'>) {
  return {
    daily_atm_limit:
      v.daily_atm_limit === '' ? (card.limits?.daily_atm_limit ?? null) : Number(v.daily_atm_limit),
    daily_purchase_limit:
      v.daily_purchase_limit === ''
        ? (card.limits?.daily_purchase_limit ?? null)
        : Number(v.daily_purchase_limit),
  };
}

export const updateCardLimits = (input: { id: string; limits: ReturnType<typeof limitsPayload> }) =>
  api.put<{ card: Card }>(`/cards/${encodeURIComponent(input.id)}/limits`, input.limits);

export function useUpdateCardLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCardLimits,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQueryOptions().queryKey }),
  });
}
