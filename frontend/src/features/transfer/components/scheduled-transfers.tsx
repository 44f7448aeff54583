import { MAX_ACTIVE_SCHEDULES } from '@bank/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Alert, Skeleton, LoadFailed } from '@/components/ui/feedback';
import { ShowAllList } from '@/components/ui/show-all';
import { listedAccountLabel, type Account } from '@/lib/accounts';
import { errorMessage } from '@/lib/error-mapping';
import { formatDay, formatMoney, formatPhone } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import {
  useCancelSchedule,
  useScheduledTransfers,
  type ScheduledTransfer,
} from '../api/scheduled-transfers';
import { scheduleDestination } from '../lib/schedule-destination';
import { TRANSFER_TYPE_INFO } from '../lib/transfer-types';
import { EditScheduleDialog } from './edit-schedule-dialog';

const STATUS_LABELS: Record<ScheduledTransfer['status'], string> = {
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
  stopped: 'Stopped',
};

/** The plan in words: "Every month from Jan 31, 2031, 3 transfers". */
export function planText(s: ScheduledTransfer): string {
  if (!s.frequency) return `Once${s.next_date ? ` on ${formatDay(s.next_date)}` : ''}`;
  const end = s.end_date
    ? ` until ${formatDay(s.end_date)}`
    : s.end_count
      ? `, ${s.end_count} transfers`
      : ', until cancelled';
  return `${s.frequency_label} from ${formatDay(s.start_date)}${end}`;
}

/** The plan in the middle of a sentence: "every week from Dec 5, 2026 …" (month names kept). */
function planInSentence(s: ScheduledTransfer): string {
  const text = planText(s);
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function lastRunText(s: ScheduledTransfer): string | null {
  const run = s.last_run;
  if (!run) return null;
  return run.status === 'completed'
    ? `Last sent ${formatDay(run.date)}${run.reference_number ? ` (ref. ${run.reference_number})` : ''}`
    : `Failed ${formatDay(run.date)}: ${run.failure_reason ?? 'not sent'}`;
}

/** The list's section, where the refusal of one schedule too many sends the customer. */
export const SCHEDULED_TRANSFERS_ID = 'scheduled-transfers';

/** How many schedules are active, and how many the bank allows. */
export function scheduleCountText(active: number): string {
  const count = `${active} active scheduled transfer${active === 1 ? '' : 's'}`;
  return active >= MAX_ACTIVE_SCHEDULES
    ? `${count}, the most you can have. Cancel one to schedule another.`
    : `${count}. You can have up to ${MAX_ACTIVE_SCHEDULES}.`;
}

/** The recipient's contact or bank, a phone number written as the review wrote it. */
const recipientDetail = (s: ScheduledTransfer) =>
  s.type === 'same-bank' ? formatPhone(s.recipient_detail) : s.recipient_detail;

/** Scheduled and recurring transfers, with Edit and Cancel on each active one. */
export function ScheduledTransfers({ accounts }: { accounts: Account[] }) {
  const list = useScheduledTransfers();
  const active = (list.data ?? []).filter((s) => s.status === 'active').length;
  const cancel = useCancelSchedule();
  const [editing, setEditing] = useState<ScheduledTransfer | null>(null);
  const [cancelling, setCancelling] = useState<ScheduledTransfer | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);

  // A cancelled transfer loses its Edit and Cancel buttons, and the focus with them: once the
  // dialog has closed and the list shows it cancelled, its row takes the focus.
  const focusRow = useRef<string | null>(null);
  useEffect(() => {
    const id = focusRow.current;
    if (!id || cancelling || !list.data?.some((s) => s.id === id && s.status !== 'active')) return;
    const timer = setTimeout(() => {
      focusRow.current = null;
      const focused = document.activeElement;
      if (!focused || focused === document.body || !focused.isConnected)
        document.getElementById(`schedule-${id}`)?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [list.data, cancelling]);

  const confirmCancel = () => {
    if (!cancelling) return;
    setCancelError(null);
    focusRow.current = cancelling.id;
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        toast.show({ type: 'success', message: 'Scheduled transfer cancelled' });
        setCancelling(null);
      },
      onError: (e) =>
        setCancelError(errorMessage(e, 'The scheduled transfer could not be cancelled.')),
    });
  };

  return (
    <Card aria-labelledby="scheduled-transfers-title" id={SCHEDULED_TRANSFERS_ID} tabIndex={-1}>
      <CardHeader title="Scheduled Transfers" id="scheduled-transfers-title" />
      {list.isPending ? (
        <Skeleton height="3rem" />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()}>
          {errorMessage(list.error, 'Scheduled transfers are unavailable.')}
        </LoadFailed>
      ) : list.data.length === 0 ? (
        <p className="empty-state">
          No scheduled transfers. Pick a later date or a repeat in the transfer form.
        </p>
      ) : (
        <>
          <p className="muted schedule-count">{scheduleCountText(active)}</p>
          <ShowAllList items={list.data} className="recent-transfers scheduled-transfers">
            {(s) => {
              const last = lastRunText(s);
              const to = scheduleDestination(accounts, s);
              const from = listedAccountLabel(accounts, s.from_account);
              // The plan and memo tell apart two transfers of one amount to one recipient.
              const label = `${TRANSFER_TYPE_INFO[s.type].title} to ${to}, ${formatMoney(s.amount)}, ${planInSentence(s)}${s.memo ? `, ${s.memo}` : ''}`;
              return (
                <li
                  key={s.id}
                  id={`schedule-${s.id}`}
                  tabIndex={-1}
                  className="recent-transfer scheduled-transfer"
                >
                  <div className="recent-transfer__main">
                    <span className="recent-transfer__desc">
                      To {to}
                      {s.recipient_detail ? ` (${recipientDetail(s)})` : ''}
                    </span>
                    {from ? <span className="muted recent-transfer__meta">From {from}</span> : null}
                    <span className="muted recent-transfer__meta">
                      {planText(s)} · {STATUS_LABELS[s.status]}
                      {s.status === 'active' && s.next_date
                        ? ` · Next ${formatDay(s.next_date)}`
                        : ''}
                    </span>
                    {s.memo ? (
                      <span className="muted recent-transfer__meta">Memo: {s.memo}</span>
                    ) : null}
                    {last ? <span className="muted recent-transfer__meta">{last}</span> : null}
                  </div>
                  <span className="tabular recent-transfer__amount">{formatMoney(s.amount)}</span>
                  {s.status === 'active' ? (
                    <span className="scheduled-transfer__actions">
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Edit ${label}`}
                        onClick={() => setEditing(s)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Cancel ${label}`}
                        onClick={() => {
                          setCancelError(null);
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
        </>
      )}

      <EditScheduleDialog schedule={editing} accounts={accounts} onClose={() => setEditing(null)} />

      <Dialog
        open={cancelling !== null}
        role="alertdialog"
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setCancelling(null);
        }}
        title="Cancel scheduled transfer?"
        description={
          cancelling
            ? `${formatMoney(cancelling.amount)} to ${cancelling.recipient_name}, ${planInSentence(cancelling)}: no further transfers will be made. Transfers already sent are not affected.`
            : undefined
        }
      >
        {cancelError ? <Alert tone="danger">{cancelError}</Alert> : null}
        <div className="dialog__actions">
          <Button
            variant="secondary"
            onClick={() => setCancelling(null)}
            disabled={cancel.isPending}
          >
            Keep it
          </Button>
          <Button variant="danger" onClick={confirmCancel} loading={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel transfer'}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
