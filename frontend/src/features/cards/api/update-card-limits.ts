import { CARD_LIMIT_MAX_CENTS, CARD_LIMIT_MESSAGES } from '@bank/contracts';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { cardAnswer, useCardMutation } from './card-actions';
import type { Card } from './get-cards';

/** One daily limit as typed: empty keeps the current limit. */
const amount = (field: keyof typeof CARD_LIMIT_MESSAGES) => {
  const messages = CARD_LIMIT_MESSAGES[field];
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') return;
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
      // A negative amount is an amount, just not one a limit can be.
      if (/^-\d+(\.\d+)?$/.test(v)) issue(messages.positive);
      else if (!/^\d+(\.\d+)?$/.test(v)) issue(messages.format);
      else if (!/^\d+(\.\d{1,2})?$/.test(v)) issue(messages.decimals);
      else if (Number(v) <= 0) issue(messages.positive);
      else if (Number(v) > CARD_LIMIT_MAX_CENTS[field] / 100)
        ctx.addIssue({ code: 'custom', message: messages.tooHigh });
    });
};

export const cardLimitsSchema = z.object({
  daily_atm_limit: amount('daily_atm_limit'),
  daily_purchase_limit: amount('daily_purchase_limit'),
});

export type CardLimitsForm = z.infer<typeof cardLimitsSchema>;

/** Empty inputs fall back to the card's current value. */
export function limitsPayload(v: CardLimitsForm, card: Pick<Card, 'limits'>) {
  return {
    daily_atm_limit:
      v.daily_atm_limit === '' ? card.limits.daily_atm_limit : Number(v.daily_atm_limit),
    daily_purchase_limit:
      v.daily_purchase_limit === ''
        ? card.limits.daily_purchase_limit
        : Number(v.daily_purchase_limit),
  };
}

export const updateCardLimits = (input: { id: string; limits: ReturnType<typeof limitsPayload> }) =>
  cardAnswer(api.put<unknown>(`/cards/${encodeURIComponent(input.id)}/limits`, input.limits));

export const useUpdateCardLimits = () => useCardMutation(updateCardLimits);
