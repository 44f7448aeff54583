import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  type DisputeOutcome,
  type DisputeReason,
  type DisputeView,
} from '@bank/contracts';
import { BANK_TIME_ZONE } from '@bank/contracts/bank-time';
import { supportCategories, ticketPriorities, ticketStatuses } from '@bank/events';
import type { Db } from '../../projection.ts';
import { repliesBefore, repliesOf, type ReplyRow, type TicketRow } from './readers.ts';

const calendarDate = new Intl.DateTimeFormat('en-US', {
  timeZone: BANK_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** "just now", "5 minutes ago", "2 hours ago", "3 days ago", or the bank's date ("Oct 29, 2026"). */
export function timeSince(date: Date, now = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return ago(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return ago(Math.floor(seconds / 3600), 'hour');
  if (seconds < 30 * 86_400) return ago(Math.floor(seconds / 86_400), 'day');
  return calendarDate.format(date);
}

function replyView(r: ReplyRow) {
  return {
    id: r.id,
    message: r.message,
    is_staff_reply: r.is_staff_reply,
    user: { name: r.author_name },
    time_since_created: timeSince(r.created_at),
    created_at: r.created_at.toISOString(),
  };
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
    replies: replies.map(replyView),
    dispute: row.transaction_id
      ? {
          transaction_id: row.transaction_id,
          outcome: row.dispute_outcome as DisputeOutcome | null,
        }
      : null,
  };
}

/**
 * How many of its latest replies a ticket shows, and how many earlier ones each further page of
 * its conversation brings: a customer decides how long a conversation grows, and neither the
 * ticket nor the answer to each reply may carry all of it.
 */
export const CONVERSATION_PAGE = 50;

/** One ticket with the latest replies of its conversation (reply_count says how many it has). */
export async function ticketWithReplies(db: Db, row: TicketRow) {
  const replies = await repliesOf(db, [row.id], CONVERSATION_PAGE);
  return ticketView(row, replies.get(row.id) ?? []);
}

/**
 * The page of a ticket's conversation written before one of its replies, oldest first, and
 * whether earlier replies remain; undefined when `beforeReplyId` is not a reply of that ticket.
 */
export async function earlierReplies(
  db: Db,
  ticketId: string,
  beforeReplyId: string,
  limit = CONVERSATION_PAGE,
) {
  const page = await repliesBefore(db, ticketId, beforeReplyId, limit);
  return page && { replies: page.replies.map(replyView), has_earlier: page.more };
}

/** How many of a ticket's latest replies a list of tickets shows (reply_count says how many). */
export const LISTED_REPLIES = 20;

/** Tickets with the latest replies of their conversations, in the order given. */
export async function ticketViews(db: Db, rows: TicketRow[]) {
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
    LISTED_REPLIES,
  );
  return rows.map((row) => ticketView(row, replies.get(row.id) ?? []));
}

/** A dispute as the receipt and the dispute's answer show it: its ticket, and why. */
export function disputeViewOf(row: TicketRow): DisputeView {
  const reason = (row.dispute_reason ?? 'unrecognized') as DisputeReason;
  const outcome = row.dispute_outcome as DisputeOutcome | null;
  return {
    ticket_id: row.id,
    ticket_number: row.ticket_number,
    status: row.status,
    status_display: ticketStatuses[row.status],
    reason,
    reason_display: DISPUTE_REASONS[reason],
    created_at: row.created_at.toISOString(),
    outcome,
    outcome_display: outcome ? DISPUTE_OUTCOMES[outcome] : null,
    resolved_at: row.dispute_resolved_at?.toISOString() ?? null,
  };
}
