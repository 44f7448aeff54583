import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextField } from '@/components/ui/field';
import { applyServerFieldErrors, useFormAttemptKey } from '@/components/ui/server-errors';
import type { Account } from '@/lib/accounts';
import { isStepUpCancelled } from '@/lib/api-client';
import { mapError } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import { emptyPayeeForm, payeeSchema, useAddPayee, type PayeeForm } from '../api/add-payee';
import type { PayeeCategory } from '../api/get-categories';
import { defaultPayingAccount } from '../lib/paying-account';
import { AutopayFields } from './autopay-fields';

export function AddPayeeDialog({
  open,
  onOpenChange,
  categories,
  accounts,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  categories: PayeeCategory[];
  /** The customer's accounts, which AutoPay may pay from. */
  accounts: Account[];
}) {
  // AutoPay pays from the customer's main account unless they pick another.
  const blank: PayeeForm = {
    ...emptyPayeeForm,
    autopay_account_id: defaultPayingAccount(accounts),
  };
  const form = useForm<PayeeForm>({
    resolver: zodResolver(payeeSchema),
    defaultValues: blank,
  });
  const add = useAddPayee();
  const errors = form.formState.errors;
  const autopay = form.watch('autopay_enabled');
  // One key per payee as typed: AutoPay must not be set up twice by a retry.
  const key = useFormAttemptKey(form);
  const close = () => {
    form.reset(blank);
    add.reset();
    key.renew();
    onOpenChange(false);
  };
  const submit = (values: PayeeForm) =>
    add.mutate(
      { values, idempotencyKey: key.current() },
      {
        onSuccess: () => {
          toast.success('Payee added successfully!');
          close();
        },
        onError: (e) => {
          // Closing "Confirm it's you" is the customer's choice: the form stays as typed.
          if (isStepUpCancelled(e)) return;
          // Server errors go through the shared handler and its field errors are kept.
          const applied = applyServerFieldErrors(e, form.setError, {}, Object.keys(emptyPayeeForm));
          if (!applied) {
            const m = mapError(e);
            toast.show({ type: m.type, title: m.title, message: m.message, duration: m.duration });
          }
        },
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add New Payee"
      description="Add a company you pay bills to."
    >
      <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
        <TextField label="Company Name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Nickname"
          optional
          hint="Shown instead of the company name, to tell apart two accounts at the same company"
          error={errors.display_name?.message}
          {...form.register('display_name')}
        />
        <div className="form-row">
          <SelectField
            label="Category"
            error={errors.category?.message}
            {...form.register('category')}
          >
            <option value="">Select category</option>
            {categories.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Account Number"
            autoComplete="off"
            error={errors.account_number?.message}
            {...form.register('account_number')}
          />
        </div>
        <TextField
          label="Address"
          optional
          error={errors.address?.message}
          {...form.register('address')}
        />
        <div className="form-row form-row--3">
          <TextField
            label="City"
            optional
            error={errors.city?.message}
            {...form.register('city')}
          />
          <TextField
            label="State"
            optional
            error={errors.state?.message}
            {...form.register('state')}
          />
          <TextField
            label="ZIP Code"
            optional
            inputMode="numeric"
            error={errors.zip_code?.message}
            {...form.register('zip_code')}
          />
        </div>
        <div className="form-row">
          <TextField
            label="Phone"
            optional
            type="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField
            label="Default Amount"
            optional
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            error={errors.default_amount?.message}
            {...form.register('default_amount')}
          />
        </div>
        <AutopayFields
          register={form.register}
          errors={errors}
          enabled={autopay}
          accounts={accounts}
          account={form.watch('autopay_account_id')}
        />
        {add.isError && !isStepUpCancelled(add.error) && !Object.keys(errors).length ? (
          <Alert tone="danger">{mapError(add.error).message}</Alert>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Payee'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
