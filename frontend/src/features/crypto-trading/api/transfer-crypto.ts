import { CRYPTO_MESSAGES, cryptoDepositSubmitted, cryptoWithdrawn } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { coinsToUnits, MIN_TRANSFER } from '../lib/estimates';
import { cryptoTransactionsQueryOptions } from './get-crypto-transactions';
import { portfolioQueryOptions } from './get-portfolio';

const coinAmount = (minMessage: string) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const units = coinsToUnits(v);
      if (units === undefined)
        ctx.addIssue({ code: 'custom', message: CRYPTO_MESSAGES.cryptoAmount });
      else if (units < MIN_TRANSFER * 1e8) ctx.addIssue({ code: 'custom', message: minMessage });
    });

const address = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(128, CRYPTO_MESSAGES.addressFormat)
    .regex(/^[A-Za-z0-9:]+$/, CRYPTO_MESSAGES.addressFormat);

export const depositSchema = z.object({
  symbol: z.string().min(1, CRYPTO_MESSAGES.symbol),
  amount: coinAmount(CRYPTO_MESSAGES.minDeposit),
  tx_hash: z
    .string()
    .trim()
    .min(1, CRYPTO_MESSAGES.txHash)
    .max(128, CRYPTO_MESSAGES.txHashFormat)
    .regex(/^(0x)?[A-Za-z0-9]+$/, CRYPTO_MESSAGES.txHashFormat),
  from_address: address(CRYPTO_MESSAGES.fromAddress),
});

export type DepositForm = z.infer<typeof depositSchema>;

export const withdrawSchema = z.object({
  symbol: z.string().min(1, CRYPTO_MESSAGES.symbol),
  amount: coinAmount(CRYPTO_MESSAGES.minWithdraw),
  to_address: address(CRYPTO_MESSAGES.toAddress),
  network: z
    .string()
    .trim()
    .max(20, CRYPTO_MESSAGES.network)
    .refine((v) => v === '' || /^[A-Za-z0-9_-]+$/.test(v), CRYPTO_MESSAGES.network),
});

export type WithdrawForm = z.infer<typeof withdrawSchema>;

function useWalletMutation<I>(fn: (input: I) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: portfolioQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: cryptoTransactionsQueryOptions().queryKey });
    },
  });
}

export async function submitDeposit(input: { values: DepositForm; idempotencyKey: string }) {
  const { message, data } = await api.post<unknown>(
    '/crypto/deposit',
    {
      symbol: input.values.symbol,
      amount: input.values.amount,
      tx_hash: input.values.tx_hash.trim(),
      from_address: input.values.from_address.trim(),
    },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return { message, transaction: cryptoDepositSubmitted.shape.data.parse(data).transaction };
}

export const useSubmitDeposit = () => useWalletMutation(submitDeposit);

/** The network is optional and defaults to the symbol. */
export async function submitWithdrawal(input: { values: WithdrawForm; idempotencyKey: string }) {
  const { message, data } = await api.post<unknown>(
    '/crypto/withdraw',
    {
      symbol: input.values.symbol,
      amount: input.values.amount,
      to_address: input.values.to_address.trim(),
      network: input.values.network.trim() || input.values.symbol,
    },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return { message, transaction: cryptoWithdrawn.shape.data.parse(data).transaction };
}

export const useSubmitWithdrawal = () => useWalletMutation(submitWithdrawal);
