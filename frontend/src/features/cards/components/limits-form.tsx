import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { applyServerFieldErrors } from '@/components/ui/server-errors';
import { amountText } from '@/lib/cents';
import { errorMessage } from '@/lib/error-mapping';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import type { Card } from '../api/get-cards';
import {
  cardLimitsSchema,
  limitsPayload,
  useUpdateCardLimits,
  type CardLimitsForm,
} from '../api/update-card-limits';

/** Daily ATM and purchase limits in dollars; an empty field keeps the current limit. */
export function LimitsForm({
  card,
  submitLabel,
  onDone,
  onCancel,
}: {
  card: Card;
  submitLabel: string;
  onDone?(): void;
  onCancel?(): void;
}) {
  const form = useForm<CardLimitsForm>({
    resolver: zodResolver(cardLimitsSchema),
    defaultValues: { daily_atm_limit: '', daily_purchase_limit: '' },
  });
  const update = useUpdateCardLimits();
  const errors = form.formState.errors;
  // Save stays pressable (a disabled button would drop the focus of a keyboard user): pressed with
  // nothing changed, it says so instead of reporting a change that was never made.
  const [unchanged, setUnchanged] = useState(false);
  useEffect(() => {
    const watching = form.watch(() => setUnchanged(false));
    return () => watching.unsubscribe();
  }, [form]);
  const submit = (values: CardLimitsForm) => {
    const limits = limitsPayload(values, card);
    if (
      limits.daily_atm_limit === card.limits.daily_atm_limit &&
      limits.daily_purchase_limit === card.limits.daily_purchase_limit
    ) {
      update.reset();
      setUnchanged(true);
      return;
    }
    update.mutate(
      { id: card.id, limits },
      {
        onSuccess: ({ message }) => {
          toast.success(message || 'Card limits updated successfully');
          form.reset({ daily_atm_limit: '', daily_purchase_limit: '' });
          onDone?.();
        },
        onError: (e) =>
          applyServerFieldErrors(e, form.setError, {}, ['daily_atm_limit', 'daily_purchase_limit']),
      },
    );
  };
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit(submit)}
      aria-label={`Limits for ${card.card_name}`}
    >
      <div className="form-row">
        <TextField
          label="Daily ATM Limit ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder={amountText(card.limits.daily_atm_limit)}
          hint={`Current: ${formatMoney(card.limits.daily_atm_limit)}`}
          error={errors.daily_atm_limit?.message}
          {...form.register('daily_atm_limit')}
        />
        <TextField
          label="Daily Purchase Limit ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder={amountText(card.limits.daily_purchase_limit)}
          hint={`Current: ${formatMoney(card.limits.daily_purchase_limit)}`}
          error={errors.daily_purchase_limit?.message}
          {...form.register('daily_purchase_limit')}
        />
      </div>
      {unchanged ? (
        <p className="muted limits-form__unchanged" role="status">
          No changes to save.
        </p>
      ) : null}
      {update.isError && !Object.keys(errors).length ? (
        <Alert tone="danger">{errorMessage(update.error, 'Action failed')}</Alert>
      ) : null}
      <div className="dialog__actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
