import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextField } from '@/components/ui/field';
import { applyServerFieldErrors } from '@/components/ui/server-errors';
import { accountLabel, type Account } from '@/lib/accounts';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import { useWhenOpened } from '@/lib/use-when-opened';
import {
  editScheduleSchema,
  useUpdateSchedule,
  type EditScheduleForm,
  type ScheduledTransfer,
} from '../api/scheduled-transfers';
import { scheduleDestination } from '../lib/schedule-destination';
import { bankToday, lastSchedulableDate } from '../lib/transfer-types';
import { SchedulePlanFields } from './schedule-plan-fields';

function valuesOf(s: ScheduledTransfer | null): EditScheduleForm {
  return {
    fromAccount: s?.from_account.id ?? '',
    amount: s ? s.amount.toFixed(2) : '',
    transferDate: s?.next_date ?? bankToday(),
    frequency: s?.frequency ?? '',
    endType: s?.end_date ? 'date' : s?.end_count ? 'count' : 'never',
    endDate: s?.end_date ?? '',
    endCount: s?.end_count ? String(s.end_count) : '',
  };
}

/** The fields in the order they are shown: the first the bank refuses takes the focus. */
const FIELDS = Object.keys(valuesOf(null));

/**
 * Edit scheduled transfer: its account, amount, date and repeat, checked by the transfer form's
 * rules before the bank is asked; a field the bank refuses shows why and takes the focus.
 */
export function EditScheduleDialog({
  schedule,
  accounts,
  onClose,
}: {
  schedule: ScheduledTransfer | null;
  accounts: Account[];
  onClose(): void;
}) {
  const form = useForm<EditScheduleForm>({
    resolver: zodResolver(editScheduleSchema(schedule?.type ?? 'between-accounts')),
    defaultValues: valuesOf(schedule),
  });
  const update = useUpdateSchedule();
  const [error, setError] = useState<string | null>(null);
  const { register, watch } = form;
  const errors = form.formState.errors;
  const frequency = watch('frequency');

  useWhenOpened(schedule !== null, () => {
    form.reset(valuesOf(schedule));
    setError(null);
  });

  const close = () => {
    if (!update.isPending) onClose();
  };

  const submit = form.handleSubmit((values) => {
    if (!schedule) return;
    setError(null);
    update.mutate(
      { id: schedule.id, memo: schedule.memo, ...values },
      {
        onSuccess: () => {
          toast.show({ type: 'success', message: 'Scheduled transfer updated' });
          onClose();
        },
        onError: (e) => {
          if (!applyServerFieldErrors(e, form.setError, {}, FIELDS))
            setError(errorMessage(e, 'The scheduled transfer could not be changed.'));
        },
      },
    );
  });

  return (
    <Dialog
      open={schedule !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Edit scheduled transfer"
      description={schedule ? `To ${scheduleDestination(accounts, schedule)}` : undefined}
    >
      <form noValidate className="stack" onSubmit={submit}>
        <SelectField
          label="From Account"
          error={errors.fromAccount?.message}
          {...register('fromAccount')}
        >
          {accounts
            .filter((a) => String(a.id) !== schedule?.to_account?.id)
            .map((a) => (
              <option key={a.id} value={String(a.id)}>
                {accountLabel(a)}
              </option>
            ))}
        </SelectField>
        <TextField
          label="Amount (USD)"
          type="number"
          inputMode="decimal"
          min={5}
          step={0.01}
          hint="Minimum $5.00"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField
          label={frequency ? 'Next Transfer Date' : 'Transfer Date'}
          type="date"
          min={bankToday()}
          max={lastSchedulableDate(bankToday())}
          error={errors.transferDate?.message}
          {...register('transferDate')}
        />
        <SchedulePlanFields form={form} />
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close} disabled={update.isPending}>
            Close
          </Button>
          <Button type="submit" loading={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
