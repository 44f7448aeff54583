import {
  MAX_ACTIVE_SCHEDULES,
  TRANSFER_FREQUENCIES,
  TRANSFER_FREQUENCY_LABELS,
} from '@bank/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Alert, Skeleton, LoadFailed } from '@/components/ui/feedback';
import { SelectField, TextField } from '@/components/ui/field';
import { ShowAllList } from '@/components/ui/show-all';
import { ApiError, firstFieldErrors } from '@/lib/api-client';
import { accountLabel, type Account } from '@/lib/accounts';
import { errorMessage } from '@/lib/error-mapping';
import { formatDay, formatMoney, formatPhone } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import {
  useCancelSchedule,
  useScheduledTransfers,
  useUpdateSchedule,
  type PlanValues,
  type ScheduledTransfer,
} from '../api/scheduled-transfers';
import {
  lastScheduleEndDate,
  lastSchedulableDate,
  TRANSFER_TYPE_INFO,
  bankToday,
} from '../lib/transfer-types';

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

type EditState = { schedule: ScheduledTransfer; amount: string; fromAccount: string } & PlanValues;

/** The fields of the edit dialog: each shows the server's message about it. */
const EDIT_FIELDS: readonly string[] = [
  'fromAccount',
  'amount',
  'transferDate',
  'frequency',
  'endDate',
  'endCount',
];

function editStateOf(s: ScheduledTransfer): EditState {
  return {
    schedule: s,
    amount: s.amount.toFixed(2),
    fromAccount: s.from_account.id,
    transferDate: s.next_date ?? bankToday(),
    frequency: s.frequency ?? '',
    endType: s.end_date ? 'date' : s.end_count ? 'count' : 'never',
    endDate: s.end_date ?? '',
    endCount: s.end_count ? String(s.end_count) : '',
  };
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
  const update = useUpdateSchedule();
  const cancel = useCancelSchedule();
  const [editing, setEditing] = useState<EditState | null>(null);
  const [cancelling, setCancelling] = useState<ScheduledTransfer | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(
    null,
  );

  const fail = (e: unknown) => {
    const fields =
      e instanceof ApiError
        ? Object.fromEntries(
            firstFieldErrors(e.errors)
              .filter((f) => EDIT_FIELDS.includes(f.field))
              .map((f) => [f.field, f.message]),
          )
        : {};
    setError({ message: errorMessage(e, 'The scheduled transfer could not be changed.'), fields });
  };

  const save = () => {
    if (!editing) return;
    setError(null);
    const { schedule, ...values } = editing;
    update.mutate(
      { id: schedule.id, memo: schedule.memo, ...values },
      {
        onSuccess: () => {
          toast.show({ type: 'success', message: 'Scheduled transfer updated' });
          setEditing(null);
        },
        onError: fail,
      },
    );
  };

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
    setError(null);
    focusRow.current = cancelling.id;
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        toast.show({ type: 'success', message: 'Scheduled transfer cancelled' });
        setCancelling(null);
      },
      onError: fail,
    });
  };

  const set = (patch: Partial<EditState>) => setEditing((e) => (e ? { ...e, ...patch } : e));

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
              // The plan and memo tell apart two transfers of one amount to one recipient.
              const label = `${TRANSFER_TYPE_INFO[s.type].title} to ${s.recipient_name}, ${formatMoney(s.amount)}, ${planInSentence(s)}${s.memo ? `, ${s.memo}` : ''}`;
              return (
                <li
                  key={s.id}
                  id={`schedule-${s.id}`}
                  tabIndex={-1}
                  className="recent-transfer scheduled-transfer"
                >
                  <div className="recent-transfer__main">
                    <span className="recent-transfer__desc">
                      To {s.recipient_name}
                      {s.recipient_detail ? ` (${recipientDetail(s)})` : ''}
                    </span>
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
                        onClick={() => {
                          setError(null);
                          setEditing(editStateOf(s));
                        }}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Cancel ${label}`}
                        onClick={() => {
                          setError(null);
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

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open && !update.isPending) setEditing(null);
        }}
        title="Edit scheduled transfer"
        description={editing ? `To ${editing.schedule.recipient_name}` : undefined}
      >
        {editing ? (
          <form
            noValidate
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <SelectField
              label="From Account"
              value={editing.fromAccount}
              error={error?.fields.fromAccount}
              onChange={(e) => set({ fromAccount: e.target.value })}
            >
              {accounts
                .filter((a) => String(a.id) !== editing.schedule.to_account?.id)
                .map((a) => (
                  <option key={a.id} value={String(a.id)}>
                    {accountLabel(a)}
                  </option>
                ))}
            </SelectField>
            <TextField
              label="Amount (USD)"
              type="number"
              inputMode="decimal"
              min={5}
              step={0.01}
              value={editing.amount}
              error={error?.fields.amount}
              onChange={(e) => set({ amount: e.target.value })}
            />
            <TextField
              label={editing.frequency ? 'Next Transfer Date' : 'Transfer Date'}
              type="date"
              min={bankToday()}
              max={lastSchedulableDate(bankToday())}
              value={editing.transferDate}
              error={error?.fields.transferDate}
              onChange={(e) => set({ transferDate: e.target.value })}
            />
            <SelectField
              label="Repeat"
              value={editing.frequency}
              error={error?.fields.frequency}
              onChange={(e) => set({ frequency: e.target.value as PlanValues['frequency'] })}
            >
              <option value="">Does not repeat</option>
              {TRANSFER_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {TRANSFER_FREQUENCY_LABELS[f]}
                </option>
              ))}
            </SelectField>
            {editing.frequency ? (
              <SelectField
                label="Ends"
                value={editing.endType}
                onChange={(e) => set({ endType: e.target.value as PlanValues['endType'] })}
              >
                <option value="never">When I cancel it</option>
                <option value="date">On a date</option>
                <option value="count">After a number of transfers</option>
              </SelectField>
            ) : null}
            {editing.frequency && editing.endType === 'date' ? (
              <TextField
                label="End Date"
                type="date"
                min={editing.transferDate}
                max={lastScheduleEndDate(editing.transferDate)}
                value={editing.endDate}
                error={error?.fields.endDate}
                onChange={(e) => set({ endDate: e.target.value })}
              />
            ) : null}
            {editing.frequency && editing.endType === 'count' ? (
              <TextField
                label="Number of Transfers"
                type="number"
                inputMode="numeric"
                min={1}
                max={520}
                value={editing.endCount}
                error={error?.fields.endCount}
                onChange={(e) => set({ endCount: e.target.value })}
              />
            ) : null}
            {/* Said once: a message already under its field is not repeated here. */}
            {error && !Object.values(error.fields).includes(error.message) ? (
              <Alert tone="danger">{error.message}</Alert>
            ) : null}
            <div className="dialog__actions">
              <Button
                variant="secondary"
                onClick={() => setEditing(null)}
                disabled={update.isPending}
              >
                Close
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save changes'}
              </Button>
            </div>
          </form>
        ) : null}
      </Dialog>

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
        {error ? <Alert tone="danger">{error.message}</Alert> : null}
        <div className="dialog__actions">
          <Button
            variant="secondary"
            onClick={() => setCancelling(null)}
            disabled={cancel.isPending}
          >
            Keep it
          </Button>
          <Button variant="danger" onClick={confirmCancel} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel transfer'}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
