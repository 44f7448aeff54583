import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { coinsToUnits } from '../lib/estimates';

export const TRADE_MESSAGES = {
  symbol: 'Please select a supported cryptocurrency.',
  account: 'Please select an account.',
  minBuy: 'The minimum purchase is $1.00.',
  amountUsd: 'Please enter an amount of at least $1.00 with at most 2 decimals.',
  minSell: 'The minimum sale amount is 0.00000001.',
  cryptoAmount: 'Please enter a positive amount with at most 8 decimals.',
} as const;

export const tradeSchema = z
  .object({
    side: z.enum(['buy', 'sell']),
    symbol: z.string().min(1, TRADE_MESSAGES.symbol),
    bank_account_id: z.string().min(1, TRADE_MESSAGES.account),
    amount: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['amount'], message });
    if (v.side === 'buy') {
      if (!/^\d+(\.\d{1,2})?$/.test(v.amount)) issue(TRADE_MESSAGES.amountUsd);
      else if (Number(v.amount) < 1) issue(TRADE_MESSAGES.minBuy);
    } else {
      const units = coinsToUnits(v.amount);
      if (units === undefined) issue(TRADE_MESSAGES.cryptoAmount);
      else if (units < 1) issue(TRADE_MESSAGES.minSell);
    }
  });

export type TradeForm = z.infer<typeof tradeSchema>;

export type TradeInput = { values: TradeForm; idempotencyKey: string };

export function trade({ values, idempotencyKey }: TradeInput) {
  const headers = { 'Idempotency-Key': idempotencyKey };
  return values.side === 'buy'
    ? api.post<unknown>(
        '/crypto/buy',
        {
          symbol: values.symbol,
          amount_usd: Number(values.amount),
          bank_account_id: values.bank_account_id,
        },
        { headers },
      )
    : api.post<unknown>(
        '/crypto/sell',
        {
          symbol: values.symbol,
          crypto_amount: values.amount,
          bank_account_id: values.bank_account_id,
        },
        { headers },
      );
}

/** Buy or sell: money and coins moved, so everything is refetched. */
export function useTrade() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: trade, onSuccess: () => queryClient.invalidateQueries() });
}
