import { ERASED, type ZelleContact } from '@bank/events';
import { defineProjection, type Db } from '../../projection.ts';

interface ActivityLine {
  customerId: string;
  itemId: string;
  type: 'sent' | 'received' | 'request';
  direction: 'outgoing' | 'incoming';
  recipientName: string;
  senderName: string;
  counterpartyName: string;
  counterpartyContact: string | null;
  amount: number;
  memo: string;
  status: string;
  reference: string;
  accountId: string | null;
  occurredAt: string;
  position: number;
}

async function addLine(db: Db, l: ActivityLine): Promise<void> {
  await db.query(
    `INSERT INTO rm_zelle_activity (customer_id, item_id, type, direction, recipient_name,
       sender_name, counterparty_name, counterparty_contact, amount_cents, memo, status,
       reference_number, account_id, occurred_at, position)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)
     ON CONFLICT (customer_id, item_id) DO NOTHING`,
    [
      l.customerId,
      l.itemId,
      l.type,
      l.direction,
      l.recipientName,
      l.senderName,
      l.counterpartyName,
      l.counterpartyContact,
      l.amount,
      l.memo,
      l.status,
      l.reference,
      l.accountId,
      l.occurredAt,
      l.position,
    ],
  );
}

async function setStatus(db: Db, itemId: string, status: string): Promise<void> {
  await db.query('UPDATE rm_zelle_activity SET status = $2 WHERE item_id = $1', [itemId, status]);
}

/**
 * Upserts a person the customer paid or asked, counting their outgoing lines to that contact
 * (recomputed, so applying an event again changes nothing).
 */
async function countRecipient(
  db: Db,
  customerId: string,
  name: string,
  contact: ZelleContact,
  at: string,
): Promise<void> {
  await db.query(
    `INSERT INTO rm_zelle_recipients (customer_id, contact_key, name, email, phone, transaction_count, last_at)
     VALUES ($1, $2, $3, $4, $5,
       (SELECT count(*) FROM rm_zelle_activity
        WHERE customer_id = $1 AND direction = 'outgoing' AND counterparty_contact = $7),
       $6)
     ON CONFLICT (customer_id, contact_key) DO UPDATE SET name = EXCLUDED.name,
       transaction_count = EXCLUDED.transaction_count,
       last_at = greatest(rm_zelle_recipients.last_at, EXCLUDED.last_at)`,
    [
      customerId,
      `${contact.kind}:${contact.value}`,
      name,
      contact.kind === 'email' ? contact.value : null,
      contact.kind === 'phone' ? contact.value : null,
      at,
      contact.value,
    ],
  );
}

