import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { applyServerFieldErrors, useFormAttemptKey } from '@/components/ui/server-errors';
import { mapError } from '@/lib/error-mapping';
import { toast } from '@/lib/toast-store';
import { ticketSchema, useCreateTicket, type TicketForm } from '../api/create-ticket';
import type { SupportMeta } from '../api/get-support-categories';

export function CreateTicketDialog({
  open,
  onOpenChange,
  meta,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  meta: SupportMeta | undefined;
  onCreated(id: string): void;
}) {
  const defaults = (): TicketForm => ({
    subject: '',
    category: meta?.defaultCategory ?? 'general',
    priority: meta?.defaultPriority ?? 'medium',
    description: '',
  });
  const form = useForm<TicketForm>({
    resolver: zodResolver(ticketSchema),
    defaultValues: defaults(),
  });
  const create = useCreateTicket();
  const key = useFormAttemptKey(form);
  const errors = form.formState.errors;
  // A refusal that is about no one field stays beside Create Ticket until the next try; the
  // notice the shared handler shows goes after a few seconds.
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      form.reset(defaults());
      setFailure(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, meta]);

  const submit = (values: TicketForm) => {
    setFailure(null);
    create.mutate(
      { values, idempotencyKey: key.current() },
      {
        onSuccess: ({ ticket, message }) => {
          key.renew();
          toast.success(message || 'Support ticket created successfully!');
          onOpenChange(false);
          onCreated(ticket.id);
        },
        onError: (e) => {
          if (
            !applyServerFieldErrors(e, form.setError, {}, [
              'subject',
              'category',
              'priority',
              'description',
            ])
          ) {
            const m = mapError(e);
            toast.show({ type: m.type, title: m.title, message: m.message, duration: m.duration });
            setFailure(m.message);
          }
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Support Ticket"
      description="Tell us what you need help with."
    >
      <form className="form" noValidate onSubmit={form.handleSubmit(submit)}>
        <TextField
          label="Subject"
          maxLength={255}
          error={errors.subject?.message}
          {...form.register('subject')}
        />
        <div className="form-row">
          <SelectField
            label="Category"
            error={errors.category?.message}
            {...form.register('category')}
          >
            {(meta?.categories.length
              ? meta.categories
              : [{ value: 'general', label: 'General' }]
            ).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Priority"
            error={errors.priority?.message}
            {...form.register('priority')}
          >
            {(meta?.priorities ?? []).map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label="Description"
          rows={5}
          maxLength={5000}
          error={errors.description?.message}
          {...form.register('description')}
        />
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Ticket'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
