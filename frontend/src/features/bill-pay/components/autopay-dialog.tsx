import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { applyServerFieldErrors, useFormAttemptKey } from '@/components/ui/server-errors';
import type { Account } from '@/lib/accounts';
import { mapError } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import {
  autopayFormOf,
  autopaySchema,
  useChangeAutopay,
  type AutopayForm,
} from '../api/change-autopay';
import type { Payee } from '../api/get-payees';
import { AutopayFields } from './autopay-fields';

const AUTOPAY_FIELDS = [
  'autopay_enabled',
  'autopay_account_id',
  'autopay_day',
  'autopay_amount',
] as const;

/**
 * A payee's AutoPay, at any time after it was added: turned on or off, the account it pays from,
 * its day and amount.
 */
export function AutopayDialog({
  payee,
  accounts,
  onClose,
}: {
  payee: Payee | null;
  accounts: Account[];
  onClose(): void;
}) {
  const change = useChangeAutopay();
  const close = () => {
    if (change.isPending) return;
    change.reset();
    onClose();
  };
  return (
    <Dialog
      open={payee !== null}
      onOpenChange={(open) => !open && close()}
      title="AutoPay"
      description={payee ? `${payee.display_name} ${payee.formatted_account_number}` : undefined}
    >
      {payee ? (
        <AutopayFormBody
          key={payee.id}
          payee={payee}
          accounts={accounts}
          change={change}
          onDone={(message) => {
            toast.success(message);
            change.reset();
            onClose();
          }}
          onCancel={close}
        />
      ) : null}
    </Dialog>
  );
}

function AutopayFormBody({
  payee,
  accounts,
  change,
  onDone,
  onCancel,
}: {
  payee: Payee;
  accounts: Account[];
  change: ReturnType<typeof useChangeAutopay>;
  onDone(message: string): void;
  onCancel(): void;
}) {
  const form = useForm<AutopayForm>({
    resolver: zodResolver(autopaySchema(payee.default_amount !== null)),
    defaultValues: autopayFormOf(payee, accounts),
  });
  const errors = form.formState.errors;
  // One key per setting as typed: a retry must not change AutoPay twice.
  const key = useFormAttemptKey(form);
  const submit = (values: AutopayForm) => {
    // Off and left off: nothing to save, and nothing to report as "turned off".
    if (!payee.autopay_enabled && !values.autopay_enabled) {
      onCancel();
      return;
    }
    change.mutate(
      { payeeId: payee.id, values, idempotencyKey: key.current() },
      {
        onSuccess: ({ message }) => onDone(message),
        onError: (e) => {
          // Server errors go through the shared handler and its field errors are kept.
          if (!applyServerFieldErrors(e, form.setError, {}, AUTOPAY_FIELDS)) {
            const m = mapError(e);
            toast.show({ type: m.type, title: m.title, message: m.message, duration: m.duration });
          }
        },
      },
    );
  };
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
      <AutopayFields
        register={form.register}
        errors={errors}
        enabled={form.watch('autopay_enabled')}
        accounts={accounts}
        account={form.watch('autopay_account_id')}
        defaultAmount={payee.default_amount}
      />
      {change.isError && !Object.keys(errors).length ? (
        <Alert tone="danger">{mapError(change.error).message}</Alert>
      ) : null}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save AutoPay'}
        </Button>
      </div>
    </form>
  );
}
