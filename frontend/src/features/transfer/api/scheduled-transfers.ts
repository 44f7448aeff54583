import {
  scheduledTransferList,
  scheduledTransferReply,
  successWithoutData,
  type ScheduledTransferView,
  type TransferFrequency,
} from '@bank/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TransferType } from '../lib/transfer-types';
import { transferPayload, type TransferForm } from './create-transfer';

export type ScheduledTransfer = ScheduledTransferView;

/** GET /transfers/scheduled, checked against the schema the server declares. */
export async function getScheduledTransfers(signal?: AbortSignal) {
  const { data } = await api.get<unknown>('/transfers/scheduled', { signal });
  return scheduledTransferList.shape.data.parse(data).scheduled_transfers;
}

export const scheduledTransfersQueryOptions = () =>
  queryOptions({
    queryKey: ['transfers', 'scheduled'] as const,
    queryFn: ({ signal }) => getScheduledTransfers(signal),
  });

export function useScheduledTransfers() {
  return useQuery(scheduledTransfersQueryOptions());
}

/** When and how often: what the form adds to a transfer to schedule it. */
export type PlanValues = {
  transferDate: string;
  /** '' runs once. */
  frequency: '' | TransferFrequency;
  endType: 'never' | 'date' | 'count';
  endDate: string;
  endCount: string;
};

export function planPayload(v: PlanValues) {
  return {
    transferDate: v.transferDate,
    frequency: v.frequency || undefined,
    endDate: v.frequency && v.endType === 'date' ? v.endDate : undefined,
    endCount: v.frequency && v.endType === 'count' ? v.endCount : undefined,
  };
}

export type ScheduleTransferInput = {
  type: Exclude<TransferType, 'sepa'>;
  values: TransferForm;
  recipientId?: string;
  idempotencyKey: string;
};

/** POST /transfers/scheduled: the transfer form's fields plus its date, frequency and end. */
export function scheduleTransfer({
  type,
  values,
  recipientId,
  idempotencyKey,
}: ScheduleTransferInput) {
  return api.post<{ scheduled_transfer?: ScheduledTransfer }>(
    '/transfers/scheduled',
    { type, ...transferPayload(type, values, recipientId), ...planPayload(values) },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function useScheduleTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers'] }),
  });
}

export type UpdateScheduleInput = {
  id: string;
  fromAccount: string;
  amount: string;
  memo: string;
} & PlanValues;

/** PUT /transfers/scheduled/{id}: a new plan from its (new) date. */
export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fromAccount, amount, memo, ...plan }: UpdateScheduleInput) =>
      scheduledTransferReply.shape.data.parse(
        (
          await api.put<unknown>(`/transfers/scheduled/${encodeURIComponent(id)}`, {
            fromAccount,
            amount: Number(amount),
            memo: memo.trim(),
            ...planPayload(plan),
          })
        ).data,
      ).scheduled_transfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers'] }),
  });
}

/** DELETE /transfers/scheduled/{id}: no further runs. */
export function useCancelSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      successWithoutData.shape.data.parse(
        (await api.delete<unknown>(`/transfers/scheduled/${encodeURIComponent(id)}`)).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers'] }),
  });
}
