import { ERASED } from '@bank/events';
import { defineProjection } from '../../projection.ts';

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
           description, category, priority, status, created_at, updated_at, position,
           transaction_id, dispute_reason)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'open',$9,$9,$10,$11,$12)`,
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
          d.transactionId ?? null,
          d.disputeReason ?? null,
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
    async CardChargeDisputeResolved(d, event, db) {
      await db.query(
        `UPDATE rm_support_tickets SET dispute_outcome = $2, dispute_resolved_at = $3
         WHERE id = $1`,
        [d.ticketId, d.outcome, event.recordedAt],
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
