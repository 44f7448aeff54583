import { ERASED } from '@bank/events';
import { defineProjection } from '../../projection.ts';

/** Contact-page requests, listed for staff under /ops. */
export const contactRequestsProjection = defineProjection({
  name: 'contact-requests',
  tables: ['rm_contact_requests'],
  handlers: {
    async ContactRequestSubmitted(d, event, db) {
      await db.query(
        `INSERT INTO rm_contact_requests (request_id, kind, first_name, last_name, email, subject, message,
           appointment_type, preferred_date, preferred_time, meeting_preference, received_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
        [
          d.requestId,
          d.kind,
          d.firstName,
          d.lastName,
          d.email,
          d.subject,
          d.message,
          d.appointmentType,
          d.preferredDate,
          d.preferredTime,
          d.meetingPreference,
          event.recordedAt,
        ],
      );
    },
    async ContactRequestErased(d, _event, db) {
      await db.query(
        `UPDATE rm_contact_requests SET first_name = $2, last_name = $2, email = $2,
           subject = CASE WHEN subject IS NOT NULL THEN $2 END,
           message = CASE WHEN message IS NOT NULL THEN $2 END
         WHERE request_id = $1`,
        [d.requestId, ERASED],
      );
    },
    async ContactRequestHandled(d, _event, db) {
      await db.query(
        'UPDATE rm_contact_requests SET handled_at = $2 WHERE request_id = $1 AND handled_at IS NULL',
        [d.requestId, d.handledAt],
      );
    },
  },
});
