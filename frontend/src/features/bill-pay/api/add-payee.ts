import {
  BILL_PAY_MESSAGES,
  CUSTOMER_FIELD_MESSAGES,
  isPhoneNumber,
  payeeAdded,
} from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import {
  autopayFields,
  autopayPayload,
  optionalDollars,
  requireAutopayFields,
} from './change-autopay';
import { payeesQueryOptions } from './get-payees';

export const payeeSchema = z
  .object({
    name: z.string().trim().min(1, BILL_PAY_MESSAGES.name).max(100, BILL_PAY_MESSAGES.nameTooLong),
    display_name: z.string().trim().max(100, BILL_PAY_MESSAGES.nicknameTooLong),
    category: z.string().min(1, BILL_PAY_MESSAGES.category),
    account_number: z
      .string()
      .trim()
      .min(1, BILL_PAY_MESSAGES.accountNumber)
      .refine((v) => {
        const digits = v.replace(/[\s-]/g, '');
        return /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(v) && digits.length >= 4 && digits.length <= 34;
      }, BILL_PAY_MESSAGES.accountNumberFormat),
    address: z.string().max(255, 'The address field must not be greater than 255 characters.'),
    city: z.string().max(100, 'The city field must not be greater than 100 characters.'),
    state: z.string().max(50, 'The state field must not be greater than 50 characters.'),
    zip_code: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), BILL_PAY_MESSAGES.zip),
    phone: z
      .string()
      .trim()
      .max(20, 'The phone field must not be greater than 20 characters.')
      .refine((v) => v === '' || isPhoneNumber(v), CUSTOMER_FIELD_MESSAGES.phone),
    default_amount: optionalDollars(BILL_PAY_MESSAGES.defaultAmount),
    ...autopayFields,
  })
  .superRefine((v, ctx) => requireAutopayFields(v, v.default_amount !== '', ctx));

export type PayeeForm = z.infer<typeof payeeSchema>;

export const emptyPayeeForm: PayeeForm = {
  name: '',
  display_name: '',
  category: '',
  account_number: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  phone: '',
  default_amount: '',
  autopay_enabled: false,
  autopay_account_id: '',
  autopay_day: '',
  autopay_amount: '',
};

const blank = (v: string) => (v.trim() === '' ? undefined : v.trim());

export function payeePayload(v: PayeeForm) {
  return {
    name: v.name.trim(),
    display_name: blank(v.display_name),
    category: v.category,
    account_number: v.account_number.trim(),
    address: blank(v.address),
    city: blank(v.city),
    state: blank(v.state),
    zip_code: blank(v.zip_code),
    phone: blank(v.phone),
    default_amount: v.default_amount ? Number(v.default_amount) : undefined,
    ...autopayPayload(v),
  };
}

/** Adds a payee; the same key sent again (a retry after a lost answer) adds nothing more. */
export async function addPayee(input: { values: PayeeForm; idempotencyKey: string }) {
  const { data } = await api.post<unknown>('/bill-payments/payees', payeePayload(input.values), {
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  return payeeAdded.shape.data.parse(data).payee;
}

export function useAddPayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPayee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payeesQueryOptions().queryKey }),
  });
}
