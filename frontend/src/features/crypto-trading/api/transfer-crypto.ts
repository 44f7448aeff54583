import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { coinsToUnits, MIN_TRANSFER } from '../lib/estimates';
import { cryptoTransactionsQueryOptions } from './get-crypto-transactions';
import { portfolioQueryOptions } from './get-portfolio';

export const WALLET_MESSAGES = {
  symbol: 'Please select a supported cryptocurrency.',
  amount: 'Please enter a positive amount with at most 8 decimals.',
  minDeposit: 'The minimum deposit is 0.001.',
  minWithdraw: 'The minimum withdrawal is 0.001.',
  txHash: 'Please enter the transaction hash.',
  txHashFormat: 'The transaction hash may contain only letters and digits.',
  fromAddress: 'Please enter the address you sent from.',
  toAddress: 'Please enter the destination address.',
  addressFormat: 'The address may contain only letters, digits and colons.',
  network: 'The network may contain only letters, digits, dashes and underscores.',
} as const;

const coinAmount = (minMessage: string) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const units = coinsToUnits(v);
      if (units === undefined) ctx.addIssue({ code: 'custom', message: WALLET_MESSAGES.amount });
      else if (units < MIN_TRANSFER * 1e8) ctx.addIssue({ code: 'custom', message: minMessage });
    });

const address = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(128)
    .regex(/^[A-Za-z0-9:]+$/, WALLET_MESSAGES.addressFormat);

export const depositSchema = z.object({
  symbol: z.string().min(1, WALLET_MESSAGES.symbol),
  amount: coinAmount(WALLET_MESSAGES.minDeposit),
  tx_hash: z
    .string()
    .trim()
    .min(1, WALLET_MESSAGES.txHash)
    .max(128)
    .regex(/^(0x)?[A-Za-z0-9]+$/, WALLET_MESSAGES.txHashFormat),
  from_address: address(WALLET_MESSAGES.fromAddress),
});

export type DepositForm = z.infer<typeof depositSchema>;

export const withdrawSchema = z.object({
  symbol: z.string().min(1, WALLET_MESSAGES.symbol),
  amount: coinAmount(WALLET_MESSAGES.minWithdraw),
  to_address: address(WALLET_MESSAGES.toAddress),
  network: z
    .string()
    .trim()
    .max(20, WALLET_MESSAGES.network)
    .refine((v) => v === '' || /^[A-Za-z0-9_-]+$/.test(v), WALLET_MESSAGES.network),
});

export type WithdrawForm = z.infer<typeof withdrawSchema>;

function useWalletMutation<I>(fn: (input: I) => Promise<{ message: string; data: unknown }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: portfolioQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: cryptoTransactionsQueryOptions().queryKey });
    },
  });
}

export const submitDeposit = (input: { values: DepositForm; idempotencyKey: string }) =>
  api.post<unknown>(
    '/crypto/deposit',
    {
      symbol: input.values.symbol,
      amount: input.values.amount,
      tx_hash: input.values.tx_hash.trim(),
      from_address: input.values.from_address.trim(),
    },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );

export const useSubmitDeposit = () => useWalletMutation(submitDeposit);

/** The network is optional and defaults to the symbol. */
export const submitWithdrawal = (input: { values: WithdrawForm; idempotencyKey: string }) =>
  api.post<unknown>(
    '/crypto/withdraw',
    {
      symbol: input.values.symbol,
      amount: input.values.amount,
      to_address: input.values.to_address.trim(),
      network: input.values.network.trim() || input.values.symbol,
    },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );

export const useSubmitWithdrawal = () => useWalletMutation(submitWithdrawal);
