import {
  scheduledTransferList,
  scheduledTransferReply,
  successWithoutData,
  type ScheduledTransferView,
} from '@bank/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bankToday, type TransferType } from '../lib/transfer-types';
import {
  schedulePlanProblems,
  transferAmountProblem,
  transferFormSchemaBase,
  TRANSFER_MESSAGES,
  transferPayload,
  type SchedulePlanForm,
  type TransferForm,
} from './create-transfer';

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

/** When and how often: what the form adds to a transfer to schedule it ('' frequency runs once). */
export type PlanValues = SchedulePlanForm;

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

/** What the edit dialog changes: the source account, the amount and the plan. */
export type EditScheduleForm = Pick<TransferForm, 'fromAccount' | 'amount'> & PlanValues;

/** An edited schedule is held to the transfer form's rules before the bank is asked. */
export function editScheduleSchema(type: TransferType, today = bankToday()) {
  return transferFormSchemaBase
    .pick({
      fromAccount: true,
      amount: true,
      transferDate: true,
      frequency: true,
      endType: true,
      endDate: true,
      endCount: true,
    })
    .superRefine((v, ctx) => {
      const issue = (path: keyof EditScheduleForm, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (!v.fromAccount) issue('fromAccount', TRANSFER_MESSAGES.fromAccount);
      const amountProblem = transferAmountProblem(v.amount);
      if (amountProblem) issue('amount', amountProblem);
      for (const [field, message] of schedulePlanProblems(type, v, today)) issue(field, message);
    });
}

export type UpdateScheduleInput = { id: string; memo: string } & EditScheduleForm;

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
