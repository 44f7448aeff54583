import { ERASED, type EventData } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import { defineProjection, type Db } from '../../projection.ts';

type Destination = EventData<'TransferScheduled'>['destination'];

function recipientOf(d: Destination): {
  name: string;
  detail: string | null;
  toAccountId: string | null;
} {
  switch (d.type) {
    case 'between-accounts':
      return { name: d.toAccountName, detail: null, toAccountId: d.toAccountId };
    case 'same-bank':
      return { name: d.recipientName, detail: d.recipientContact, toAccountId: null };
    case 'external-bank':
      return {
        name: d.recipientName,
        detail: `${d.bankName} ****${d.accountLast4}`,
        toAccountId: null,
      };
  }
}

/**
 * After a run: one more run, the next date, and 'completed' when there is none, or 'stopped'
 * when a refused run ended the series before its end.
 */
async function recordRun(
  db: Db,
  d: EventData<'ScheduledTransferRan'> | EventData<'ScheduledTransferFailed'>,
  event: RecordedEvent,
  outcome: {
    status: 'completed' | 'failed';
    reference: string | null;
    failure: string | null;
    stopped: boolean;
  },
) {
  await db.query(
    `UPDATE rm_scheduled_transfers SET runs = runs + 1, next_date = $2,
       status = CASE WHEN $9::boolean THEN 'stopped' WHEN $2::date IS NULL THEN 'completed' ELSE status END,
       last_run_date = $3, last_run_status = $4, last_reference = $5, last_failure = $6,
       updated_at = $7, position = $8
     WHERE schedule_id = $1`,
    [
      d.scheduleId,
      d.nextDate,
      d.date,
      outcome.status,
      outcome.reference,
      outcome.failure,
      event.recordedAt,
      event.position.globalPosition,
      outcome.stopped,
    ],
  );
}

/** Scheduled and recurring transfers: the Scheduled list of the transfers page. */
export const scheduledTransfersProjection = defineProjection({
  name: 'scheduled-transfers',
  tables: ['rm_scheduled_transfers'],
  handlers: {
    async CustomerErased(d, _event, db) {
      await db.query(
        `UPDATE rm_scheduled_transfers SET memo = CASE WHEN memo <> '' THEN $2 ELSE memo END,
           recipient_name = CASE WHEN type = 'between-accounts' THEN recipient_name ELSE $2 END,
           recipient_detail = CASE WHEN recipient_detail IS NOT NULL THEN $2 END
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
    },
    async TransferScheduled(d, event, db) {
      const recipient = recipientOf(d.destination);
      await db.query(
        `INSERT INTO rm_scheduled_transfers (schedule_id, customer_id, type, from_account_id,
           to_account_id, recipient_name, recipient_detail, amount_cents, memo, start_date, frequency,
           end_date, end_count, next_date, created_at, updated_at, position)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$15,$16)
         ON CONFLICT (schedule_id) DO NOTHING`,
        [
          d.scheduleId,
          d.customerId,
          d.destination.type,
          d.fromAccountId,
          recipient.toAccountId,
          recipient.name,
          recipient.detail,
          d.amountCents,
          d.memo,
          d.startDate,
          d.recurrence?.frequency ?? null,
          d.recurrence?.endDate ?? null,
          d.recurrence?.count ?? null,
          d.nextDate,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
    },
    async TransferScheduleChanged(d, event, db) {
      await db.query(
        `UPDATE rm_scheduled_transfers SET from_account_id = $2, amount_cents = $3, memo = $4,
           start_date = $5, frequency = $6, end_date = $7, end_count = $8, next_date = $9, runs = 0,
           status = CASE WHEN $9::date IS NULL THEN 'completed' ELSE 'active' END,
           updated_at = $10, position = $11
         WHERE schedule_id = $1`,
        [
          d.scheduleId,
          d.fromAccountId,
          d.amountCents,
          d.memo,
          d.startDate,
          d.recurrence?.frequency ?? null,
          d.recurrence?.endDate ?? null,
          d.recurrence?.count ?? null,
          d.nextDate,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
    },
    async TransferScheduleCancelled(d, event, db) {
      await db.query(
        `UPDATE rm_scheduled_transfers SET status = 'cancelled', next_date = NULL, updated_at = $2,
           position = $3
         WHERE schedule_id = $1`,
        [d.scheduleId, event.recordedAt, event.position.globalPosition],
      );
    },
    async TransferScheduleStopped(d, event, db) {
      // Its recipient erased: the payer's row keeps no name or contact of theirs (the schedule's
      // own event still holds them, sealed with the payer's key), live as after a rebuild.
      await db.query(
        `UPDATE rm_scheduled_transfers SET status = 'stopped', next_date = NULL,
           recipient_name = $2, recipient_detail = NULL, updated_at = $3, position = $4
         WHERE schedule_id = $1`,
        [d.scheduleId, ERASED, event.recordedAt, event.position.globalPosition],
      );
    },
    async ScheduledTransferRan(d, event, db) {
      await recordRun(db, d, event, {
        status: 'completed',
        reference: d.reference,
        failure: null,
        stopped: false,
      });
    },
    async ScheduledTransferFailed(d, event, db) {
      await recordRun(db, d, event, {
        status: 'failed',
        reference: null,
        failure: d.reason,
        stopped: d.stopped === true,
      });
    },
  },
});
