import type { Db } from '../../projection.ts';
import { escapeLike, receiptIdOf } from '../transactions/readers.ts';

/** Someone the customer paid or asked for money, with how often. */
export interface ZelleRecipientRow extends Record<string, unknown> {
  name: string;
  email: string | null;
  phone: string | null;
  transaction_count: number;
  last_at: Date;
}

/** One side of a payment or request, as the activity tab lists it. */
export interface ZelleActivityRow extends Record<string, unknown> {
  customer_id: string;
  item_id: string;
  type: 'sent' | 'received' | 'request';
  direction: 'outgoing' | 'incoming';
  recipient_name: string;
  sender_name: string;
  counterparty_name: string;
  counterparty_contact: string | null;
  amount_cents: number;
  memo: string;
  status: string;
  reference_number: string;
  account_id: string | null;
  occurred_at: Date;
  /** The history line of the same movement, whose receipt it opens (activity lists only). */
  receipt_id?: string | null;
}

export interface ZelleActivityFilter {
  type?: 'sent' | 'received' | 'request' | undefined;
  status?: string | undefined;
  /** Matches the other party's name, the memo or the reference. */
  search?: string | undefined;
  limit: number;
}

/** The people the customer paid or asked most recently (at most 20). */
export async function listZelleRecipients(db: Db, customerId: string) {
  const { rows } = await db.query<ZelleRecipientRow>(
    `SELECT name, email, phone, transaction_count, last_at FROM rm_zelle_recipients
     WHERE customer_id = $1 ORDER BY last_at DESC LIMIT 20`,
    [customerId],
  );
  return rows;
}

/** The customer's payments and requests, newest first, each with its receipt's line. */
export async function findZelleActivity(
  db: Db,
  customerId: string,
  f: ZelleActivityFilter,
): Promise<ZelleActivityRow[]> {
  const params: unknown[] = [customerId];
  const where = ['customer_id = $1'];
  if (f.type) {
    params.push(f.type);
    where.push(`type = $${params.length}`);
  }
  if (f.status) {
    params.push(f.status);
    where.push(`status = $${params.length}`);
  }
  if (f.search) {
    params.push(`%${escapeLike(f.search)}%`);
    where.push(
      `(counterparty_name || ' ' || memo || ' ' || reference_number) ILIKE $${params.length}`,
    );
  }
  params.push(f.limit);
  const { rows } = await db.query<ZelleActivityRow>(
    `SELECT *, ${receiptIdOf('rm_zelle_activity.customer_id', 'rm_zelle_activity.reference_number')} AS receipt_id
     FROM rm_zelle_activity WHERE ${where.join(' AND ')}
     ORDER BY occurred_at DESC, position DESC LIMIT $${params.length}`,
    params,
  );
  return rows;
}

/** Requests for money awaiting the customer's answer, newest first (at most 100). */
export async function listPendingZelleRequests(
  db: Db,
  customerId: string,
): Promise<ZelleActivityRow[]> {
  const { rows } = await db.query<ZelleActivityRow>(
    `SELECT * FROM rm_zelle_activity
     WHERE customer_id = $1 AND type = 'request' AND direction = 'incoming' AND status = 'pending'
     ORDER BY occurred_at DESC, position DESC LIMIT 100`,
    [customerId],
  );
  return rows;
}
