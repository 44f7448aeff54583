import { DISPUTE_DETAILS_MAX, DISPUTE_REASONS } from '@bank/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { applyServerFieldErrors } from '@/components/ui/server-errors';
import { ApiError, firstFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { disputeSchema, useDisputeCharge, type DisputeForm } from '../api/dispute-charge';

const FIELDS: readonly string[] = ['reason', 'details'];

/** Whether the server's refusal is said under a field of the form (and so not again above it). */
function saidOnField(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    firstFieldErrors(error.errors).some((f) => FIELDS.includes(f.field))
  );
}

/**
 * Dispute this charge: why, and what happened. The bank opens a support ticket for the case;
 * the money stays where it is until the case is decided.
 */
export function DisputeDialog({
  open,
  transactionId,
  description,
  amount,
  onClose,
}: {
  open: boolean;
  transactionId: string;
  description: string;
  /** Dollars, negative: the charge. */
  amount: number;
  onClose(): void;
}) {
  const form = useForm<DisputeForm>({
    resolver: zodResolver(disputeSchema),
    defaultValues: { reason: '' as DisputeForm['reason'], details: '' },
  });
  const dispute = useDisputeCharge();
  const close = () => {
    form.reset();
    dispute.reset();
    onClose();
  };
  const submit = (values: DisputeForm) =>
    dispute.mutate(
      { id: transactionId, values },
      {
        onSuccess: ({ message, dispute: made }) => {
          toast.success(`${message}: ticket #${made.ticket_number}`);
          close();
        },
        onError: (error) => applyServerFieldErrors(error, form.setError, {}, FIELDS),
      },
    );
  const errors = form.formState.errors;
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && close()}
      title="Dispute this charge"
      description={`${description}, ${formatMoney(Math.abs(amount))}`}
    >
      <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
        <p className="muted">
          We open a support ticket for your dispute and reply there, usually within 10 business
          days. The charge stays on your account while we look into it: a dispute is not a refund,
          and no money moves until it is decided. If you don’t recognize the charge, also lock your
          card on the Cards page.
        </p>
        <SelectField
          label="Why are you disputing this charge?"
          error={errors.reason?.message}
          {...form.register('reason')}
        >
          <option value="">Choose a reason</option>
          {Object.entries(DISPUTE_REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="What happened?"
          optional
          rows={4}
          maxLength={DISPUTE_DETAILS_MAX}
          error={errors.details?.message}
          {...form.register('details')}
        />
        {dispute.isError && !saidOnField(dispute.error) ? (
          <Alert tone="danger">
            {errorMessage(dispute.error, 'The dispute could not be sent.')}
          </Alert>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={dispute.isPending}>
            {dispute.isPending ? 'Submitting...' : 'Submit Dispute'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
