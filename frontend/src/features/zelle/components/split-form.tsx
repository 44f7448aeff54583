import { ZELLE_MEMO_MAX, ZELLE_MESSAGES } from '@bank/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { applyServerFieldErrors, newIdempotencyKey } from '@/components/ui/server-errors';
import { errorMessage } from '@/lib/error-mapping';
import type { Account } from '@/lib/accounts';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useSplitPayment } from '../api/split-payment';
import { splitShares, toCents } from '../lib/split';
import { defaultAccountId } from './zelle-form';

/** The screen's own words when the split could not be sent at all. */
const SPLIT_FAILED = 'Failed to send split payment requests';

export const splitSchema = z
  .object({
    bank_account_id: z.string().min(1, ZELLE_MESSAGES.account),
    total: z.string(),
    memo: z.string().max(ZELLE_MEMO_MAX, ZELLE_MESSAGES.memo),
    people: z.array(z.object({ name: z.string(), contact: z.string() })),
  })
  .superRefine((v, ctx) => {
    const total = Number(v.total);
    if (!v.total.trim() || !Number.isFinite(total) || total <= 0)
      ctx.addIssue({ code: 'custom', path: ['total'], message: ZELLE_MESSAGES.splitTotal });
    if (v.people.length === 0)
      ctx.addIssue({ code: 'custom', path: ['people'], message: ZELLE_MESSAGES.splitPeople });
    else if (v.people.some((p) => !p.name.trim() || !p.contact.trim()))
      ctx.addIssue({ code: 'custom', path: ['people'], message: ZELLE_MESSAGES.splitPerson });
  });

type SplitValues = z.infer<typeof splitSchema>;

/** Split a bill: one request per person for an equal share; the requester keeps a share too. */
export function SplitForm({ accounts }: { accounts: Account[] }) {
  const form = useForm<SplitValues>({
    resolver: zodResolver(splitSchema),
    defaultValues: {
      bank_account_id: defaultAccountId(accounts),
      total: '',
      memo: '',
      people: [{ name: '', contact: '' }],
    },
  });
  const people = useFieldArray({ control: form.control, name: 'people' });
  const split = useSplitPayment();
  const busy = split.isPending;
  const [error, setError] = useState<string | null>(null);
  const total = form.watch('total');
  const count = form.watch('people').length;
  const shares = splitShares(toCents(total), count);
  const errors = form.formState.errors;
  const peopleError = errors.people?.message ?? errors.people?.root?.message;
  /** A person's field: the list-wide error is re-judged as it changes, so it goes once fixed. */
  const personField = (name: `people.${number}.name` | `people.${number}.contact`) => {
    const field = form.register(name);
    return {
      ...field,
      onChange: async (event: { target: { value: string } }) => {
        await field.onChange(event);
        if (form.formState.errors.people) void form.trigger('people');
      },
    };
  };

  const onValid = (v: SplitValues) => {
    setError(null);
    split.mutate(
      {
        idempotencyKey: newIdempotencyKey(),
        payload: {
          bank_account_id: v.bank_account_id,
          total_amount: toCents(v.total) / 100,
          memo: v.memo.trim() || 'Split payment',
          people: v.people.map((p) => ({ name: p.name.trim(), contact: p.contact.trim() })),
        },
      },
      {
        onSuccess: ({ message }) => {
          toast.success(
            message ||
              `Split requests sent to ${v.people.length} ${v.people.length === 1 ? 'person' : 'people'}`,
          );
          form.reset({
            bank_account_id: v.bank_account_id,
            total: '',
            memo: '',
            people: [{ name: '', contact: '' }],
          });
        },
        onError: (e) => {
          const applied = applyServerFieldErrors(e, form.setError, { total_amount: 'total' });
          if (!applied) setError(errorMessage(e, SPLIT_FAILED));
        },
      },
    );
  };

  // The list-wide error names no field: the focus goes to the first person's field left empty
  // (a field in error above it has taken the focus already).
  const onInvalid = (invalid: typeof errors) => {
    if (!invalid.people || invalid.bank_account_id || invalid.total || invalid.memo) return;
    const values = form.getValues('people');
    const at = values.findIndex((p) => !p.name.trim() || !p.contact.trim());
    if (at >= 0) form.setFocus(`people.${at}.${values[at]!.name.trim() ? 'contact' : 'name'}`);
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      aria-label="Split a bill"
    >
      <AccountSelectField
        label="Account"
        accounts={accounts}
        chosen={form.watch('bank_account_id')}
        error={errors.bank_account_id?.message}
        {...form.register('bank_account_id')}
      />
      <TextField
        label="Total Amount"
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        error={errors.total?.message}
        {...form.register('total')}
      />
      <TextField label="Memo" optional maxLength={255} {...form.register('memo')} />
      <fieldset className="split-people">
        <legend>People to split with</legend>
        {people.fields.map((field, i) => (
          <div key={field.id} className="split-person">
            <div className="split-person__head">
              <span className="split-person__title">Person {i + 1}</span>
              <span className="split-person__share">
                <span className="muted">Share</span>{' '}
                <strong className="tabular">{formatMoney((shares.people[i] ?? 0) / 100)}</strong>
              </span>
              <Button
                variant="ghost"
                size="sm"
                icon={<Trash2 size={16} aria-hidden="true" />}
                aria-label={`Remove person ${i + 1}`}
                onClick={() => {
                  people.remove(i);
                  if (form.formState.errors.people) void form.trigger('people');
                }}
              >
                Remove
              </Button>
            </div>
            <div className="split-person__fields">
              <TextField
                label={`Name, person ${i + 1}`}
                autoComplete="off"
                {...personField(`people.${i}.name`)}
              />
              <TextField
                label={`Email or phone, person ${i + 1}`}
                autoComplete="off"
                {...personField(`people.${i}.contact`)}
              />
            </div>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => {
            people.append({ name: '', contact: '' });
            if (form.formState.errors.people) void form.trigger('people');
          }}
        >
          Add Person
        </Button>
      </fieldset>
      {peopleError ? (
        <p className="field__error" role="alert">
          {peopleError}
        </p>
      ) : null}
      <p className="muted" aria-live="polite">
        Your share: <strong className="tabular">{formatMoney(shares.own / 100)}</strong>
      </p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Button type="submit" disabled={busy} block>
        {busy ? 'Sending...' : 'Send Split Requests'}
      </Button>
    </form>
  );
}
