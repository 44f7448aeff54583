import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { SelectField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { transactionCategory, type Transaction } from '@/lib/transactions';
import { useChangeCategory, useTransactionCategories } from '../api/change-category';

/** Lets the customer put one transaction in another category. */
export function CategoryDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction | null;
  onClose(): void;
}) {
  const open = transaction !== null;
  const categories = useTransactionCategories(open);
  const change = useChangeCategory();
  const current = transaction ? transactionCategory(transaction).key : '';
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = chosen ?? current;

  const close = () => {
    setChosen(null);
    setError(null);
    change.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!transaction) return;
    change.mutate(
      { transactionId: String(transaction.id), category: value },
      {
        onSuccess: (result) => {
          toast.success(
            `${transaction.description} is now in ${result.category_label}.`,
            'Category changed',
          );
          close();
        },
        onError: (e) => {
          const fieldMessage = e instanceof ApiError ? e.errors?.category?.[0] : undefined;
          setError(fieldMessage ?? e.message);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title="Change category"
      description={transaction ? `Choose a category for ${transaction.description}.` : undefined}
    >
      <form className="stack" onSubmit={submit} noValidate>
        {categories.isError ? (
          <Alert tone="danger" title="Error">
            <p>We could not load the categories. Please try again.</p>
          </Alert>
        ) : null}
        <SelectField
          label="Category"
          value={value}
          onChange={(e) => {
            setChosen(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          disabled={!categories.data}
        >
          {(categories.data ?? []).map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending} disabled={!categories.data}>
            {change.isPending ? 'Saving...' : 'Save category'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
