import { RECURRING_FREQUENCY_LABELS } from '@bank/contracts';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';

type RecurringValues = {
  is_recurring: boolean;
  recurring_frequency: string;
  recurring_end_date: string;
};

/**
 * "Make this a recurring payment" and, once ticked, its frequency and optional end date: the same
 * fields in Schedule Payment and Edit Payment, on whichever form holds them.
 */
export function RecurringPaymentFields<T extends FieldValues & RecurringValues>({
  form,
  today,
}: {
  form: UseFormReturn<T>;
  today: string;
}) {
  const name = (field: keyof RecurringValues) => field as Path<T>;
  const errors = form.formState.errors as FieldErrors<RecurringValues>;
  return (
    <>
      <Checkbox label="Make this a recurring payment" {...form.register(name('is_recurring'))} />
      {form.watch(name('is_recurring')) ? (
        <div className="form-row">
          <SelectField
            label="Frequency"
            error={errors.recurring_frequency?.message}
            {...form.register(name('recurring_frequency'))}
          >
            <option value="">Select frequency</option>
            {Object.entries(RECURRING_FREQUENCY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="End Date"
            optional
            type="date"
            min={today}
            error={errors.recurring_end_date?.message}
            {...form.register(name('recurring_end_date'))}
          />
        </div>
      ) : null}
    </>
  );
}
