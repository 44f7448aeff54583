import {
  defaultCategory,
  ERASED,
  PURCHASE_REFUND_KINDS,
  type BankEvent,
  type Posting,
} from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db } from '../../projection.ts';
import { defineProjection } from '../../projection.ts';
import { arrayParams, type ArrayElement } from '../../toolkit/array-param.ts';

/**
 * The account's owner, from the projection's own lookup table, as an SQL expression: the handlers
 * only write, so a batch sends its rows together. (An unknown account leaves it NULL, which the
 * NOT NULL customer_id refuses.)
 */
const ownerOf = (param: string) =>
  `(SELECT customer_id FROM rm_transaction_accounts WHERE account_id = ${param})`;

type Direction = 'credit' | 'debit';

/** A posting's history line id (its primary key in rm_transactions): entry, account, side. */
export const transactionLineId = (entryId: string, accountId: string, direction: Direction) =>
  `${entryId}:${accountId}:${direction}`;

const lineId = (direction: Direction, p: Posting) =>
  transactionLineId(p.entryId, p.accountId, direction);

/** A posting's line, in the column order both inserts below use (customer_id comes from SQL). */
function postingRow(direction: Direction, p: Posting, event: RecordedEvent): ArrayElement[] {
  return [
    lineId(direction, p),
    p.accountId,
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
    defaultCategory({ direction, kind: p.kind, contra: p.contra, metadata: p.metadata }),
  ];
}

/** The charge's category as its owner sees it: their choice, else the charge's own default. */
const CHARGE_CATEGORY = 'coalesce(c.category_override, c.default_category)';

/**
 * A refund gives a purchase's money back, so it is filed where the purchase is: its default
 * category is the charge's category as the customer sees it, and follows it when they change it.
 * The refund keeps a category of its own only if the customer chooses one for the refund itself.
 */
async function fileRefundsWithTheirCharges(db: Db, lineIds: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE rm_transactions r SET default_category = ${CHARGE_CATEGORY}
     FROM rm_transactions c
     WHERE r.id = ANY($1::text[]) AND c.id = r.metadata->>'disputed_transaction_id'
       AND c.customer_id = r.customer_id`,
    [lineIds],
  );
}

const refundLineIds = (postings: readonly { direction: Direction; p: Posting }[]) =>
  postings
    .filter(({ p }) => PURCHASE_REFUND_KINDS.has(p.kind))
    .map(({ direction, p }) => lineId(direction, p));

async function insertPosting(
  db: Db,
  direction: Direction,
  p: Posting,
  event: RecordedEvent,
): Promise<void> {
  await db.query(
    `INSERT INTO rm_transactions (id, account_id, customer_id, entry_id, direction, amount_cents,
       description, kind, contra, status, reference_number, metadata, created_at, position,
       default_category)
     VALUES ($1,$2::uuid,${ownerOf('$2::uuid')},$3,$4,$5,$6,$7,$8,'completed',$9,$10,$11,$12,$13)`,
    postingRow(direction, p, event),
  );
  const refunds = refundLineIds([{ direction, p }]);
  if (refunds.length) await fileRefundsWithTheirCharges(db, refunds);
}

type PostingEvent = Extract<BankEvent, { type: 'AccountCredited' | 'AccountDebited' }>;

const isPlainPosting = (event: RecordedEvent<BankEvent>) =>
  event.event.type === 'AccountCredited' ||
  (event.event.type === 'AccountDebited' && !event.event.data.holdId);

/** A run of postings that settle no hold: their lines, in one statement (as insertPosting each). */
async function insertPostings(events: readonly RecordedEvent<BankEvent>[], db: Db): Promise<void> {
  const columns: ArrayElement[][] = Array.from({ length: 13 }, () => []);
  const postings = events.map((recorded) => {
    const { type, data: p } = recorded.event as PostingEvent;
    const direction: Direction = type === 'AccountCredited' ? 'credit' : 'debit';
    postingRow(direction, p, recorded).forEach((value, i) => columns[i]!.push(value));
    return { direction, p };
  });
  // An unknown account joins to a NULL owner, which the NOT NULL customer_id refuses.
  await db.query(
    `INSERT INTO rm_transactions (id, account_id, customer_id, entry_id, direction, amount_cents,
       description, kind, contra, status, reference_number, metadata, created_at, position,
       default_category)
     SELECT v.id, v.account_id, a.customer_id, v.entry_id, v.direction, v.amount, v.description,
            v.kind, v.contra, 'completed', v.reference, v.metadata, v.created_at, v.position,
            v.default_category
     FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::text[],
                 $7::text[], $8::text[], $9::text[], $10::jsonb[], $11::timestamptz[], $12::bigint[],
                 $13::text[])
          WITH ORDINALITY AS v(id, account_id, entry_id, direction, amount, description, kind,
                               contra, reference, metadata, created_at, position, default_category, n)
     LEFT JOIN rm_transaction_accounts a ON a.account_id = v.account_id
     ORDER BY v.n`,
    arrayParams(columns),
  );
  const refunds = refundLineIds(postings);
  if (refunds.length) await fileRefundsWithTheirCharges(db, refunds);
}

/** Every customer-account posting as a history line; a hold shows as pending until it settles. */
export const transactionsProjection = defineProjection({
  name: 'transactions',
  tables: ['rm_transactions', 'rm_transaction_accounts'],
  aggregate: { accepts: isPlainPosting, apply: insertPostings },
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
           WHERE account_id = $1 AND hold_id = $2
           RETURNING id`,
          [d.accountId, d.holdId, d.amount, d.entryId, d.contra, JSON.stringify(d.metadata ?? {})],
        );
        if (settled.rowCount) return;
      }
      await insertPosting(db, 'debit', d, event);
    },
    async FundsHeld(d, event, db) {
      await db.query(
        `INSERT INTO rm_transactions (id, account_id, customer_id, entry_id, hold_id, direction,
           amount_cents, description, kind, status, reference_number, metadata, created_at, position,
           default_category)
         VALUES ($1,$2::uuid,${ownerOf('$2::uuid')},$3,$3,'debit',$4,$5,$6,'pending',$7,$8,$9,$10,$11)`,
        [
          `hold:${d.holdId}`,
          d.accountId,
          d.holdId,
          d.amount,
          d.description,
          d.kind,
          d.reference,
          JSON.stringify(d.metadata ?? {}),
          event.recordedAt,
          event.position.globalPosition,
          defaultCategory({ direction: 'debit', kind: d.kind, metadata: d.metadata }),
        ],
      );
    },
    async TransactionRecategorised(d, _event, db) {
      await db.query(
        'UPDATE rm_transactions SET category_override = $3 WHERE id = $1 AND customer_id = $2',
        [d.transactionId, d.customerId, d.category],
      );
      await db.query(
        `UPDATE rm_transactions r SET default_category = ${CHARGE_CATEGORY}
         FROM rm_transactions c
         WHERE c.id = $1 AND c.customer_id = $2 AND r.customer_id = $2
           AND r.kind = ANY($3::text[]) AND r.metadata->>'disputed_transaction_id' = $1`,
        [d.transactionId, d.customerId, [...PURCHASE_REFUND_KINDS]],
      );
    },
    async HoldReleased(d, _event, db) {
      await db.query(
        `UPDATE rm_transactions SET status = $4,
           metadata = metadata || jsonb_build_object('failure_reason', $3::text)
         WHERE account_id = $1 AND hold_id = $2 AND status = 'pending'`,
        [d.accountId, d.holdId, d.reason, d.outcome ?? 'failed'],
      );
    },
  },
});
