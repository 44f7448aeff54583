import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Alert, Skeleton, LoadFailed } from '@/components/ui/feedback';
import { newIdempotencyKey } from '@/components/ui/server-errors';
import { isStepUpCancelled } from '@/lib/api-client';
import { centsOf } from '@/lib/cents';
import { formatDate, formatMoney, formatMoneyCents } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useRecentTransfers, type RecentTransfer } from '../api/get-recent-transfers';
import { useRepeatTransfer } from '../api/repeat-transfer';
import { TRANSFER_TYPE_INFO } from '../lib/transfer-types';

export const REPEAT_FAILED = 'Failed to repeat transfer. Please try again.';

/** What repeating costs: the amount again plus the type's fee, said in full. */
export function repeatSummary(transfer: RecentTransfer): string {
  const fee = TRANSFER_TYPE_INFO[transfer.type].feeCents;
  const sent = `${transfer.description}: ${formatMoney(transfer.amount)} will be sent again`;
  if (!fee) return `${sent}, with no fee.`;
  const totalCents = centsOf(transfer.amount) + fee;
  return `${sent}, plus the ${formatMoneyCents(fee)} fee: ${formatMoneyCents(totalCents)} in total.`;
}

/** Recent transfers with a Repeat button each; repeating asks for confirmation first. */
export function RecentTransfers() {
  const recent = useRecentTransfers(5);
  const repeat = useRepeatTransfer();
  const [pending, setPending] = useState<{ transfer: RecentTransfer; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [repeated, setRepeated] = useState<{ message: string; reference: string | null } | null>(
    null,
  );

  const confirm = () => {
    if (!pending) return;
    setError(null);
    setRepeated(null);
    repeat.mutate(
      { id: pending.transfer.id, idempotencyKey: pending.key },
      {
        onSuccess: ({ message, data }) => {
          const reference = data?.transfer?.reference_number ?? null;
          const text = message || 'Transfer repeated successfully';
          toast.show({
            type: 'success',
            message: reference
              ? `${text.replace(/\.?$/, '.')} Reference number: ${reference}`
              : text,
          });
          setRepeated({ message: text, reference });
          setPending(null);
        },
        onError: (e) => {
          // Closing "Confirm it's you" is the customer's choice: the question stays, no error.
          if (!isStepUpCancelled(e)) setError(REPEAT_FAILED);
        },
      },
    );
  };

  return (
    <Card aria-labelledby="recent-transfers-title">
      <CardHeader title="Recent Transfers" id="recent-transfers-title" />
      {recent.isPending ? (
        <div className="stack">
          <Skeleton height="3rem" />
          <Skeleton height="3rem" />
        </div>
      ) : recent.isError ? (
        // A list that failed to load is not an empty one.
        <LoadFailed onRetry={() => void recent.refetch()}>
          Your recent transfers could not be loaded.
        </LoadFailed>
      ) : recent.data.length === 0 ? (
        <p className="empty-state">No recent transfers</p>
      ) : (
        <ul className="recent-transfers">
          {recent.data.map((t) => (
            <li key={t.id} className="recent-transfer">
              <div className="recent-transfer__main">
                <span className="recent-transfer__desc">{t.description}</span>
                <span className="muted recent-transfer__meta">
                  {TRANSFER_TYPE_INFO[t.type].title} · {formatDate(t.date)}
                </span>
              </div>
              <span className="tabular recent-transfer__amount">{formatMoney(t.amount)}</span>
              <Button
                variant="secondary"
                size="sm"
                icon={<Repeat size={16} aria-hidden="true" />}
                aria-label={`Repeat ${t.description}, ${formatMoney(t.amount)}`}
                onClick={() => {
                  setError(null);
                  setPending({ transfer: t, key: newIdempotencyKey() });
                }}
              >
                Repeat
              </Button>
            </li>
          ))}
        </ul>
      )}
      {repeated ? (
        <Alert
          tone="success"
          title="Transfer repeated"
          action={
            repeated.reference ? (
              <ButtonLink
                variant="secondary"
                size="sm"
                to={`/transactions/${encodeURIComponent(repeated.reference)}`}
              >
                View receipt
              </ButtonLink>
            ) : null
          }
        >
          <p>{repeated.message}</p>
          {repeated.reference ? (
            <p>
              Reference number:{' '}
              <span className="transfer-done__reference">{repeated.reference}</span>
            </p>
          ) : null}
        </Alert>
      ) : null}
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !repeat.isPending) setPending(null);
        }}
        title="Repeat transfer?"
        description={pending ? repeatSummary(pending.transfer) : undefined}
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setPending(null)} disabled={repeat.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={repeat.isPending}>
            {repeat.isPending ? 'Processing...' : 'Confirm Repeat'}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
