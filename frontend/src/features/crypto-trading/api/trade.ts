import { CRYPTO_MESSAGES, cryptoTraded } from '@bank/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { coinsToUnits } from '../lib/estimates';

export const tradeSchema = z
  .object({
    side: z.enum(['buy', 'sell']),
    symbol: z.string().min(1, CRYPTO_MESSAGES.symbol),
    bank_account_id: z.string().min(1, CRYPTO_MESSAGES.account),
    amount: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['amount'], message });
    if (v.side === 'buy') {
      if (!/^\d+(\.\d{1,2})?$/.test(v.amount)) issue(CRYPTO_MESSAGES.amountUsd);
      else if (Number(v.amount) < 1) issue(CRYPTO_MESSAGES.minBuy);
    } else {
      const units = coinsToUnits(v.amount);
      if (units === undefined) issue(CRYPTO_MESSAGES.cryptoAmount);
      else if (units < 1) issue(CRYPTO_MESSAGES.minSell);
    }
  });

export type TradeForm = z.infer<typeof tradeSchema>;

export type TradeInput = { values: TradeForm; idempotencyKey: string };

export async function trade({ values, idempotencyKey }: TradeInput) {
  const headers = { 'Idempotency-Key': idempotencyKey };
  const { message, data } =
    values.side === 'buy'
      ? await api.post<unknown>(
          '/crypto/buy',
          {
            symbol: values.symbol,
            amount_usd: Number(values.amount),
            bank_account_id: values.bank_account_id,
          },
          { headers },
        )
      : await api.post<unknown>(
          '/crypto/sell',
          {
            symbol: values.symbol,
            crypto_amount: values.amount,
            bank_account_id: values.bank_account_id,
          },
          { headers },
        );
  return { message, transaction: cryptoTraded.shape.data.parse(data).transaction };
}

/** Buy or sell: money and coins moved, so everything is refetched. */
export function useTrade() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: trade, onSuccess: () => queryClient.invalidateQueries() });
}
