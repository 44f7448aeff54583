import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { errorMessage } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import type { Card } from '../api/get-cards';
import { reportLostSchema, useReportCardLost, type ReportLostForm } from '../api/report-card-lost';

export function ReportLostDialog({
  card,
  onClose,
  onReported,
}: {
  card: Card | null;
  onClose(): void;
  /** The card is deactivated: its buttons go from now on. */
  onReported?(card: Card): void;
}) {
  const form = useForm<ReportLostForm>({
    resolver: zodResolver(reportLostSchema),
    defaultValues: { type: 'lost', description: '' },
  });
  const report = useReportCardLost();
  const close = () => {
    form.reset();
    report.reset();
    onClose();
  };
  const submit = (values: ReportLostForm) =>
    card &&
    report.mutate(
      { id: card.id, values },
      {
        onSuccess: ({ message }) => {
          toast.success(message || 'Card reported and deactivated');
          onReported?.(card);
          close();
        },
      },
    );
  return (
    <Dialog
      open={card !== null}
      onOpenChange={(open) => !open && close()}
      title="Report Lost or Stolen Card"
      role="alertdialog"
      description={card ? `${card.card_name} ${card.masked_number ?? ''}` : undefined}
    >
      <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
        <Alert tone="warning" title="Your card will be deactivated immediately">
          Once reported, this card can no longer be used. You can apply for a replacement card.
        </Alert>
        <SelectField label="What happened?" {...form.register('type')}>
          <option value="lost">Lost</option>
          <option value="stolen">Stolen</option>
        </SelectField>
        <TextAreaField
          label="Description"
          optional
          rows={3}
          maxLength={1000}
          error={form.formState.errors.description?.message}
          {...form.register('description')}
        />
        {report.isError ? (
          <Alert tone="danger">{errorMessage(report.error, 'Action failed')}</Alert>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={report.isPending}>
            {report.isPending ? 'Reporting...' : 'Report Lost'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
