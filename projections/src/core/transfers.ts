import { BANK_TIME_ZONE, ERASED, formatUsd, type EventData } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { RaiseNotification } from './notification-types.ts';
import { defineProjection, type Projection } from '../projection.ts';

const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: BANK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** What may be shown of a destination: never the encrypted account number. */
function displayDetails(d: EventData<'TransferInitiated'>['destination']) {
  const { accountEncrypted: _secret, ...shown } = d;
  return shown;
}

/** Transfers as the transfer screen lists them (recent transfers, repeat). */
export const transfersProjection = defineProjection({
  name: 'transfers',
  tables: ['rm_transfers'],
  handlers: {
    async CustomerErased(d, _event, db) {
      await db.query(
        `UPDATE rm_transfers SET recipient_name = $2, description = $2, memo = $2,
           details = details || jsonb_strip_nulls(jsonb_build_object(
             'recipientAddress', CASE WHEN details ? 'recipientAddress' THEN $2 END,
             'recipientContact', CASE WHEN details ? 'recipientContact' THEN $2 END))
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
    },
    async TransferInitiated(d, event, db) {
      await db.query(
        `INSERT INTO rm_transfers (transfer_id, customer_id, type, status, from_account_id,
           from_account_name, to_account_id, to_account_name, recipient_name, description,
           amount_cents, fee_cents, memo, transfer_date, reference_number, details, exchange,
           settle_after, settled_at, repeat_of, initiated_at, position)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22)
         ON CONFLICT (transfer_id) DO NOTHING`,
        [
          d.transferId,
          d.customerId,
          d.type,
          d.status,
          d.fromAccountId,
          d.fromAccountName,
          d.toAccountId ?? null,
          d.toAccountName ?? null,
          d.recipientName,
          d.description,
          d.amount,
          d.fee,
          d.memo,
          d.transferDate,
          d.reference,
          JSON.stringify(displayDetails(d.destination)),
          d.fx ? JSON.stringify(d.fx) : null,
          d.settleAfter ?? null,
          d.status === 'completed' ? d.initiatedAt : null,
          d.repeatOf ?? null,
          d.initiatedAt,
          event.position.globalPosition,
        ],
      );
    },
    async TransferSettled(d, _event, db) {
      await db.query(
        `UPDATE rm_transfers SET status = 'completed', settled_at = $2 WHERE transfer_id = $1`,
        [d.transferId, d.settledAt],
      );
    },
    async TransferFailed(d, _event, db) {
      await db.query(
        `UPDATE rm_transfers SET status = 'failed', failure_reason = $2 WHERE transfer_id = $1`,
        [d.transferId, d.reason],
      );
    },
    async TransferCancelled(d, _event, db) {
      await db.query(`UPDATE rm_transfers SET status = 'cancelled' WHERE transfer_id = $1`, [
        d.transferId,
      ]);
    },
  },
});

type Raise = RaiseNotification;

/**
 * The sender's notifications about a transfer, run by the notifications projection (so they live
 * and rebuild with the other notifications). The events carry everything the notices say.
 */
export function transferNotificationHandlers(
  raise: Raise,
): Pick<
  Projection['handlers'],
  'TransferInitiated' | 'TransferSettled' | 'TransferFailed' | 'TransferCancelled'
> {
  return {
    async TransferInitiated(d, event: RecordedEvent, db) {
      const amount = formatUsd(d.amount);
      let title: string;
      let message: string;
      if (d.type === 'between-accounts') {
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
        priority: 'medium',
      });
    },
    async TransferSettled(d, event, db) {
      await raise(db, event, {
        customerId: d.customerId,
        type: 'transfer',
        title: 'Transfer completed',
        message: `Your transfer of ${formatUsd(d.amount)} to ${d.recipientName} has been completed. Reference ${d.reference}.`,
        priority: 'medium',
      });
    },
    async TransferFailed(d, event, db) {
      await raise(db, event, {
        customerId: d.customerId,
        type: 'transfer',
        title: 'Transfer failed',
        message: `Your transfer of ${formatUsd(d.amount)} to ${d.recipientName} could not be completed: ${d.reason} The amount and the ${formatUsd(d.fee)} fee are available in your account again.`,
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
