import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ReceiptLink } from '@/components/transactions/receipt-link';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Alert, PageSpinner } from '@/components/ui/feedback';
import { TextAreaField } from '@/components/ui/field';
import { applyServerFieldErrors, useFormAttemptKey } from '@/components/ui/server-errors';
import { mapError } from '@/lib/error-mapping';
import { focusWhenGone } from '@/lib/focus-when-gone';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useTicket } from '../api/get-ticket';
import { replySchema, useReplyToTicket, type ReplyForm } from '../api/reply-to-ticket';
import { useUpdateTicketStatus } from '../api/update-ticket-status';
import { Conversation } from './conversation';
import { PriorityBadge, StatusBadge } from './labels';

/** What ending a dispute's ticket does not do, for the dialogs that confirm it. */
const DISPUTE_GOES_ON = (action: string) =>
  `${action} does not withdraw your dispute: the charge stays on your account until we decide it, and a notification will tell you when we do.`;

function showError(e: unknown) {
  const m = mapError(e);
  toast.show({ type: m.type, title: m.title, message: m.message, duration: m.duration });
}

/** The ticket detail view: facts, actions, the conversation and the reply form. */
export function TicketDetail({ id, onBack }: { id: string; onBack(): void }) {
  const ticket = useTicket(id);
  const reply = useReplyToTicket();
  const status = useUpdateTicketStatus();
  const form = useForm<ReplyForm>({
    resolver: zodResolver(replySchema),
    defaultValues: { message: '' },
  });
  // The key names the ticket too: the same words sent to another ticket are another reply.
  const replyKey = useFormAttemptKey(form);
  const heading = useRef<HTMLHeadingElement>(null);
  const resolveButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Closing is final (a closed ticket cannot be replied to or changed), so it is confirmed first;
  // so is marking a dispute's ticket resolved, which does not decide or withdraw the dispute.
  const [confirming, setConfirming] = useState<'resolved' | 'closed' | null>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [ticket.data?.id]);

  const back = (
    <button type="button" className="back-link back-link--button" onClick={onBack}>
      <ArrowLeft size={16} aria-hidden="true" /> Back to tickets
    </button>
  );

  if (ticket.isPending) return <PageSpinner label="Loading ticket" />;
  if (ticket.isError)
    return (
      <div className="stack">
        {back}
        <Alert tone="danger">{mapError(ticket.error).message}</Alert>
      </div>
    );

  const t = ticket.data;
  const closed = t.status === 'closed';
  // Staff may still decide a dispute whose ticket the customer closed.
  const disputeGoesOn = t.dispute !== null && t.dispute.outcome === null;
  const setStatus = (next: 'resolved' | 'closed') => {
    // Resolved, the ticket loses Mark as Resolved; closed, both buttons: the focus goes to the
    // ticket's subject, beside its new status, rather than the top of the page.
    const opener = next === 'resolved' ? resolveButton.current : closeButton.current;
    status.mutate(
      { id: t.id, status: next },
      {
        onSuccess: ({ message }) => {
          if (opener) focusWhenGone(opener, [heading.current]);
          setConfirming(null);
          toast.success(message || 'Ticket updated');
        },
        onError: (e) => {
          setConfirming(null);
          showError(e);
        },
      },
    );
  };
  const send = (v: ReplyForm) =>
    reply.mutate(
      { id: t.id, message: v.message, idempotencyKey: `${t.id}:${replyKey.current()}` },
      {
        onSuccess: () => {
          replyKey.renew();
          toast.success('Reply added successfully');
          form.reset({ message: '' });
        },
        onError: (e) => {
          // The field error shows under the reply; the toast stays even if the ticket turns out
          // to be closed meanwhile and the form disappears on the refetch.
          applyServerFieldErrors(e, form.setError, {}, ['message']);
          showError(e);
        },
      },
    );

  return (
    <div className="stack">
      {back}
      <Card aria-labelledby="ticket-subject">
        <div className="ticket-head">
          <div>
            <h2 className="ticket-head__subject" id="ticket-subject" ref={heading} tabIndex={-1}>
              {t.subject}
            </h2>
            <p className="muted">#{t.ticket_number}</p>
          </div>
          <div className="ticket-head__badges">
            <PriorityBadge ticket={t} />
            <StatusBadge ticket={t} />
          </div>
        </div>
        <dl className="ticket-facts">
          <div>
            <dt>Category</dt>
            <dd>{t.category_display}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{t.created_at ? formatDate(t.created_at, true) : t.time_since_created}</dd>
          </div>
        </dl>
        <p className="ticket-description">{t.description}</p>
        {t.dispute ? (
          <p>
            This ticket follows your dispute of a card charge:{' '}
            <ReceiptLink id={t.dispute.transaction_id} from="Support">
              see the charge and where the dispute stands
            </ReceiptLink>
            .
          </p>
        ) : null}
        {!closed ? (
          <div className="ticket-actions">
            {t.status !== 'resolved' ? (
              <Button
                ref={resolveButton}
                variant="secondary"
                onClick={() => (disputeGoesOn ? setConfirming('resolved') : setStatus('resolved'))}
                // Busy, not disabled, while it runs: a disabled button drops the focus.
                loading={status.isPending && status.variables.status === 'resolved'}
                disabled={status.isPending && status.variables.status !== 'resolved'}
              >
                Mark as Resolved
              </Button>
            ) : null}
            <Button
              ref={closeButton}
              variant="danger"
              onClick={() => setConfirming('closed')}
              disabled={status.isPending}
            >
              Close Ticket
            </Button>
          </div>
        ) : (
          <p className="muted">This ticket is closed.</p>
        )}
      </Card>

      <Card aria-labelledby="conversation-title">
        <CardHeader title="Conversation" id="conversation-title" />
        <Conversation key={t.id} ticket={t} />
        {!closed ? (
          <form className="form reply-form" noValidate onSubmit={form.handleSubmit(send)}>
            <TextAreaField
              label="Add Reply"
              rows={3}
              maxLength={5000}
              error={form.formState.errors.message?.message}
              {...form.register('message')}
            />
            <div>
              <Button type="submit" loading={reply.isPending}>
                {reply.isPending ? 'Sending...' : 'Send Reply'}
              </Button>
            </div>
          </form>
        ) : null}
      </Card>

      {confirming === 'closed' && !closed ? (
        <ConfirmStatus
          title="Close this ticket?"
          description={`#${t.ticket_number} "${t.subject}": a closed ticket cannot be reopened or replied to.${disputeGoesOn ? ` ${DISPUTE_GOES_ON('Closing it')}` : ''} If you need more help later, open a new ticket.`}
          action={status.isPending ? 'Closing...' : 'Close Ticket'}
          danger
          pending={status.isPending}
          onConfirm={() => setStatus('closed')}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'resolved' && t.status !== 'resolved' && !closed ? (
        <ConfirmStatus
          title="Mark this ticket resolved?"
          description={`#${t.ticket_number} "${t.subject}": ${DISPUTE_GOES_ON('Marking it resolved')} You can still reply here.`}
          action={status.isPending ? 'Saving...' : 'Mark as Resolved'}
          pending={status.isPending}
          onConfirm={() => setStatus('resolved')}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}

/** Asks before a change of status the customer cannot take back, or might misread. */
function ConfirmStatus(props: {
  title: string;
  description: string;
  action: string;
  danger?: boolean;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => {
        if (!open && !props.pending) props.onCancel();
      }}
      title={props.title}
      description={props.description}
    >
      <div className="dialog__actions">
        <Button variant="secondary" onClick={props.onCancel} disabled={props.pending}>
          Keep it open
        </Button>
        <Button
          {...(props.danger ? { variant: 'danger' as const } : {})}
          onClick={props.onConfirm}
          disabled={props.pending}
        >
          {props.action}
        </Button>
      </div>
    </Dialog>
  );
}
