import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

// The form limits PIN inputs to 4 characters; the server also wants 4 digits and a matching
// confirmation, so the form checks the same before sending.
export const PIN_MESSAGES = {
  current: 'The current PIN is incorrect.',
  newRequired: 'Please enter a new PIN.',
  format: 'The PIN must be exactly 4 digits.',
  confirmRequired: 'Please confirm the new PIN.',
  mismatch: 'New PINs do not match',
} as const;

export const PIN_LENGTH = 4;

export const changePinSchema = z
  .object({
    current_pin: z.string().max(PIN_LENGTH, PIN_MESSAGES.current),
    new_pin: z
      .string()
      .min(1, PIN_MESSAGES.newRequired)
      .regex(/^\d{4}$/, PIN_MESSAGES.format),
    confirm_pin: z.string().min(1, PIN_MESSAGES.confirmRequired),
  })
  .refine((v) => v.new_pin === v.confirm_pin, {
    path: ['confirm_pin'],
    message: PIN_MESSAGES.mismatch,
  });

export type ChangePinForm = z.infer<typeof changePinSchema>;

export const changeCardPin = (input: { id: string; values: ChangePinForm }) =>
  api.put<null>(`/cards/${encodeURIComponent(input.id)}/pin`, {
    current_pin: input.values.current_pin || undefined,
    new_pin: input.values.new_pin,
    confirm_pin: input.values.confirm_pin,
  });

export function useChangeCardPin() {
  return useMutation({ mutationFn: changeCardPin });
}