/** Person-to-person activity (both sides of each payment and request) and recent recipients. */
export const zelleProjection = defineProjection({
  name: 'zelle',
  tables: ['rm_zelle_activity', 'rm_zelle_recipients'],
  handlers: {
    async CustomerErased(d, _event, db) {
      // The other party's lines of the same payments and requests name the erased customer too:
      // as sender (with the memo they wrote) when the erased customer paid or asked, as recipient
      // (with their contact) when they were paid or asked. They leave the other party's recent
      // recipients.
      await db.query(
        `DELETE FROM rm_zelle_recipients r USING rm_zelle_activity mine, rm_zelle_activity o
         WHERE mine.customer_id = $1 AND mine.direction = 'incoming' AND o.item_id = mine.item_id
           AND o.customer_id <> $1 AND r.customer_id = o.customer_id
           AND r.contact_key IN ('email:' || o.counterparty_contact, 'phone:' || o.counterparty_contact)`,
        [d.customerId],
      );
      await db.query(
        `UPDATE rm_zelle_activity o SET counterparty_name = $2,
           sender_name = CASE WHEN o.direction = 'incoming' THEN $2 ELSE o.sender_name END,
           recipient_name = CASE WHEN o.direction = 'outgoing' THEN $2 ELSE o.recipient_name END,
           memo = CASE WHEN o.direction = 'incoming' THEN $2 ELSE o.memo END,
           counterparty_contact = CASE WHEN o.counterparty_contact IS NOT NULL THEN $2 END
         FROM rm_zelle_activity mine
         WHERE mine.customer_id = $1 AND o.item_id = mine.item_id AND o.customer_id <> $1`,
        [d.customerId, ERASED],
      );
      await db.query(
        `UPDATE rm_zelle_activity SET recipient_name = $2, sender_name = $2, counterparty_name = $2,
           counterparty_contact = CASE WHEN counterparty_contact IS NOT NULL THEN $2 END, memo = $2
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
      await db.query('DELETE FROM rm_zelle_recipients WHERE customer_id = $1', [d.customerId]);
    },
    async ZellePaymentSent(d, event, db) {
      const common = {
        itemId: d.paymentId,
        recipientName: d.recipientName,
        senderName: d.senderName,
        amount: d.amount,
        memo: d.memo,
        reference: d.reference,
        occurredAt: d.sentAt,
        position: event.position.globalPosition,
      };
      await addLine(db, {
        ...common,
        customerId: d.senderCustomerId,
        type: 'sent',
        direction: 'outgoing',
        counterpartyName: d.recipientName,
        counterpartyContact: d.recipientContact.value,
        status: d.status,
        accountId: d.fromAccountId,
      });
      if (d.recipientCustomerId) {
        await addLine(db, {
          ...common,
          customerId: d.recipientCustomerId,
          type: 'received',
          direction: 'incoming',
          counterpartyName: d.senderName,
          counterpartyContact: null,
          status: 'completed',
          accountId: d.recipientAccountId ?? null,
        });
      }
      await countRecipient(db, d.senderCustomerId, d.recipientName, d.recipientContact, d.sentAt);
    },
    async ZellePaymentClaimed(d, event, db) {
      const { rows } = await db.query<{
        sender_name: string;
        memo: string;
        reference_number: string;
      }>(
        'SELECT sender_name, memo, reference_number FROM rm_zelle_activity WHERE customer_id = $1 AND item_id = $2',
        [d.senderCustomerId, d.paymentId],
      );
      await setStatus(db, d.paymentId, 'completed');
      const sent = rows[0];
      if (!sent) return;
      await addLine(db, {
        customerId: d.recipientCustomerId,
        itemId: d.paymentId,
        type: 'received',
        direction: 'incoming',
        recipientName: d.recipientName,
        senderName: sent.sender_name,
        counterpartyName: sent.sender_name,
        counterpartyContact: null,
        amount: d.amount,
        memo: sent.memo,
        status: 'completed',
        reference: sent.reference_number,
        accountId: d.recipientAccountId,
        occurredAt: d.claimedAt,
        position: event.position.globalPosition,
      });
    },
    async ZellePaymentReturned(d, _event, db) {
      await setStatus(db, d.paymentId, 'returned');
    },
    async ZellePaymentCancelled(d, _event, db) {
      await setStatus(db, d.paymentId, 'cancelled');
    },
    async ZelleRequestCreated(d, event, db) {
      const common = {
        itemId: d.requestId,
        type: 'request' as const,
        recipientName: d.payerName,
        senderName: d.requesterName,
        amount: d.amount,
        memo: d.memo,
        status: 'pending',
        reference: d.reference,
        occurredAt: d.createdAt,
        position: event.position.globalPosition,
      };
      await addLine(db, {
        ...common,
        customerId: d.requesterCustomerId,
        direction: 'outgoing',
        counterpartyName: d.payerName,
        counterpartyContact: d.payerContact.value,
        accountId: d.requesterAccountId,
      });
      await addLine(db, {
        ...common,
        customerId: d.payerCustomerId,
        direction: 'incoming',
        counterpartyName: d.requesterName,
        counterpartyContact: null,
        accountId: null,
      });
      await countRecipient(db, d.requesterCustomerId, d.payerName, d.payerContact, d.createdAt);
    },
    async ZelleRequestPaid(d, _event, db) {
      await setStatus(db, d.requestId, 'completed');
    },
    async ZelleRequestDeclined(d, _event, db) {
      await setStatus(db, d.requestId, 'declined');
    },
    async ZelleRequestCancelled(d, _event, db) {
      await setStatus(db, d.requestId, 'cancelled');
    },
  },
});
