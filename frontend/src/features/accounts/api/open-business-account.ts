import {
  BUSINESS_MESSAGES,
  BUSINESS_TYPES,
  checkBusinessName,
  checkEin,
} from '@bank/contracts/business-account-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { accountsQueryOptions } from '@/lib/accounts-query';
import { api } from '@/lib/api-client';

/** The form, checked by the same rules the server applies (shared from @bank/contracts). */
export const businessAccountSchema = z.object({
  business_name: z.string().superRefine((value, ctx) => {
    const checked = checkBusinessName(value);
    if ('error' in checked) ctx.addIssue({ code: 'custom', message: checked.error });
  }),
  ein: z.string().superRefine((value, ctx) => {
    const checked = checkEin(value);
    if ('error' in checked) ctx.addIssue({ code: 'custom', message: checked.error });
  }),
  business_type: z.string().refine((v) => (BUSINESS_TYPES as readonly string[]).includes(v), {
    message: BUSINESS_MESSAGES.typeRequired,
  }),
  authorized: z.boolean().refine((v) => v, { message: BUSINESS_MESSAGES.authorized }),
});

export type BusinessAccountForm = z.infer<typeof businessAccountSchema>;

export const emptyBusinessAccountForm: BusinessAccountForm = {
  business_name: '',
  ein: '',
  business_type: '',
  authorized: false,
};

/** Digits as typed, shown as the IRS writes an EIN: 12-3456789. */
export function formatEin(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 9);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

const openedAccount = z.object({
  account: z.object({ id: z.string(), name: z.string(), type: z.string() }),
});

/** Opens the account; the same key sent again (a retry, a double click) opens nothing more. */
export async function openBusinessAccount(input: {
  values: BusinessAccountForm;
  idempotencyKey: string;
}) {
  const { values } = input;
  const { data } = await api.post<unknown>(
    '/accounts/business',
    {
      business_name: values.business_name.trim(),
      ein: values.ein.trim(),
      business_type: values.business_type,
    },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return openedAccount.parse(data).account;
}

export function useOpenBusinessAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openBusinessAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryOptions().queryKey }),
  });
}
