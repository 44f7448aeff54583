import { CancelPendingButton } from '@/components/transactions/cancel-pending';
import { ReceiptLink } from '@/components/transactions/receipt-link';
import { Skeleton } from '@/components/ui/feedback';
import { Badge, type Tone } from '@/components/ui/feedback';
import { formatMoney } from '@/lib/format';
import type { ZelleActivity } from '../api/get-zelle-transactions';

// A declined request or a returned payment is an answer, not a failure: neutral, and named.
const NEUTRAL_ENDINGS = ['declined', 'returned', 'cancelled', 'expired'];

export function statusTone(status: string): Tone {
  if (status === 'completed') return 'success';
  if (status === 'pending' || status === 'processing') return 'warning';
  if (NEUTRAL_ENDINGS.includes(status)) return 'neutral';
  return 'danger';
}

export function statusLabel(status: string) {
  if (['completed', 'pending', 'processing', ...NEUTRAL_ENDINGS].includes(status))
    return status[0]!.toUpperCase() + status.slice(1);
  return 'Failed';
}

function typeLabel(item: ZelleActivity) {
  if (item.type === 'sent') return `Sent to ${item.recipient_name}`;
  if (item.type === 'received') return `Received from ${item.sender_name}`;
  if (item.direction === 'incoming') return `Request from ${item.sender_name}`;
  return `Request to ${item.recipient_name}`;
}

/**
 * A payment's amount is signed as the money moved: + received, - sent. A request moves none:
 * paying it is a payment of its own, listed with its sign, so a signed request would show that
 * money twice. Its amount is labelled as requested instead, in neither colour.
 */
function Amount({ item }: { item: ZelleActivity }) {
  if (item.type === 'request')
    return (
      <span className="tabular zelle-activity__amount">
        <span className="zelle-activity__requested">Requested</span> {formatMoney(item.amount)}
      </span>
    );
  const credit = item.type === 'received';
  return (
    <span
      className={`tabular zelle-activity__amount ${credit ? 'amount--credit' : 'amount--debit'}`}
    >
      {credit ? '+' : '-'}
      {formatMoney(item.amount)}
    </span>
  );
}

/** What the customer may still take back: their unclaimed payment, their unanswered request. */
function cancelButton(item: ZelleActivity) {
  if (item.status !== 'pending' || item.direction === 'incoming') return null;
  const amount = formatMoney(item.amount);
  if (item.type === 'sent') {
    return (
      <CancelPendingButton
        kind="zelle-payment"
        id={item.id}
        size="sm"
        question={`${item.recipient_name} has not claimed your payment of ${amount} yet. If you cancel it, the money is available in your account again at once.`}
      />
    );
  }
  if (item.type === 'request') {
    return (
      <CancelPendingButton
        kind="zelle-request"
        id={item.id}
        size="sm"
        question={`${item.recipient_name} will no longer be asked to pay ${amount}.`}
      />
    );
  }
  return null;
}

/**
 * The cancel button sits in a cell of its own, not in the amount's column: there its width made
 * the column wide enough on a phone to wrap under the payment, leaving the amount mid-row.
 */
function CancelAction({ item }: { item: ZelleActivity }) {
  const button = cancelButton(item);
  return button ? <div className="zelle-activity__actions">{button}</div> : null;
}

/** Activity tab: the latest 20 items, each opening its receipt once money moved. */
export function ActivityList({
  items,
  loading,
}: {
  items: ZelleActivity[] | undefined;
  loading: boolean;
}) {
  if (loading)
    return (
      <div className="stack">
        <Skeleton height="3.5rem" />
        <Skeleton height="3.5rem" />
      </div>
    );
  if (!items?.length) return <p className="empty-state">No Zelle activity yet</p>;
  return (
    <ul className="zelle-activity">
      {items.map((item) => (
        <li key={item.id} className="zelle-activity__item">
          <div className="zelle-activity__main">
            <span className="zelle-activity__title">
              <ReceiptLink id={item.receipt_id} from="Zelle">
                {typeLabel(item)}
              </ReceiptLink>
            </span>
            {item.memo ? <span className="muted">{item.memo}</span> : null}
            <span className="muted zelle-activity__meta">
              {item.formatted_date}
              {item.reference_number ? ` · Ref ${item.reference_number}` : ''}
            </span>
          </div>
          <div className="zelle-activity__side">
            <Amount item={item} />
            <Badge tone={statusTone(item.status)}>{statusLabel(item.status)}</Badge>
          </div>
          <CancelAction item={item} />
        </li>
      ))}
    </ul>
  );
}
