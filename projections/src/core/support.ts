import {
  ERASED,
  supportCategories,
  ticketPriorities,
  ticketStatuses,
  type SupportCategory,
  type TicketPriority,
  type TicketStatus,
} from '@bank/events';
import type { Db } from '../projection.ts';
import { defineProjection } from '../projection.ts';

/** Support tickets with their conversation, for the customer and for staff under /ops. */
export const supportProjection = defineProjection({
  name: 'support',
  tables: ['rm_support_tickets', 'rm_support_replies'],
  handlers: {
    async CustomerErased(d, _event, db) {
      await db.query(
        `UPDATE rm_support_tickets SET customer_name = $2, subject = $2, description = $2
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
      await db.query(
        `UPDATE rm_support_replies SET message = $2, author_name = $2
         WHERE ticket_id IN (SELECT id FROM rm_support_tickets WHERE customer_id = $1)`,
        [d.customerId, ERASED],
      );
    },
    async SupportTicketOpened(d, event, db) {
      await db.query(
        `INSERT INTO rm_support_tickets (id, customer_id, customer_name, ticket_number, subject,
           description, category, priority, status, created_at, updated_at, position)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'open',$9,$9,$10)`,
        [
          d.ticketId,
          d.customerId,
          d.customerName,
          d.ticketNumber,
          d.subject,
          d.description,
          d.category,
          d.priority,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
    },
    async SupportTicketReplied(d, event, db) {
      await db.query(
        `INSERT INTO rm_support_replies (id, ticket_id, message, is_staff_reply, author_name, created_at, position)
         VALUES ($1,$2,$3,$4,$5,$6,$7)`,
        [
          d.replyId,
          d.ticketId,
          d.message,
          d.isStaffReply,
          d.authorName,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
      await db.query(
        'UPDATE rm_support_tickets SET reply_count = reply_count + 1, updated_at = $2 WHERE id = $1',
        [d.ticketId, event.recordedAt],
      );
    },
    async SupportTicketStatusChanged(d, event, db) {
      await db.query('UPDATE rm_support_tickets SET status = $2, updated_at = $3 WHERE id = $1', [
        d.ticketId,
        d.to,
        event.recordedAt,
      ]);
    },
  },
});

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
}

interface ReplyRow extends Record<string, unknown> {
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
  limit: number;
}

export async function findTickets(db: Db, f: TicketFilter): Promise<TicketRow[]> {
  const pattern = f.search ? `%${f.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<TicketRow>(
    `SELECT * FROM rm_support_tickets
     WHERE ($1::uuid IS NULL OR customer_id = $1)
       AND ($2::text IS NULL OR status = $2)
       AND ($3::text IS NULL OR category = $3)
       AND ($4::text IS NULL OR priority = $4)
       AND ($5::text IS NULL OR subject ILIKE $5 OR description ILIKE $5 OR ticket_number ILIKE $5)
     ORDER BY created_at DESC, position DESC LIMIT $6`,
    [
      f.customerId ?? null,
      f.status ?? null,
      f.category ?? null,
      f.priority ?? null,
      pattern,
      f.limit,
    ],
  );
  return rows;
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

export async function repliesOf(db: Db, ticketIds: string[]): Promise<Map<string, ReplyRow[]>> {
  const byTicket = new Map<string, ReplyRow[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) return byTicket;
  const { rows } = await db.query<ReplyRow>(
    'SELECT * FROM rm_support_replies WHERE ticket_id = ANY($1::uuid[]) ORDER BY position',
    [ticketIds],
  );
  for (const row of rows) byTicket.get(row.ticket_id)?.push(row);
  return byTicket;
}

/** "just now", "5 minutes ago", "2 hours ago", "3 days ago", or the date. */
export function timeSince(date: Date, now = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return ago(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return ago(Math.floor(seconds / 3600), 'hour');
  if (seconds < 30 * 86_400) return ago(Math.floor(seconds / 86_400), 'day');
  return date.toISOString().slice(0, 10);
}

export function ticketView(row: TicketRow, replies: ReplyRow[]) {
  return {
    id: row.id,
    ticket_number: row.ticket_number,
    subject: row.subject,
    description: row.description,
    category: row.category,
    category_display: supportCategories[row.category],
    priority: row.priority,
    priority_display: ticketPriorities[row.priority],
    status: row.status,
    status_display: ticketStatuses[row.status],
    time_since_created: timeSince(row.created_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    reply_count: row.reply_count,
    replies: replies.map((r) => ({
      id: r.id,
      message: r.message,
      is_staff_reply: r.is_staff_reply,
      user: { name: r.author_name },
      time_since_created: timeSince(r.created_at),
      created_at: r.created_at.toISOString(),
    })),
  };
}

/** One ticket with its conversation. */
export async function ticketWithReplies(db: Db, row: TicketRow) {
  const replies = await repliesOf(db, [row.id]);
  return ticketView(row, replies.get(row.id) ?? []);
}

/** Tickets with their conversations, in the order given. */
export async function ticketViews(db: Db, rows: TicketRow[]) {
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ticketView(row, replies.get(row.id) ?? []));
}
