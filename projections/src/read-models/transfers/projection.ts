import { ERASED, type EventData } from '@bank/events';
import { defineProjection } from '../../projection.ts';

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
