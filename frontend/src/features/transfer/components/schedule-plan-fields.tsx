import { TRANSFER_FREQUENCIES, TRANSFER_FREQUENCY_LABELS } from '@bank/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField, TextField } from '@/components/ui/field';
import type { SchedulePlanForm } from '../api/create-transfer';
import { bankToday, lastScheduleEndDate } from '../lib/transfer-types';

/**
 * Repeat (once, weekly, every 2 weeks, monthly) and, when repeating, how it ends: in the transfer
 * form and in the dialog that edits a scheduled transfer.
 */
export function SchedulePlanFields<T extends SchedulePlanForm>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  // Only the plan's own fields are read and registered, and every form given here has them.
  const {
    register,
    watch,
    formState: { errors },
  } = form as unknown as UseFormReturn<SchedulePlanForm>;
  const frequency = watch('frequency');
  const endType = watch('endType');
  const start = watch('transferDate') || bankToday();
  return (
    <div className="form-row">
      <SelectField label="Repeat" error={errors.frequency?.message} {...register('frequency')}>
        <option value="">Does not repeat</option>
        {TRANSFER_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {TRANSFER_FREQUENCY_LABELS[f]}
          </option>
        ))}
      </SelectField>
      {frequency ? (
        <SelectField label="Ends" {...register('endType')}>
          <option value="never">When I cancel it</option>
          <option value="date">On a date</option>
          <option value="count">After a number of transfers</option>
        </SelectField>
      ) : null}
      {frequency && endType === 'date' ? (
        <TextField
          label="End Date"
          type="date"
          min={start}
          max={lastScheduleEndDate(start)}
          error={errors.endDate?.message}
          {...register('endDate')}
        />
      ) : null}
      {frequency && endType === 'count' ? (
        <TextField
          label="Number of Transfers"
          type="number"
          inputMode="numeric"
          min={1}
          max={520}
          step={1}
          error={errors.endCount?.message}
          {...register('endCount')}
        />
      ) : null}
    </div>
  );
}
