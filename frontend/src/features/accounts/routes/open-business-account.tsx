import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUSINESS_MESSAGES,
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  MAX_BUSINESS_ACCOUNTS,
} from '@bank/contracts/business-account-rules';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Alert } from '@/components/ui/feedback';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { useDocumentTitle } from '@/components/ui/page';
import { applyServerFieldErrors, useFormAttemptKey } from '@/components/ui/server-errors';
import { useAccounts } from '@/lib/accounts-query';
import { isStepUpCancelled } from '@/lib/api-client';
import { mapError } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import {
  businessAccountSchema,
  emptyBusinessAccountForm,
  formatEin,
  useOpenBusinessAccount,
  type BusinessAccountForm,
} from '../api/open-business-account';

/**
 * /accounts/open-business: a signed-in customer opens a business checking account for a business
 * they act for. Its own lazily loaded page, so the accounts and dashboard code stay as small.
 */
export default function OpenBusinessAccountRoute() {
  useDocumentTitle('Open a business account');
  const navigate = useNavigate();
  const form = useForm<BusinessAccountForm>({
    resolver: zodResolver(businessAccountSchema),
    defaultValues: emptyBusinessAccountForm,
  });
  const open = useOpenBusinessAccount();
  const errors = form.formState.errors;
  // One key per application as typed: a retry or a second click opens no second account.
  const key = useFormAttemptKey(form);
  // The bank refuses a business account past the limit: a customer at it is told before filling
  // the form in, not after. Until the list has loaded the form shows, and the bank still decides.
  const businessAccounts = useAccounts().data?.filter((a) => a.type === 'business').length ?? 0;
  const atLimit = businessAccounts >= MAX_BUSINESS_ACCOUNTS;

  const submit = (values: BusinessAccountForm) =>
    open.mutate(
      { values, idempotencyKey: key.current() },
      {
        onSuccess: (account) => {
          toast.success('Your business checking account is open.');
          void navigate(`/accounts?${new URLSearchParams({ account: account.id })}`, {
            state: { opened: account.id },
          });
        },
        onError: (e) => {
          // Closing "Confirm it's you" is the customer's choice: the form stays as typed.
          if (isStepUpCancelled(e)) return;
          // A refusal that names no field of the form (the limit of business accounts, say) is
          // told once, by the form's own alert: a toast would repeat it under a generic title.
          applyServerFieldErrors(e, form.setError, {}, Object.keys(emptyBusinessAccountForm));
        },
      },
    );

  return (
    <div className="open-business">
      <Link to="/accounts" className="back-link">
        <ArrowLeft size={16} aria-hidden="true" /> Back to Accounts
      </Link>
      <h1 className="page-title">Open a business account</h1>
      <p className="muted">
        Business Checking for your sole proprietorship or small business: no monthly fee and no
        opening deposit. Move money in from your own accounts once it is open.
      </p>
      <Card>
        {atLimit ? (
          <Alert tone="info">{BUSINESS_MESSAGES.tooMany}</Alert>
        ) : (
          <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
            <TextField
              label="Business name"
              autoComplete="organization"
              maxLength={100}
              error={errors.business_name?.message}
              {...form.register('business_name')}
            />
            <TextField
              label="Employer Identification Number (EIN)"
              hint="9 digits, as 12-3456789"
              placeholder="12-3456789"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              error={errors.ein?.message}
              // Registered here, in the form's order, not before it: react-hook-form focuses the
              // first field in error in the order fields were registered, and registered ahead of
              // the form, EIN took the focus from Business name above it.
              {...form.register('ein', {
                onChange: (event: { target: { value: string } }) =>
                  // Shown as typed into the mask; checked again once the form was sent, like
                  // other fields.
                  form.setValue('ein', formatEin(event.target.value), {
                    shouldValidate: form.formState.isSubmitted,
                  }),
              })}
            />
            <SelectField
              label="Business type"
              error={errors.business_type?.message}
              {...form.register('business_type')}
            >
              <option value="">Select business type</option>
              {BUSINESS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {BUSINESS_TYPE_LABELS[type]}
                </option>
              ))}
            </SelectField>
            <Checkbox
              label="I confirm I am authorized to open this account for this business"
              error={errors.authorized?.message}
              {...form.register('authorized')}
            />
            {open.isError && !isStepUpCancelled(open.error) && !Object.keys(errors).length ? (
              <Alert tone="danger">{mapError(open.error).message}</Alert>
            ) : null}
            <div className="dialog__actions">
              <Button variant="secondary" onClick={() => void navigate('/accounts')}>
                Cancel
              </Button>
              <Button type="submit" loading={open.isPending}>
                {open.isPending ? 'Opening...' : 'Open account'}
              </Button>
            </div>
          </form>
        )}
      </Card>
    </div>
  );
}
