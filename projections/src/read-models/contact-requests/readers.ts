import type { Db } from '../../projection.ts';

/** A request from the contact page: a message, or an appointment with its preferences. */
export interface ContactRequestRow extends Record<string, unknown> {
  request_id: string;
  kind: 'appointment' | 'message';
  first_name: string;
  last_name: string;
  email: string;
  subject: string | null;
  message: string | null;
  appointment_type: string | null;
  preferred_date: string | null;
  preferred_time: string | null;
  meeting_preference: string | null;
  received_at: Date;
  handled_at: Date | null;
}

export type ContactRequestQueue = 'open' | 'handled' | 'all';

export interface ContactRequestPage {
  queue: ContactRequestQueue;
  /** Only requests after this one in the list's order (newest first). */
  after?: string | undefined;
  limit: number;
}

/**
 * A page of contact requests for staff, newest first: the open ones, the handled ones or all.
 * Undefined when `after` names no request (a cursor is a request's id, and requests are never
 * deleted: erasure blanks their words).
 */
export async function listContactRequests(
  db: Db,
  page: ContactRequestPage,
): Promise<ContactRequestRow[] | undefined> {
  const queue = {
    open: 'r.handled_at IS NULL',
    handled: 'r.handled_at IS NOT NULL',
    all: 'true',
  }[page.queue];
  const newestFirst = 'ORDER BY r.received_at DESC, r.request_id DESC LIMIT $1';
  if (page.after === undefined) {
    const { rows } = await db.query<ContactRequestRow>(
      `SELECT r.* FROM rm_contact_requests r WHERE ${queue} ${newestFirst}`,
      [page.limit],
    );
    return rows;
  }
  // One statement finds the cursor's row and the page after it, compared in the database (the
  // instant keeps its microseconds there): no row when the cursor names no request, one row of
  // nulls when it does and nothing follows it.
  const { rows } = await db.query<ContactRequestRow>(
    `SELECT page.* FROM rm_contact_requests cursor_row
     LEFT JOIN LATERAL (
       SELECT r.* FROM rm_contact_requests r
       WHERE ${queue} AND (r.received_at, r.request_id) < (cursor_row.received_at, cursor_row.request_id)
       ${newestFirst}
     ) page ON true
     WHERE cursor_row.request_id = $2`,
    [page.limit, page.after],
  );
  if (rows.length === 0) return undefined;
  return rows.filter((row) => row.request_id !== null);
}
