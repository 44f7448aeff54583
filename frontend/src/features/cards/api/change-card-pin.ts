import { CARD_MESSAGES, isGuessablePin, PIN_PATTERN, successWithoutData } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { cardsQueryOptions } from './get-cards';

// The form limits PIN inputs to 4 characters; the server also wants 4 digits and a matching
// confirmation, so the form checks the same before sending. A current PIN (none is asked before
// a card's first PIN) is held to the same rule: a mistyped one is said at once, rather than sent
// and counted as a wrong PIN.
export const changePinSchema = z
  .object({
    current_pin: z
      .string()
      .refine((pin) => pin === '' || PIN_PATTERN.test(pin), CARD_MESSAGES.pinFormat),
    new_pin: z
      .string()
      .min(1, CARD_MESSAGES.newPinRequired)
      .regex(PIN_PATTERN, CARD_MESSAGES.pinFormat)
      .refine((pin) => !isGuessablePin(pin), CARD_MESSAGES.pinGuessable),
    confirm_pin: z.string().min(1, CARD_MESSAGES.confirmRequired),
  })
  .refine((v) => v.new_pin === v.confirm_pin, {
    path: ['confirm_pin'],
    message: CARD_MESSAGES.pinsDoNotMatch,
  });

export type ChangePinForm = z.infer<typeof changePinSchema>;

export async function changeCardPin(input: { id: string; values: ChangePinForm }) {
  const { message, data } = await api.put<unknown>(`/cards/${encodeURIComponent(input.id)}/pin`, {
    current_pin: input.values.current_pin || undefined,
    new_pin: input.values.new_pin,
    confirm_pin: input.values.confirm_pin,
  });
  return { message, data: successWithoutData.shape.data.parse(data) };
}

export function useChangeCardPin() {
  const queryClient = useQueryClient();
  // Read again: a card's first PIN makes the next change ask for the current one.
  return useMutation({
    mutationFn: changeCardPin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryOptions().queryKey }),
  });
}
