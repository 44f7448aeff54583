import { ERASED } from '@bank/events';
import { defineProjection } from '../../projection.ts';

/**
 * Saved recipients: the address book the transfer form picks from, and the first payment to each
 * external or SEPA account (saved or not), which tells until when a recipient is a new account.
 */
export const savedRecipientsProjection = defineProjection({
  name: 'saved-recipients',
  tables: ['rm_saved_recipients', 'rm_paid_destinations'],
  handlers: {
    async CustomerErased(d, _event, db) {
      await db.query(
        'UPDATE rm_saved_recipients SET nickname = $2, recipient_name = $2 WHERE customer_id = $1',
        [d.customerId, ERASED],
      );
    },
    async RecipientSaved(d, event, db) {
      await db.query(
        `INSERT INTO rm_saved_recipients (recipient_id, customer_id, type, nickname, recipient_name,
           bank_name, account_last4, routing_number, country, swift_code, saved_at, position,
           destination_hash)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)
         ON CONFLICT (recipient_id) DO NOTHING`,
        [
          d.recipientId,
          d.customerId,
          d.kind,
          d.nickname,
          d.recipientName,
          d.bankName,
          d.accountLast4,
          d.routingNumber ?? null,
          d.country ?? null,
          d.swiftCode ?? null,
          d.savedAt,
          event.position.globalPosition,
          d.destinationHash,
        ],
      );
    },
    async RecipientRenamed(d, _event, db) {
      await db.query('UPDATE rm_saved_recipients SET nickname = $2 WHERE recipient_id = $1', [
        d.recipientId,
        d.nickname,
      ]);
    },
    async RecipientRemoved(d, _event, db) {
      await db.query('DELETE FROM rm_saved_recipients WHERE recipient_id = $1', [d.recipientId]);
    },
    async DestinationFirstPaid(d, _event, db) {
      await db.query(
        `INSERT INTO rm_paid_destinations (customer_id, destination_hash, first_paid_at)
         VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [d.customerId, d.destinationHash, d.paidAt],
      );
    },
  },
});
