import { ERASED, formatUsd } from '@bank/events';
import type { Projection } from '../../projection.ts';
import type { RaiseNotification } from './notification-types.ts';

/** The notices that go to the other party of a request than its requester (the payer). */
export const zelleNoticesToOtherParty = ['ZelleRequestCreated', 'ZelleRequestCancelled'] as const;

/**
 * Person-to-person notices: handlers of the notifications projection. Money received is already
 * announced there by the credit posting itself. A request's notices go to the payer, whose
 * partition gets its own copy of the request's events (see `zelleNoticesToOtherParty`).
 */
export function zelleNotificationHandlers(
  raise: RaiseNotification,
): Pick<
  Projection['handlers'],
  | 'ZellePaymentSent'
  | 'ZellePaymentClaimed'
  | 'ZellePaymentReturned'
  | 'ZellePaymentCancelled'
  | 'ZelleRequestCreated'
  | 'ZelleRequestDeclined'
  | 'ZelleRequestCancelled'
> {
  return {
    async ZellePaymentSent(d, event, db) {
      const amount = formatUsd(d.amount);
      await raise(db, event, {
        customerId: d.senderCustomerId,
        type: 'zelle',
        ...(d.status === 'completed'
          ? {
              title: 'Zelle payment sent',
              message: `${amount} was sent to ${d.recipientName}. Reference ${d.reference}.`,
            }
          : {
              title: 'Zelle payment pending',
              message: `${amount} to ${d.recipientName} (${d.recipientContact.value}) will be delivered once they enroll. If it is not claimed within 14 days, it comes back to you.`,
            }),
        priority: 'medium',
      });
    },
    async ZellePaymentClaimed(d, event, db) {
      await raise(db, event, {
        customerId: d.senderCustomerId,
        type: 'zelle',
        title: 'Zelle payment delivered',
        message: `${d.recipientName} enrolled and received your payment of ${formatUsd(d.amount)}.`,
        priority: 'low',
      });
    },
    async ZellePaymentReturned(d, event, db) {
      await raise(db, event, {
        customerId: d.senderCustomerId,
        type: 'zelle',
        title: 'Zelle payment returned',
        message: `Your payment of ${formatUsd(d.amount)} to ${d.recipientName} was not claimed within 14 days. The money is available in your account again.`,
        priority: 'high',
      });
    },
    async ZellePaymentCancelled(d, event, db) {
      await raise(db, event, {
        customerId: d.senderCustomerId,
        type: 'zelle',
        title: 'Zelle payment cancelled',
        message: `You cancelled your payment of ${formatUsd(d.amount)} to ${d.recipientName}. The money is available in your account again.`,
        priority: 'medium',
      });
    },
    async ZelleRequestCreated(d, event, db, scope) {
      if (!scope.owns(d.payerCustomerId)) return;
      await raise(db, event, {
        customerId: d.payerCustomerId,
        type: 'zelle',
        title: `Zelle request from ${d.requesterName}`,
        message: `${d.requesterName} requested ${formatUsd(d.amount)}${d.memo ? `: ${d.memo}` : ''}. You can pay or decline it on the Zelle page.`,
        priority: 'medium',
      });
    },
    async ZelleRequestDeclined(d, event, db) {
      await raise(db, event, {
        customerId: d.requesterCustomerId,
        type: 'zelle',
        title: 'Zelle request declined',
        message: `${d.payerName} declined your request for ${formatUsd(d.amount)}.`,
        priority: 'medium',
      });
    },
    async ZelleRequestCancelled(d, event, db, scope) {
      if (!scope.owns(d.payerCustomerId)) return;
      await raise(db, event, {
        customerId: d.payerCustomerId,
        type: 'zelle',
        title: 'Zelle request cancelled',
        // Withdrawn as its requester was erased, it names nobody.
        message:
          d.requesterName === ERASED
            ? `A Zelle request for ${formatUsd(d.amount)} was withdrawn. There is nothing to pay.`
            : `${d.requesterName} cancelled their request for ${formatUsd(d.amount)}. There is nothing to pay.`,
        priority: 'low',
      });
    },
  };
}
