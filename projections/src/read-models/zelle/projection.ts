import { ERASED, type ZelleContact } from '@bank/events';
import { defineProjection, type Db, type Scope } from '../../projection.ts';

interface ActivityLine {
  customerId: string;
  itemId: string;
  /** The other party, when they are a customer (erasing them blanks this line). */
  counterpartyCustomerId: string | null;
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
       reference_number, account_id, occurred_at, position, counterparty_customer_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)
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
      l.counterpartyCustomerId,
    ],
  );
}

/** Sets the status of the parties' lines of a payment or request, those this scope writes. */
async function setStatus(
  db: Db,
  scope: Scope,
  itemId: string,
  parties: readonly string[],
  status: string,
): Promise<void> {
  const owned = parties.filter((p) => scope.owns(p));
  if (owned.length === 0) return;
  await db.query(
    'UPDATE rm_zelle_activity SET status = $2 WHERE item_id = $1 AND customer_id = ANY($3::uuid[])',
    [itemId, status, owned],
  );
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

/**
 * Blanks what the other parties of an erased customer's payments and requests hold about them
 * (their line's name, contact and memo), and takes the erased customer out of those parties'
 * recent recipients: for the parties this scope writes.
 */
async function forgetCounterparty(db: Db, scope: Scope, erased: string): Promise<void> {
  const { rows } = await db.query<{ customer_id: string }>(
    `SELECT DISTINCT customer_id FROM rm_zelle_activity
     WHERE counterparty_customer_id = $1 AND customer_id <> $1`,
    [erased],
  );
  const parties = rows.map((r) => r.customer_id).filter((c) => scope.owns(c));
  if (parties.length === 0) return;
  await db.query(
    `DELETE FROM rm_zelle_recipients r USING rm_zelle_activity o
     WHERE o.customer_id = ANY($2::uuid[]) AND o.counterparty_customer_id = $1
       AND o.direction = 'outgoing' AND r.customer_id = o.customer_id
       AND r.contact_key IN ('email:' || o.counterparty_contact, 'phone:' || o.counterparty_contact)`,
    [erased, parties],
  );
  await db.query(
    `UPDATE rm_zelle_activity o SET counterparty_name = $3,
       sender_name = CASE WHEN o.direction = 'incoming' THEN $3 ELSE o.sender_name END,
       recipient_name = CASE WHEN o.direction = 'outgoing' THEN $3 ELSE o.recipient_name END,
       memo = CASE WHEN o.direction = 'incoming' THEN $3 ELSE o.memo END,
       counterparty_contact = CASE WHEN o.counterparty_contact IS NOT NULL THEN $3 END
     WHERE o.customer_id = ANY($2::uuid[]) AND o.counterparty_customer_id = $1`,
    [erased, parties, ERASED],
  );
}

/**
 * Person-to-person activity (both sides of each payment and request) and recent recipients.
 * Each party's lines come from the event of the payment or request itself, which scale mode
 * also sends to the other party's partition: every handler that writes lines writes those of
 * the parties its scope holds.
 */
export const zelleProjection = defineProjection({
  name: 'zelle',
  tables: ['rm_zelle_activity', 'rm_zelle_recipients'],
  sided: [
    'CustomerErased',
    'ZellePaymentSent',
    'ZellePaymentClaimed',
    'ZelleRequestCreated',
    'ZelleRequestPaid',
    'ZelleRequestDeclined',
    'ZelleRequestCancelled',
  ],
  handlers: {
    async CustomerErased(d, _event, db, scope) {
      // The other parties' lines of the same payments and requests name the erased customer too:
      // as sender (with the memo they wrote) when the erased customer paid or asked, as recipient
      // (with their contact) when they were paid or asked.
      await forgetCounterparty(db, scope, d.customerId);
      if (!scope.owns(d.customerId)) return;
      await db.query(
        `UPDATE rm_zelle_activity SET recipient_name = $2, sender_name = $2, counterparty_name = $2,
           counterparty_contact = CASE WHEN counterparty_contact IS NOT NULL THEN $2 END, memo = $2
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
      await db.query('DELETE FROM rm_zelle_recipients WHERE customer_id = $1', [d.customerId]);
    },
    async ZellePaymentSent(d, event, db, scope) {
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
      if (scope.owns(d.senderCustomerId)) {
        await addLine(db, {
          ...common,
          customerId: d.senderCustomerId,
          counterpartyCustomerId: d.recipientCustomerId ?? null,
          type: 'sent',
          direction: 'outgoing',
          counterpartyName: d.recipientName,
          counterpartyContact: d.recipientContact.value,
          status: d.status,
          accountId: d.fromAccountId,
        });
        await countRecipient(db, d.senderCustomerId, d.recipientName, d.recipientContact, d.sentAt);
      }
      if (d.recipientCustomerId && scope.owns(d.recipientCustomerId)) {
        await addLine(db, {
          ...common,
          customerId: d.recipientCustomerId,
          counterpartyCustomerId: d.senderCustomerId,
          type: 'received',
          direction: 'incoming',
          counterpartyName: d.senderName,
          counterpartyContact: null,
          status: 'completed',
          accountId: d.recipientAccountId ?? null,
        });
      }
    },
    async ZellePaymentClaimed(d, event, db, scope) {
      const sender = d.senderCustomerId;
      if (scope.owns(sender)) {
        await db.query(
          `UPDATE rm_zelle_activity SET status = 'completed', counterparty_customer_id = $3
           WHERE customer_id = $1 AND item_id = $2`,
          [sender, d.paymentId, d.recipientCustomerId],
        );
      }
      // A claim written before it repeated the payment's facts is applied whole on the sender's
      // partition (it is sent nowhere else), where the sender's line holds them.
      const legacy = d.reference === undefined;
      if (!scope.owns(d.recipientCustomerId) && !(legacy && scope.owns(sender))) return;
      let facts = { senderName: d.senderName, memo: d.memo, reference: d.reference };
      if (legacy) {
        const { rows } = await db.query<{
          sender_name: string;
          memo: string;
          reference_number: string;
        }>(
          'SELECT sender_name, memo, reference_number FROM rm_zelle_activity WHERE customer_id = $1 AND item_id = $2',
          [sender, d.paymentId],
        );
        const sent = rows[0];
        if (!sent) return;
        facts = { senderName: sent.sender_name, memo: sent.memo, reference: sent.reference_number };
      }
      await addLine(db, {
        customerId: d.recipientCustomerId,
        counterpartyCustomerId: sender,
        itemId: d.paymentId,
        type: 'received',
        direction: 'incoming',
        recipientName: d.recipientName,
        senderName: facts.senderName ?? '',
        counterpartyName: facts.senderName ?? '',
        counterpartyContact: null,
        amount: d.amount,
        memo: facts.memo ?? '',
        status: 'completed',
        reference: facts.reference ?? '',
        accountId: d.recipientAccountId,
        occurredAt: d.claimedAt,
        position: event.position.globalPosition,
      });
    },
    async ZellePaymentReturned(d, _event, db, scope) {
      await setStatus(db, scope, d.paymentId, [d.senderCustomerId], 'returned');
    },
    async ZellePaymentCancelled(d, _event, db, scope) {
      await setStatus(db, scope, d.paymentId, [d.senderCustomerId], 'cancelled');
    },
    async ZelleRequestCreated(d, event, db, scope) {
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
      if (scope.owns(d.requesterCustomerId)) {
        await addLine(db, {
          ...common,
          customerId: d.requesterCustomerId,
          counterpartyCustomerId: d.payerCustomerId,
          direction: 'outgoing',
          counterpartyName: d.payerName,
          counterpartyContact: d.payerContact.value,
          accountId: d.requesterAccountId,
        });
        await countRecipient(db, d.requesterCustomerId, d.payerName, d.payerContact, d.createdAt);
      }
      if (scope.owns(d.payerCustomerId)) {
        await addLine(db, {
          ...common,
          customerId: d.payerCustomerId,
          counterpartyCustomerId: d.requesterCustomerId,
          direction: 'incoming',
          counterpartyName: d.requesterName,
          counterpartyContact: null,
          accountId: null,
        });
      }
    },
    async ZelleRequestPaid(d, _event, db, scope) {
      const parties = [d.requesterCustomerId, d.payerCustomerId];
      await setStatus(db, scope, d.requestId, parties, 'completed');
    },
    async ZelleRequestDeclined(d, _event, db, scope) {
      const parties = [d.requesterCustomerId, d.payerCustomerId];
      await setStatus(db, scope, d.requestId, parties, 'declined');
    },
    async ZelleRequestCancelled(d, _event, db, scope) {
      const parties = [d.requesterCustomerId, d.payerCustomerId];
      await setStatus(db, scope, d.requestId, parties, 'cancelled');
    },
  },
});
