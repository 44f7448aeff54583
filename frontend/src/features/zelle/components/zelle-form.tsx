import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { ReferenceConfirmation } from '@/components/transactions/receipt-link';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { TextAreaField, TextField } from '@/components/ui/field';
import { applyServerFieldErrors, newIdempotencyKey } from '@/components/ui/server-errors';
import { SegmentedChoice } from '@/components/ui/segmented-choice';
import type { Account } from '@/lib/accounts';
import { errorMessage } from '@/lib/error-mapping';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import {
  emptyZelleForm,
  useRequestMoney,
  useSendMoney,
  sendLimitProblem,
  ZELLE_SERVER_FIELDS,
  zelleFormSchema,
  zellePayload,
  type ZelleForm,
} from '../api/send-money';
import type { ZelleLimits } from '../api/get-zelle-limits';

export type Prefill = {
  name: string;
  contact: string;
  contactType: 'email' | 'phone';
  seq: number;
};

export function defaultAccountId(accounts: Account[]) {
  const checking = accounts.find(
    (a) => a.type === 'checking' || a.account_type?.code === 'checking',
  );
  return String((checking ?? accounts[0])?.id ?? '');
}

const CONTACT_OPTIONS = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
] as const;

function ContactToggle({ form }: { form: UseFormReturn<ZelleForm> }) {
  const type = form.watch('contact_type');
  return (
    <SegmentedChoice
      label="Contact method"
      options={CONTACT_OPTIONS}
      value={type}
      onChange={(t) => {
        form.setValue('contact_type', t);
        form.clearErrors('contact');
      }}
    />
  );
}

/** Send or request money. Sending asks for confirmation and uses one key per attempt. */
export function ZelleForm({
  mode,
  accounts,
  prefill,
  limits,
}: {
  mode: 'send' | 'request';
  accounts: Account[];
  prefill?: Prefill | null;
  /** Today's and this month's sending limits, to stop a send over them before confirming. */
  limits?: ZelleLimits;
}) {
  const form = useForm<ZelleForm>({
    resolver: zodResolver(zelleFormSchema),
    defaultValues: emptyZelleForm(defaultAccountId(accounts)),
  });
  const send = useSendMoney();
  const request = useRequestMoney();
  const mutation = mode === 'send' ? send : request;
  const [confirming, setConfirming] = useState<{ values: ZelleForm; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; reference: string | null } | null>(null);
  const {
    register,
    formState: { errors },
  } = form;

  useEffect(() => {
    if (!prefill) return;
    form.setValue('recipient_name', prefill.name);
    form.setValue('contact', prefill.contact);
    form.setValue('contact_type', prefill.contactType);
    form.clearErrors();
  }, [prefill, form]);

  useEffect(() => {
    if (!form.getValues('bank_account_id') && accounts.length)
      form.setValue('bank_account_id', defaultAccountId(accounts));
  }, [accounts, form]);

  const submit = (values: ZelleForm, key: string) => {
    setError(null);
    setDone(null);
    mutation.mutate(
      { payload: zellePayload(values), idempotencyKey: key },
      {
        onSuccess: ({ message, item }) => {
          const text =
            message || (mode === 'send' ? 'Money sent successfully' : 'Request sent successfully');
          toast.success(text);
          setDone({ message: text, reference: item.reference_number });
          setConfirming(null);
          form.reset(emptyZelleForm(values.bank_account_id));
        },
        onError: (e) => {
          setConfirming(null);
          const fields = applyServerFieldErrors(e, form.setError, ZELLE_SERVER_FIELDS);
          if (!fields)
            setError(
              errorMessage(e, mode === 'send' ? 'Failed to send money' : 'Failed to send request'),
            );
        },
      },
    );
  };

  const onValid = (values: ZelleForm) => {
    const overLimit = mode === 'send' ? sendLimitProblem(values.amount, limits) : null;
    if (overLimit) {
      form.setError('amount', { type: 'limit', message: overLimit }, { shouldFocus: true });
      return;
    }
    if (mode === 'send') setConfirming({ values, key: newIdempotencyKey() });
    else submit(values, newIdempotencyKey());
  };

  const contactType = form.watch('contact_type');
  const title = mode === 'send' ? 'Send Money' : 'Request Money';
  const recipient = confirming?.values;

  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onValid)} aria-label={title}>
      <AccountSelectField
        // A request's account is where the money will arrive.
        label={mode === 'send' ? 'From Account' : 'Deposit To'}
        accounts={accounts}
        chosen={form.watch('bank_account_id')}
        error={errors.bank_account_id?.message}
        {...register('bank_account_id')}
      />
      <TextField
        label="Recipient Name"
        autoComplete="off"
        error={errors.recipient_name?.message}
        {...register('recipient_name')}
      />
      <ContactToggle form={form} />
      <TextField
        label={contactType === 'email' ? 'Recipient Email' : 'Recipient Phone'}
        type={contactType === 'email' ? 'email' : 'tel'}
        autoComplete="off"
        error={errors.contact?.message}
        {...register('contact')}
      />
      <TextField
        label="Amount"
        type="number"
        inputMode="decimal"
        min={0.01}
        max={5000}
        step={0.01}
        error={errors.amount?.message}
        {...register('amount')}
      />
      <TextAreaField
        label="Memo"
        optional
        rows={2}
        maxLength={255}
        error={errors.memo?.message}
        {...register('memo')}
      />
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {done ? (
        <ReferenceConfirmation
          message={done.message}
          reference={done.reference}
          // A request moves no money until it is paid: there is no receipt yet.
          withReceipt={mode === 'send'}
        />
      ) : null}
      {/* Busy, not disabled, while it runs: a disabled button drops the focus. */}
      <Button type="submit" loading={mutation.isPending} block>
        {mutation.isPending ? 'Processing...' : mode === 'send' ? 'Send Money' : 'Request Money'}
      </Button>

      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !send.isPending) setConfirming(null);
        }}
        title="Confirm payment"
        description={
          recipient
            ? `Send ${formatMoney(Number(recipient.amount))} to ${recipient.recipient_name} (${recipient.contact})? Money sent with Zelle cannot be cancelled once the recipient is enrolled.`
            : undefined
        }
      >
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={send.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => confirming && submit(confirming.values, confirming.key)}
            loading={send.isPending}
          >
            {send.isPending ? 'Processing...' : 'Confirm Send'}
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
