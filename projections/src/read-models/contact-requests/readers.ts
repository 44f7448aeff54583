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
}

/** The latest contact requests, newest first, for staff (at most 200). */
export async function listContactRequests(db: Db): Promise<ContactRequestRow[]> {
  const { rows } = await db.query<ContactRequestRow>(
    'SELECT * FROM rm_contact_requests ORDER BY received_at DESC LIMIT 200',
  );
  return rows;
}
