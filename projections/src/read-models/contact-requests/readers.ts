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
  const where = [
    { open: 'handled_at IS NULL', handled: 'handled_at IS NOT NULL', all: 'true' }[page.queue],
  ];
  const params: unknown[] = [page.limit];
  if (page.after !== undefined) {
    const { rowCount } = await db.query('SELECT 1 FROM rm_contact_requests WHERE request_id = $1', [
      page.after,
    ]);
    if (!rowCount) return undefined;
    params.push(page.after);
    // Compared in the database: the instant keeps its microseconds there.
    where.push(
      `(received_at, request_id) <
         (SELECT received_at, request_id FROM rm_contact_requests WHERE request_id = $2)`,
    );
  }
  const { rows } = await db.query<ContactRequestRow>(
    `SELECT * FROM rm_contact_requests WHERE ${where.join(' AND ')}
     ORDER BY received_at DESC, request_id DESC LIMIT $1`,
    params,
  );
  return rows;
}
