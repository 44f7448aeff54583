import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { applyServerFieldErrors } from '@/components/ui/server-errors';
import { mapError } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import type { Payee } from '../api/get-payees';
import { renamePayeeSchema, useRenamePayee, type RenamePayeeForm } from '../api/rename-payee';

/** Gives a payee a nickname (or takes it away), to tell it from another at the same company. */
export function RenamePayeeDialog({ payee, onClose }: { payee: Payee | null; onClose(): void }) {
  const rename = useRenamePayee();
  const close = () => {
    if (!rename.isPending) onClose();
  };
  return (
    <Dialog
      open={payee !== null}
      onOpenChange={(open) => !open && close()}
      title="Rename payee"
      description={payee ? `${payee.name} ${payee.formatted_account_number}` : undefined}
    >
      {payee ? (
        <RenameForm
          key={payee.id}
          payee={payee}
          rename={rename}
          onDone={() => {
            toast.success('Payee renamed');
            onClose();
          }}
          onCancel={close}
        />
      ) : null}
    </Dialog>
  );
}

function RenameForm({
  payee,
  rename,
  onDone,
  onCancel,
}: {
  payee: Payee;
  rename: ReturnType<typeof useRenamePayee>;
  onDone(): void;
  onCancel(): void;
}) {
  const form = useForm<RenamePayeeForm>({
    resolver: zodResolver(renamePayeeSchema),
    defaultValues: { display_name: payee.display_name === payee.name ? '' : payee.display_name },
  });
  const submit = ({ display_name }: RenamePayeeForm) =>
    rename.mutate(
      { id: payee.id, display_name },
      {
        onSuccess: onDone,
        onError: (e) => {
          if (!applyServerFieldErrors(e, form.setError, {}, ['display_name'])) {
            const m = mapError(e);
            toast.show({ type: m.type, title: m.title, message: m.message, duration: m.duration });
          }
        },
      },
    );
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
      <TextField
        label="Nickname"
        optional
        maxLength={100}
        autoComplete="off"
        hint={`Shown instead of the company name. Leave it blank to show ${payee.name}.`}
        error={form.formState.errors.display_name?.message}
        {...form.register('display_name')}
      />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={rename.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={rename.isPending}>
          Save nickname
        </Button>
      </div>
    </form>
  );
}
