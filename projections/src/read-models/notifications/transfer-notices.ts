import { BANK_TIME_ZONE, formatUsd, type TransferType } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Projection } from '../../projection.ts';
import type { RaiseNotification } from './notification-types.ts';

const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: BANK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** A wire named as the customer sent it ("international wire"); null for other transfers. */
function wireName(type: TransferType | undefined): string | null {
  if (type === 'domestic-wire') return 'domestic wire';
  if (type === 'international-wire') return 'international wire';
  return null;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The sender's notifications about a transfer: handlers of the notifications projection (so they
 * live and rebuild with the other notifications). The events carry everything the notices say.
 */
export function transferNotificationHandlers(
  raise: RaiseNotification,
): Pick<
  Projection['handlers'],
  'TransferInitiated' | 'TransferSettled' | 'TransferFailed' | 'TransferCancelled'
> {
  return {
    async TransferInitiated(d, event: RecordedEvent, db) {
      const amount = formatUsd(d.amount);
      let title: string;
      let message: string;
      let priority: 'medium' | 'high' = 'medium';
      const wire = wireName(d.type);
      if (wire) {
        // Money that cannot be called back: said at once and loudly, in case it was not them.
        title = `${capitalized(wire)} sent`;
        priority = 'high';
        const due = d.settleAfter
          ? ` It should arrive by ${shortDate.format(new Date(d.settleAfter))}.`
          : '';
        message = `A ${amount} ${wire} to ${d.recipientName} (fee ${formatUsd(d.fee)}) left your ${d.fromAccountName}.${due} A wire cannot be cancelled: if you did not send it, contact us at once. Reference ${d.reference}.`;
      } else if (d.type === 'between-accounts') {
        title = 'Transfer completed';
        message = `${amount} moved from your ${d.fromAccountName} to your ${d.toAccountName ?? 'account'}.`;
      } else if (d.status === 'completed') {
        title = 'Transfer sent';
        message = `${amount} was sent to ${d.recipientName} from your ${d.fromAccountName}. Reference ${d.reference}.`;
      } else {
        title = 'Transfer pending';
        const due = d.settleAfter
          ? ` It should arrive by ${shortDate.format(new Date(d.settleAfter))}.`
          : '';
        message = `${amount} to ${d.recipientName} (fee ${formatUsd(d.fee)}) is on its way.${due} Reference ${d.reference}.`;
      }
      await raise(db, event, {
        customerId: d.customerId,
        type: 'transfer',
        title,
        message,
        priority,
      });
    },
    async TransferSettled(d, event, db) {
      const wire = wireName(d.transferType);
      await raise(db, event, {
        customerId: d.customerId,
        type: 'transfer',
        title: wire ? `${capitalized(wire)} delivered` : 'Transfer completed',
        message: wire
          ? `Your ${wire} of ${formatUsd(d.amount)} reached ${d.recipientName}’s bank. Reference ${d.reference}.`
          : `Your transfer of ${formatUsd(d.amount)} to ${d.recipientName} has been completed. Reference ${d.reference}.`,
        priority: 'medium',
      });
    },
    async TransferFailed(d, event, db) {
      const wire = wireName(d.transferType);
      await raise(db, event, {
        customerId: d.customerId,
        type: 'transfer',
        title: wire ? `${capitalized(wire)} returned` : 'Transfer failed',
        message: `Your ${wire ?? 'transfer'} of ${formatUsd(d.amount)} to ${d.recipientName} could not be completed: ${d.reason} The amount and the ${formatUsd(d.fee)} fee are available in your account again. Check the account details with ${d.recipientName} before you send it again. Reference ${d.reference}.`,
        priority: 'high',
      });
    },
    async TransferCancelled(d, event, db) {
      await raise(db, event, {
        customerId: d.customerId,
        type: 'transfer',
        title: 'Transfer cancelled',
        message: `Your transfer of ${formatUsd(d.amount)} to ${d.recipientName} was cancelled before it settled. The amount and the ${formatUsd(d.fee)} fee are available in your account again. Reference ${d.reference}.`,
        priority: 'medium',
      });
    },
  };
}
