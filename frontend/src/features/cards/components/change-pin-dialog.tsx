import { PIN_LENGTH } from '@bank/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { applyServerFieldErrors } from '@/components/ui/server-errors';
import { isStepUpCancelled } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import { changePinSchema, useChangeCardPin, type ChangePinForm } from '../api/change-card-pin';
import type { Card } from '../api/get-cards';

const EMPTY: ChangePinForm = { current_pin: '', new_pin: '', confirm_pin: '' };

export function ChangePinDialog({ card, onClose }: { card: Card | null; onClose(): void }) {
  const form = useForm<ChangePinForm>({
    resolver: zodResolver(changePinSchema),
    defaultValues: EMPTY,
  });
  const change = useChangeCardPin();
  const errors = form.formState.errors;
  const close = () => {
    form.reset(EMPTY);
    change.reset();
    onClose();
  };
  const submit = (values: ChangePinForm) => {
    if (!card) return;
    change.mutate(
      { id: card.id, values },
      {
        onSuccess: ({ message }) => {
          toast.success(message || 'PIN changed successfully');
          close();
        },
        onError: (e) => {
          applyServerFieldErrors(e, form.setError, {}, ['current_pin', 'new_pin', 'confirm_pin']);
        },
      },
    );
  };
  // A card that never had a PIN has no current one to ask for: the dialog sets its first PIN,
  // which the server takes from a recently proved session only ("Confirm it's you" opens when
  // needed; closing it leaves the dialog as typed, with nothing to report).
  const firstPin = card !== null && !card.has_pin;
  const action = firstPin ? 'Set PIN' : 'Change PIN';
  const pinProps = {
    type: 'password' as const,
    inputMode: 'numeric' as const,
    maxLength: PIN_LENGTH,
    autoComplete: 'off',
  };
  return (
    <Dialog
      open={card !== null}
      onOpenChange={(open) => !open && close()}
      title={action}
      description={card ? `${card.card_name} ${card.masked_number ?? ''}` : undefined}
    >
      <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
        {firstPin ? (
          <p className="muted">This card has no PIN yet. Choose the 4 digits you will use.</p>
        ) : (
          <TextField
            label="Current PIN"
            error={errors.current_pin?.message}
            {...pinProps}
            {...form.register('current_pin')}
          />
        )}
        <TextField
          label="New PIN"
          error={errors.new_pin?.message}
          {...pinProps}
          {...form.register('new_pin')}
        />
        <TextField
          label="Confirm PIN"
          error={errors.confirm_pin?.message}
          {...pinProps}
          {...form.register('confirm_pin')}
        />
        {change.isError && !isStepUpCancelled(change.error) && !Object.keys(errors).length ? (
          <Alert tone="danger">{errorMessage(change.error, 'Action failed')}</Alert>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            {change.isPending ? 'Changing...' : action}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
