import { BILL_PAY_MESSAGES, payeeAutopayChanged } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { accountById, type Account } from '@/lib/accounts';
import { api } from '@/lib/api-client';
import { defaultPayingAccount } from '../lib/paying-account';

const money = /^\d+(\.\d{1,2})?$/;

/** A dollar amount as typed: blank, or positive with at most 2 decimals. */
export const optionalDollars = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (money.test(v) && Number(v) > 0), message);

/** The AutoPay fields of a payee, as the Add payee form and the AutoPay form both ask for them. */
export const autopayFields = {
  autopay_enabled: z.boolean(),
  autopay_day: z.string().trim(),
  autopay_amount: optionalDollars(BILL_PAY_MESSAGES.autopayAmount),
  autopay_account_id: z.string(),
};

export type AutopayForm = {
  autopay_enabled: boolean;
  autopay_day: string;
  autopay_amount: string;
  /** The account AutoPay pays from, as its id ('' for none chosen). */
  autopay_account_id: string;
};

/**
 * AutoPay, when on, needs a day from 1 to 31 (an empty one is asked for, not called out of range), an amount (its own, or the payee's default:
 * `hasDefault`) and an account to pay from.
 */
export function requireAutopayFields(v: AutopayForm, hasDefault: boolean, ctx: z.RefinementCtx) {
  if (!v.autopay_enabled) return;
  const day = Number(v.autopay_day);
  if (!v.autopay_day)
    ctx.addIssue({
      code: 'custom',
      path: ['autopay_day'],
      message: BILL_PAY_MESSAGES.autopayDayRequired,
    });
  else if (!Number.isInteger(day) || day < 1 || day > 31)
    ctx.addIssue({ code: 'custom', path: ['autopay_day'], message: BILL_PAY_MESSAGES.autopayDay });
  if (!v.autopay_amount && !hasDefault)
    ctx.addIssue({
      code: 'custom',
      path: ['autopay_amount'],
      message: BILL_PAY_MESSAGES.autopayAmountRequired,
    });
  if (!v.autopay_account_id)
    ctx.addIssue({
      code: 'custom',
      path: ['autopay_account_id'],
      message: BILL_PAY_MESSAGES.fromAccount,
    });
}

/** The AutoPay part of a payee payload: day, amount and account only when it is on. */
export function autopayPayload(v: AutopayForm) {
  return {
    autopay_enabled: v.autopay_enabled,
    ...(v.autopay_enabled
      ? {
          autopay_day: Number(v.autopay_day),
          autopay_amount: v.autopay_amount ? Number(v.autopay_amount) : undefined,
          autopay_account_id: v.autopay_account_id,
        }
      : {}),
  };
}

/** The AutoPay form of a payee whose default amount (if any) AutoPay may pay. */
export const autopaySchema = (hasDefault: boolean) =>
  z.object(autopayFields).superRefine((v, ctx) => requireAutopayFields(v, hasDefault, ctx));

/**
 * The AutoPay form as a payee has it now: its account is the one AutoPay pays from, or (AutoPay
 * off, or that account no longer among the customer's `accounts`) the default paying account.
 */
export function autopayFormOf(
  p: {
    autopay_enabled: boolean;
    autopay_day: number | null;
    autopay_amount: number | null;
    autopay_account_id: string | null;
  },
  accounts: Pick<Account, 'id' | 'type'>[],
): AutopayForm {
  const current = accountById(accounts, p.autopay_account_id);
  return {
    autopay_enabled: p.autopay_enabled,
    autopay_day: p.autopay_day === null ? '' : String(p.autopay_day),
    autopay_amount: p.autopay_amount === null ? '' : p.autopay_amount.toFixed(2),
    autopay_account_id: current ? String(current.id) : defaultPayingAccount(accounts),
  };
}

/**
 * Turns a payee's AutoPay on or off, or changes it; the same key sent again (a retry after a lost
 * answer) changes nothing more. Answers with the server's message and the AutoPay as it is now.
 */
export async function changeAutopay(input: {
  payeeId: string;
  values: AutopayForm;
  idempotencyKey: string;
}) {
  const { message, data } = await api.put<unknown>(
    `/bill-payments/payees/${encodeURIComponent(input.payeeId)}/autopay`,
    autopayPayload(input.values),
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return { message, autopay: payeeAutopayChanged.shape.data.parse(data).autopay };
}

export function useChangeAutopay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAutopay,
    // The payee's card and tile, its next payment and the upcoming payments all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bill-pay'] }),
  });
}
