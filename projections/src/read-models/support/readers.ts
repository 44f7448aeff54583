import type { SupportCategory, TicketPriority, TicketStatus } from '@bank/events';
import type { Db } from '../../projection.ts';
import type { HistoryCursor } from '../transactions/readers.ts';

/** A support ticket: the customer's question and where it stands. */
export interface TicketRow extends Record<string, unknown> {
  id: string;
  customer_id: string;
  customer_name: string;
  ticket_number: string;
  subject: string;
  description: string;
  category: SupportCategory;
  priority: TicketPriority;
  status: TicketStatus;
  reply_count: number;
  created_at: Date;
  updated_at: Date;
  /** Set on a dispute of a card charge: the history line, and why. */
  transaction_id: string | null;
  dispute_reason: string | null;
  /** Set once staff decided the dispute. */
  dispute_outcome: string | null;
  dispute_resolved_at: Date | null;
}

/** A ticket of a list, with where it stands in the list's order (for the next page's cursor). */
export interface ListedTicketRow extends TicketRow {
  /** When it was opened, as a cursor writes it (UTC, to the microsecond). */
  cursor_at: string;
  /** Its opening's position in the log. */
  position: string;
}

export interface ReplyRow extends Record<string, unknown> {
  id: string;
  ticket_id: string;
  message: string;
  is_staff_reply: boolean;
  author_name: string;
  created_at: Date;
}

export interface TicketFilter {
  customerId?: string | undefined;
  status?: string | undefined;
  category?: string | undefined;
  priority?: string | undefined;
  /** Matches subject, description or ticket number, case-insensitively. */
  search?: string | undefined;
  /** Only the tickets after this one, newest first (the last ticket of the page before). */
  after?: HistoryCursor | undefined;
  limit: number;
}

/** Tickets matching the filter, newest first by (opened, position); after `after` when given. */
export async function findTickets(db: Db, f: TicketFilter): Promise<ListedTicketRow[]> {
  const pattern = f.search ? `%${f.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<ListedTicketRow>(
    `SELECT *,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
     FROM rm_support_tickets
     WHERE ($1::uuid IS NULL OR customer_id = $1)
       AND ($2::text IS NULL OR status = $2)
       AND ($3::text IS NULL OR category = $3)
       AND ($4::text IS NULL OR priority = $4)
       AND ($5::text IS NULL OR subject ILIKE $5 OR description ILIKE $5 OR ticket_number ILIKE $5)
       AND ($7::timestamptz IS NULL OR (created_at, position) < ($7::timestamptz, $8::bigint))
     ORDER BY created_at DESC, position DESC LIMIT $6`,
    [
      f.customerId ?? null,
      f.status ?? null,
      f.category ?? null,
      f.priority ?? null,
      pattern,
      f.limit,
      f.after?.at ?? null,
      f.after?.position ?? null,
    ],
  );
  return rows;
}

/** How many of the customer's tickets still wait for an answer or a close (not resolved nor closed). */
export async function countOpenTickets(db: Db, customerId: string): Promise<number> {
  const { rows } = await db.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM rm_support_tickets
     WHERE customer_id = $1 AND status NOT IN ('resolved', 'closed')`,
    [customerId],
  );
  return rows[0]!.open;
}

/** A ticket; with a customer id, only that customer's own (another's reads as not there). */
export async function findTicket(
  db: Db,
  id: string,
  customerId: string | null,
): Promise<TicketRow | undefined> {
  const { rows } = await db.query<TicketRow>(
    'SELECT * FROM rm_support_tickets WHERE id = $1 AND ($2::uuid IS NULL OR customer_id = $2)',
    [id, customerId],
  );
  return rows[0];
}

/**
 * The replies to each ticket, in the order they were written; with `latest`, only each ticket's
 * last `latest` (a customer decides how long a conversation is: a list must not carry them all).
 */
export async function repliesOf(
  db: Db,
  ticketIds: string[],
  latest?: number,
): Promise<Map<string, ReplyRow[]>> {
  const byTicket = new Map<string, ReplyRow[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) return byTicket;
  const { rows } = await db.query<ReplyRow>(
    latest === undefined
      ? 'SELECT * FROM rm_support_replies WHERE ticket_id = ANY($1::uuid[]) ORDER BY position'
      : `SELECT * FROM (
           SELECT r.*, row_number() OVER (PARTITION BY ticket_id ORDER BY position DESC) AS nth
           FROM rm_support_replies r WHERE ticket_id = ANY($1::uuid[])) r
         WHERE nth <= $2 ORDER BY position`,
    latest === undefined ? [ticketIds] : [ticketIds, latest],
  );
  for (const row of rows) byTicket.get(row.ticket_id)?.push(row);
  return byTicket;
}

/**
 * The replies written before `beforeReplyId` in one ticket's conversation, the latest `limit` of
 * them in the order they were written, and whether there are more before those. Undefined when
 * `beforeReplyId` is not a reply of that ticket.
 */
export async function repliesBefore(
  db: Db,
  ticketId: string,
  beforeReplyId: string,
  limit: number,
): Promise<{ replies: ReplyRow[]; more: boolean } | undefined> {
  // No row when the anchor is not the ticket's; one row of NULLs when nothing was written before it.
  const { rows } = await db.query<ReplyRow | { [column in keyof ReplyRow]: null }>(
    `SELECT r.* FROM (SELECT position FROM rm_support_replies WHERE id = $2 AND ticket_id = $1) anchor
     LEFT JOIN LATERAL (
       SELECT * FROM rm_support_replies
       WHERE ticket_id = $1 AND position < anchor.position
       ORDER BY position DESC LIMIT $3
     ) r ON true`,
    [ticketId, beforeReplyId, limit + 1],
  );
  if (rows.length === 0) return undefined;
  const replies = rows.filter((row): row is ReplyRow => row.id !== null).reverse();
  const more = replies.length > limit;
  return { replies: more ? replies.slice(1) : replies, more };
}

/** The customer's dispute of a history line: the ticket that follows it, if there is one. */
export async function findDisputeTicket(
  db: Db,
  customerId: string,
  transactionId: string,
): Promise<TicketRow | undefined> {
  const { rows } = await db.query<TicketRow>(
    `SELECT * FROM rm_support_tickets WHERE transaction_id = $1 AND customer_id = $2
     ORDER BY created_at LIMIT 1`,
    [transactionId, customerId],
  );
  return rows[0];
}
