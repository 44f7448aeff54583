import { bankToday, lastSchedulableDate } from '@bank/contracts/bank-time';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { applyServerFieldErrors } from '@/components/ui/server-errors';
import type { Account } from '@/lib/accounts';
import { ApiError } from '@/lib/api-client';
import { errorMessage, mapError } from '@/lib/error-mapping';
import { formatMoney } from '@/lib/format';
import { useWhenOpened } from '@/lib/use-when-opened';
import type { ScheduledPayment } from '../api/get-scheduled-payments';
import {
  editPaymentSchema,
  useChangeScheduledPayment,
  type EditPaymentForm,
} from '../api/scheduled-payment-controls';
import { DuplicateQuestion } from './duplicate-question';
import { RecurringPaymentFields } from './recurring-payment-fields';

function valuesOf(p: ScheduledPayment | null): EditPaymentForm {
  return {
    from_account_id: p?.from_account_id ?? '',
    amount: p ? p.amount.toFixed(2) : '',
    scheduled_date: p?.scheduled_date ?? bankToday(),
    is_recurring: p?.is_recurring ?? false,
    recurring_frequency: p?.recurring_frequency ?? '',
    recurring_end_date: p?.recurring_end_date ?? '',
  };
}

const FIELDS = Object.keys(valuesOf(null));

/**
 * Edit Payment: the account, amount, date, frequency and end of a scheduled payment (its payee
 * stays). The field rules and messages are Schedule Payment's; the server's field errors land on
 * their fields.
 */
export function EditPaymentDialog({
  payment,
  accounts,
  onClose,
}: {
  payment: ScheduledPayment | null;
  accounts: Account[];
  onClose(): void;
}) {
  const today = bankToday();
  const form = useForm<EditPaymentForm>({
    resolver: zodResolver(editPaymentSchema(today)),
    defaultValues: valuesOf(payment),
  });
  const change = useChangeScheduledPayment();
  const [error, setError] = useState<string | null>(null);
  // The bank's words when the change repeats another payment: saved only once confirmed.
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const errors = form.formState.errors;
  const recurring = form.watch('is_recurring');

  // Starts from the payment when opened, not each time the scheduled payments are loaded again.
  useWhenOpened(payment !== null, () => {
    form.reset(valuesOf(payment));
    setError(null);
    setDuplicate(null);
  });

  // A confirmation answers the change it was asked about, not one typed since.
  useEffect(() => {
    const watching = form.watch(() => setDuplicate(null));
    return () => watching.unsubscribe();
  }, [form]);

  const close = () => {
    if (!change.isPending) onClose();
  };

  const submit = form.handleSubmit((values) => {
    if (!payment) return;
    setError(null);
    const confirmDuplicate = duplicate !== null;
    setDuplicate(null);
    change.mutate(
      { paymentId: payment.payment_id, values, confirmDuplicate },
      {
        onSuccess: onClose,
        onError: (e) => {
          if (applyServerFieldErrors(e, form.setError, {}, FIELDS)) return;
          if (e instanceof ApiError && e.code === 'DUPLICATE_TRANSACTION' && !confirmDuplicate)
            setDuplicate(errorMessage(e, mapError(e).message));
          else setError(mapError(e).message);
        },
      },
    );
  });

  return (
    <Dialog
      open={payment !== null}
      onOpenChange={(next) => (next ? undefined : close())}
      title="Edit Payment"
      description={
        payment
          ? `To ${payment.payee_name}, now ${formatMoney(payment.amount)}. The payee cannot be changed.`
          : undefined
      }
    >
      <form className="form" noValidate onSubmit={submit}>
        <AccountSelectField
          label="Pay From"
          accounts={accounts}
          chosen={form.watch('from_account_id')}
          error={errors.from_account_id?.message}
          {...form.register('from_account_id')}
        />
        <div className="form-row">
          <TextField
            label="Amount"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <TextField
            label={recurring ? 'Next Payment Date' : 'Payment Date'}
            type="date"
            min={today}
            max={lastSchedulableDate(today)}
            error={errors.scheduled_date?.message}
            {...form.register('scheduled_date')}
          />
        </div>
        <RecurringPaymentFields form={form} today={today} />
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {duplicate ? (
          <DuplicateQuestion message={duplicate}>
            <p>Save this change only if you mean to pay it twice.</p>
          </DuplicateQuestion>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close} disabled={change.isPending}>
            Close
          </Button>
          <Button type="submit" loading={change.isPending}>
            {change.isPending ? 'Saving...' : duplicate ? 'Save It Anyway' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
