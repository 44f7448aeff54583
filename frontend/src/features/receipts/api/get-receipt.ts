import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Transaction } from '@/lib/transactions';

export type TimelineStep = {
  step: 'initiated' | 'settled' | 'failed' | 'reversed';
  at: string;
  detail: string | null;
};

export type ReceiptDetails = {
  reference_number: string;
  status: string;
  timeline: TimelineStep[];
  counterparty: string | null;
  category: string | null;
  account: { id: string; name: string; formatted_account_number: string };
  balance_after: number | null;
  sepa: { eur_amount: string; exchange_rate: string } | null;
  /** What may still be cancelled from here: a pending transfer or an unclaimed Zelle payment. */
  cancellable?: { kind: 'transfer' | 'zelle-payment'; id: string } | null;
};

export type ReceiptData = { transaction: Transaction; receipt: ReceiptDetails };

export const receiptPath = (id: string | number) => `/transactions/${encodeURIComponent(id)}`;

export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['receipt', id] as const,
    queryFn: async ({ signal }) => (await api.get<ReceiptData>(receiptPath(id), { signal })).data,
  });

export function useReceipt(id: string) {
  return useQuery(receiptQueryOptions(id));
}
