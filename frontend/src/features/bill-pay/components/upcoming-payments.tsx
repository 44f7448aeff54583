import { MAX_ACTIVE_SCHEDULES, RECURRING_FREQUENCY_LABELS } from '@bank/contracts';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ShowAllList } from '@/components/ui/show-all';
import { accountById, accountLabel, type Account } from '@/lib/accounts';
import { focusAfterRowRemoved } from '@/lib/focus-when-gone';
import { formatDay, formatMoney } from '@/lib/format';
import type { ScheduledPayment } from '../api/get-scheduled-payments';
import { useCancelScheduledPayment } from '../api/scheduled-payment-controls';
import { EditPaymentDialog } from './edit-payment-dialog';

function frequencyLabel(p: ScheduledPayment): string {
  return p.recurring_frequency ? RECURRING_FREQUENCY_LABELS[p.recurring_frequency] : '';
}

/** What cancelling stops, in words: this one payment, or every one still to come. */
export function cancelText(p: ScheduledPayment): string {
  const what = `the ${formatMoney(p.amount)} payment to ${p.payee_name} on ${formatDay(p.scheduled_date)}`;
  return p.is_recurring
    ? `Cancel ${what}? It repeats ${frequencyLabel(p).toLowerCase()}: all future payments of it will stop. Payments already made are not affected.`
    : `Cancel ${what}? It will not be paid.`;
}

/** The list's section, where the refusal of one scheduled payment too many sends the customer. */
export const UPCOMING_PAYMENTS_ID = 'upcoming-payments';

/**
 * Upcoming Payments, with Edit and Cancel on each scheduled payment (AutoPay runs are changed on
 * their payee). One the bank stopped is not listed: nothing of it is to come (the history shows
 * it). The dialogs stay mounted when the refreshed list drops the row they were for.
 */
export function UpcomingPayments({
  payments,
  accounts,
}: {
  payments: ScheduledPayment[];
  accounts: Account[];
}) {
  const cancel = useCancelScheduledPayment();
  const [editing, setEditing] = useState<ScheduledPayment | null>(null);
  const [cancelling, setCancelling] = useState<ScheduledPayment | null>(null);
  const cancelOpener = useRef<HTMLButtonElement | null>(null);
  // AutoPay runs are not scheduled payments: the bank does not count them against the limit, and
  // the line says so when one is listed under it.
  const scheduled = payments.filter((p) => p.source !== 'autopay').length;
  const autopayListed = payments.some((p) => p.source === 'autopay');
  const fromName = (p: ScheduledPayment) => {
    const account = accountById(accounts, p.from_account_id);
    return account ? accountLabel(account) : p.account_name;
  };

  const confirmCancel = () => {
    if (!cancelling) return;
    // The payment's row goes with its Cancel button: the focus moves on to the next payment (else
    // the one before, else the tab's panel when it was the last) rather than the top of the page.
    const refocus = focusAfterRowRemoved(cancelOpener.current, '[role="tabpanel"]');
    cancel.mutate(cancelling.payment_id, {
      onSuccess: refocus,
      onSettled: () => setCancelling(null),
    });
  };

  return (
    <>
      {payments.length ? (
        <Card aria-labelledby="upcoming-title" id={UPCOMING_PAYMENTS_ID} tabIndex={-1}>
          <CardHeader title="Upcoming Payments" id="upcoming-title" />
          <p className="muted schedule-count">
            {scheduled} of {MAX_ACTIVE_SCHEDULES} scheduled payments in use
            {autopayListed ? ' (AutoPay payments are not counted)' : ''}
          </p>
          <ShowAllList items={payments} className="payee-rows">
            {(s) => {
              const label = `${s.payee_name}, ${formatMoney(s.amount)} on ${formatDay(s.scheduled_date)}`;
              return (
                <li key={s.id} className="payee-row upcoming-row">
                  <div className="payee-row__main">
                    <span className="payee-row__name">{s.payee_name}</span>
                    <span className="muted">
                      {formatDay(s.scheduled_date)}
                      {s.is_recurring && s.recurring_frequency ? ` · ${frequencyLabel(s)}` : ''}
                      {s.source === 'autopay' ? ' · AutoPay' : ''}
                      {fromName(s) ? ` · from ${fromName(s)}` : ''}
                    </span>
                  </div>
                  <span className="tabular">{formatMoney(s.amount)}</span>
                  {s.source !== 'autopay' ? (
                    <span className="upcoming-row__actions">
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Edit payment: ${label}`}
                        onClick={() => setEditing(s)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Cancel payment: ${label}`}
                        onClick={(event) => {
                          cancelOpener.current = event.currentTarget;
                          setCancelling(s);
                        }}
                      >
                        Cancel
                      </Button>
                    </span>
                  ) : null}
                </li>
              );
            }}
          </ShowAllList>
        </Card>
      ) : null}

      <EditPaymentDialog payment={editing} accounts={accounts} onClose={() => setEditing(null)} />
      <Dialog
        open={cancelling !== null}
        role="alertdialog"
        onOpenChange={(open) => !open && !cancel.isPending && setCancelling(null)}
        title="Cancel scheduled payment?"
        description={cancelling ? cancelText(cancelling) : undefined}
      >
        <div className="dialog__actions">
          <Button
            variant="secondary"
            onClick={() => setCancelling(null)}
            disabled={cancel.isPending}
          >
            Keep it
          </Button>
          <Button variant="danger" onClick={confirmCancel} loading={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel payment'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
