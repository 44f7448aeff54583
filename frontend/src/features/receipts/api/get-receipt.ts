import { receiptData, type ReceiptDetailsView, type TransactionLineView } from '@bank/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TimelineStep = ReceiptDetailsView['timeline'][number];
export type ReceiptDetails = ReceiptDetailsView;
export type ReceiptData = { transaction: TransactionLineView; receipt: ReceiptDetails };

export const receiptPath = (id: string | number) => `/transactions/${encodeURIComponent(id)}`;

/** GET /transactions/{id}: the answer is checked against the same schema the server declares. */
export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['receipt', id] as const,
    queryFn: async ({ signal }): Promise<ReceiptData> =>
      receiptData.parse((await api.get<unknown>(receiptPath(id), { signal })).data),
  });

export function useReceipt(id: string) {
  return useQuery(receiptQueryOptions(id));
}
