import { ERASED, type Posting } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db } from '../projection.ts';
import { defineProjection } from '../projection.ts';

async function ownerOf(db: Db, accountId: string): Promise<string> {
  const { rows } = await db.query<{ customer_id: string }>(
    'SELECT customer_id FROM rm_transaction_accounts WHERE account_id = $1',
    [accountId],
  );
  if (!rows[0]) throw new Error(`transactions: unknown account ${accountId}`);
  return rows[0].customer_id;
}

async function insertPosting(
  db: Db,
  direction: 'credit' | 'debit',
  p: Posting,
  event: RecordedEvent,
): Promise<void> {
  const customerId = await ownerOf(db, p.accountId);
  await db.query(
    `INSERT INTO rm_transactions (id, account_id, customer_id, entry_id, direction, amount_cents,
       description, kind, contra, status, reference_number, metadata, created_at, position)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,'completed',$10,$11,$12,$13)`,
    [
      `${p.entryId}:${p.accountId}:${direction}`,
      p.accountId,
      customerId,
      p.entryId,
      direction,
      p.amount,
      p.description,
      p.kind,
      p.contra,
      p.reference,
      JSON.stringify(p.metadata ?? {}),
      p.occurredAt ? new Date(p.occurredAt) : event.recordedAt,
      event.position.globalPosition,
    ],
  );
}

/** Every customer-account posting as a history line; a hold shows as pending until it settles. */
export const transactionsProjection = defineProjection({
  name: 'transactions',
  tables: ['rm_transactions', 'rm_transaction_accounts'],
  handlers: {
    async CustomerErased(d, _event, db) {
      await db.query(
        `UPDATE rm_transactions SET description = $2, metadata = jsonb_set(jsonb_set(jsonb_set(
           jsonb_set(metadata, '{counterparty_name}', to_jsonb($2::text), false),
           '{counterparty_contact}', to_jsonb($2::text), false),
           '{payee_name}', to_jsonb($2::text), false), '{memo}', to_jsonb($2::text), false)
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
    },
    async AccountOpened(d, _event, db) {
      await db.query(
        'INSERT INTO rm_transaction_accounts (account_id, customer_id) VALUES ($1, $2)',
        [d.accountId, d.customerId],
      );
    },
    async AccountCredited(d, event, db) {
      await insertPosting(db, 'credit', d, event);
    },
    async AccountDebited(d, event, db) {
      if (d.holdId) {
        // The pending line of the hold becomes the completed debit.
        const settled = await db.query(
          `UPDATE rm_transactions SET status = 'completed', amount_cents = $3, entry_id = $4,
             contra = $5, metadata = metadata || $6::jsonb
           WHERE account_id = $1 AND hold_id = $2`,
          [d.accountId, d.holdId, d.amount, d.entryId, d.contra, JSON.stringify(d.metadata ?? {})],
        );
        if (settled.rowCount) return;
      }
      await insertPosting(db, 'debit', d, event);
    },
    async FundsHeld(d, event, db) {
      const customerId = await ownerOf(db, d.accountId);
      await db.query(
        `INSERT INTO rm_transactions (id, account_id, customer_id, entry_id, hold_id, direction,
           amount_cents, description, kind, status, reference_number, metadata, created_at, position)
         VALUES ($1,$2,$3,$4,$4,'debit',$5,$6,$7,'pending',$8,$9,$10,$11)`,
        [
          `hold:${d.holdId}`,
          d.accountId,
          customerId,
          d.holdId,
          d.amount,
          d.description,
          d.kind,
          d.reference,
          JSON.stringify(d.metadata ?? {}),
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
    },
    async HoldReleased(d, _event, db) {
      await db.query(
        `UPDATE rm_transactions SET status = 'failed', metadata = metadata || jsonb_build_object('failure_reason', $3::text)
         WHERE account_id = $1 AND hold_id = $2 AND status = 'pending'`,
        [d.accountId, d.holdId, d.reason],
      );
    },
  },
});
