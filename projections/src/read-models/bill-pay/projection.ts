import { ERASED, type EventData } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db } from '../../projection.ts';
import { defineProjection } from '../../projection.ts';

const occurrenceId = (source: string, scheduleId: string, date: string) =>
  `${source}:${scheduleId}:${date}`;

/**
 * Marks an occurrence handled and adds the next one as scheduled, copying the schedule. A failed
 * occurrence that ended its scheduled payment is 'stopped': the list shows the payment stopped
 * there (with why) rather than dropping it, and there is no next one.
 */
async function settleOccurrence(
  db: Db,
  d: EventData<'BillPaymentPaid'> | EventData<'BillPaymentFailed'>,
  event: RecordedEvent,
  status: 'completed' | 'failed' | 'stopped',
  extra: { reference: string | null; failureReason: string | null },
): Promise<void> {
  const id = occurrenceId(d.source, d.scheduleId, d.date);
  await db.query(
    `INSERT INTO rm_bill_payments (id, customer_id, source, schedule_id, payee_id, payee_name, category,
       from_account_id, amount_cents, scheduled_date, status, failure_reason, reference_number,
       created_at, updated_at, position)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$14,$15)
     ON CONFLICT (id) DO UPDATE SET status = $11, failure_reason = $12, reference_number = $13,
       amount_cents = $9, updated_at = $14, position = $15`,
    [
      id,
      d.customerId,
      d.source,
      d.scheduleId,
      d.payeeId,
      d.payeeName,
      d.category,
      d.fromAccountId,
      d.amountCents,
      d.date,
      status,
      extra.failureReason,
      extra.reference,
      event.recordedAt,
      event.position.globalPosition,
    ],
  );
  if (!d.nextDate) return;
  await db.query(
    `INSERT INTO rm_bill_payments (id, customer_id, source, schedule_id, payee_id, payee_name, category,
       from_account_id, amount_cents, scheduled_date, memo, is_recurring, recurring_frequency,
       recurring_end_date, status, created_at, updated_at, position)
     SELECT $2, customer_id, source, schedule_id, payee_id, payee_name, category, from_account_id,
       amount_cents, $3, memo, is_recurring, recurring_frequency, recurring_end_date, 'scheduled',
       $4, $4, $5
     FROM rm_bill_payments WHERE id = $1
     ON CONFLICT (id) DO NOTHING`,
    [
      id,
      occurrenceId(d.source, d.scheduleId, d.nextDate),
      d.nextDate,
      event.recordedAt,
      event.position.globalPosition,
    ],
  );
}

/** The occurrences still to come of a payee's payments, or of one schedule, become cancelled. */
async function cancelUpcoming(
  db: Db,
  by: { payeeId: string } | { scheduleId: string },
  at: Date,
): Promise<void> {
  const [column, id] = 'payeeId' in by ? ['payee_id', by.payeeId] : ['schedule_id', by.scheduleId];
  await db.query(
    `UPDATE rm_bill_payments SET status = 'cancelled', updated_at = $2
     WHERE ${column} = $1 AND status = 'scheduled'`,
    [id, at],
  );
}

/**
 * Payees, and one row per payment occurrence (scheduled, completed, failed or cancelled): the
 * Bill Pay screen's scheduled list, the payees' next payment, and the bill lines of its history.
 */
export const billPayProjection = defineProjection({
  name: 'bill-pay',
  tables: ['rm_bill_payees', 'rm_bill_payments'],
  handlers: {
    async CustomerErased(d, _event, db) {
      await db.query(
        `UPDATE rm_bill_payees SET name = $2, display_name = CASE WHEN display_name IS NOT NULL THEN $2 END,
           address = CASE WHEN address IS NOT NULL THEN $2 END, city = CASE WHEN city IS NOT NULL THEN $2 END,
           state = CASE WHEN state IS NOT NULL THEN $2 END, zip_code = CASE WHEN zip_code IS NOT NULL THEN $2 END,
           phone = CASE WHEN phone IS NOT NULL THEN $2 END
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
      await db.query(
        `UPDATE rm_bill_payments SET payee_name = $2, memo = CASE WHEN memo IS NOT NULL THEN $2 END
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
    },
    async BillPayeeAdded(d, event, db) {
      await db.query(
        `INSERT INTO rm_bill_payees (payee_id, customer_id, name, display_name, category, account_last4,
           address, city, state, zip_code, phone, default_amount_cents, autopay_enabled, autopay_day,
           autopay_amount_cents, autopay_account_id, created_at, position)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18)`,
        [
          d.payeeId,
          d.customerId,
          d.name,
          d.displayName,
          d.category,
          d.accountLast4,
          d.address,
          d.city,
          d.state,
          d.zipCode,
          d.phone,
          d.defaultAmountCents,
          d.autopay !== null,
          d.autopay?.day ?? null,
          d.autopay?.amountCents ?? null,
          d.autopay?.fromAccountId ?? null,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
      if (!d.autopay) return;
      await db.query(
        `INSERT INTO rm_bill_payments (id, customer_id, source, schedule_id, payee_id, payee_name,
           category, from_account_id, amount_cents, scheduled_date, is_recurring, recurring_frequency,
           status, created_at, updated_at, position)
         VALUES ($1,$2,'autopay',$3,$3,$4,$5,$6,$7,$8,true,'monthly','scheduled',$9,$9,$10)
         ON CONFLICT (id) DO NOTHING`,
        [
          occurrenceId('autopay', d.payeeId, d.autopay.firstDate),
          d.customerId,
          d.payeeId,
          d.displayName ?? d.name,
          d.category,
          d.autopay.fromAccountId,
          d.autopay.amountCents ?? d.defaultAmountCents ?? 0,
          d.autopay.firstDate,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
    },
    /** Its payments still to come are listed under the new name; those made keep the old one. */
    async BillPayeeRenamed(d, event, db) {
      await db.query(`UPDATE rm_bill_payees SET display_name = $2 WHERE payee_id = $1`, [
        d.payeeId,
        d.displayName,
      ]);
      await db.query(
        `UPDATE rm_bill_payments SET payee_name = COALESCE($2, p.name), updated_at = $3
         FROM rm_bill_payees p
         WHERE rm_bill_payments.payee_id = $1 AND p.payee_id = $1
           AND rm_bill_payments.status = 'scheduled'`,
        [d.payeeId, d.displayName, event.recordedAt],
      );
    },
    /**
     * The payee shows its AutoPay as it is now. Turned off, its payment still to come is
     * cancelled; turned on or changed, that payment is the one of its first date, on the new
     * setting, and one of an earlier setting on another date leaves the list.
     */
    async BillPayeeAutopayChanged(d, event, db) {
      await db.query(
        `UPDATE rm_bill_payees SET autopay_enabled = $2, autopay_day = $3,
           autopay_amount_cents = $4, autopay_account_id = $5
         WHERE payee_id = $1`,
        [
          d.payeeId,
          d.autopay !== null,
          d.autopay?.day ?? null,
          d.autopay?.amountCents ?? null,
          d.autopay?.fromAccountId ?? null,
        ],
      );
      if (!d.autopay) {
        await db.query(
          `UPDATE rm_bill_payments SET status = 'cancelled', updated_at = $2, position = $3
           WHERE payee_id = $1 AND source = 'autopay' AND status = 'scheduled'`,
          [d.payeeId, event.recordedAt, event.position.globalPosition],
        );
        return;
      }
      const id = occurrenceId('autopay', d.payeeId, d.autopay.firstDate);
      await db.query(
        `DELETE FROM rm_bill_payments
         WHERE payee_id = $1 AND source = 'autopay' AND status = 'scheduled' AND id <> $2`,
        [d.payeeId, id],
      );
      await db.query(
        `INSERT INTO rm_bill_payments (id, customer_id, source, schedule_id, payee_id, payee_name,
           category, from_account_id, amount_cents, scheduled_date, is_recurring, recurring_frequency,
           status, created_at, updated_at, position)
         SELECT $1, p.customer_id, 'autopay', p.payee_id, p.payee_id,
           coalesce(p.display_name, p.name), p.category, $2,
           coalesce($3::bigint, p.default_amount_cents, 0), $4, true, 'monthly', 'scheduled', $5, $5, $6
         FROM rm_bill_payees p WHERE p.payee_id = $7
         ON CONFLICT (id) DO UPDATE SET from_account_id = EXCLUDED.from_account_id,
           amount_cents = EXCLUDED.amount_cents, status = 'scheduled', updated_at = $5, position = $6
         WHERE rm_bill_payments.status IN ('scheduled', 'cancelled')`,
        [
          id,
          d.autopay.fromAccountId,
          d.autopay.amountCents,
          d.autopay.firstDate,
          event.recordedAt,
          event.position.globalPosition,
          d.payeeId,
        ],
      );
    },
    async BillPayeeRemoved(d, event, db) {
      await db.query('UPDATE rm_bill_payees SET removed = true WHERE payee_id = $1', [d.payeeId]);
      await cancelUpcoming(db, { payeeId: d.payeeId }, event.recordedAt);
    },
    async BillPaymentScheduleCancelled(d, event, db) {
      await cancelUpcoming(db, { scheduleId: d.paymentId }, event.recordedAt);
    },
    /** The occurrence it waited for leaves the list; the one of the new date, on the new plan, joins. */
    async BillPaymentScheduleChanged(d, event, db) {
      const id = occurrenceId('scheduled', d.paymentId, d.nextDate);
      await db.query(
        `INSERT INTO rm_bill_payments (id, customer_id, source, schedule_id, payee_id, payee_name,
           category, from_account_id, amount_cents, scheduled_date, memo, is_recurring,
           recurring_frequency, recurring_end_date, status, created_at, updated_at, position)
         SELECT $1, customer_id, source, schedule_id, payee_id, payee_name, category, $3, $4, $5,
           memo, $6, $7, $8, 'scheduled', $9, $9, $10
         FROM rm_bill_payments WHERE schedule_id = $2 AND source = 'scheduled'
         ORDER BY position DESC LIMIT 1
         ON CONFLICT (id) DO UPDATE SET from_account_id = $3, amount_cents = $4, is_recurring = $6,
           recurring_frequency = $7, recurring_end_date = $8, updated_at = $9, position = $10
         WHERE rm_bill_payments.status = 'scheduled'`,
        [
          id,
          d.paymentId,
          d.fromAccountId,
          d.amountCents,
          d.nextDate,
          d.recurrence !== null,
          d.recurrence?.frequency ?? null,
          d.recurrence?.endDate ?? null,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
      await db.query(
        `DELETE FROM rm_bill_payments
         WHERE schedule_id = $1 AND source = 'scheduled' AND status = 'scheduled' AND id <> $2`,
        [d.paymentId, id],
      );
    },
    async BillPaymentScheduled(d, event, db) {
      await db.query(
        `INSERT INTO rm_bill_payments (id, customer_id, source, schedule_id, payee_id, payee_name,
           category, from_account_id, amount_cents, scheduled_date, memo, is_recurring,
           recurring_frequency, recurring_end_date, status, created_at, updated_at, position)
         VALUES ($1,$2,'scheduled',$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,'scheduled',$14,$14,$15)
         ON CONFLICT (id) DO NOTHING`,
        [
          occurrenceId('scheduled', d.paymentId, d.firstDate),
          d.customerId,
          d.paymentId,
          d.payeeId,
          d.payeeName,
          d.category,
          d.fromAccountId,
          d.amountCents,
          d.firstDate,
          d.memo,
          d.recurrence !== null,
          d.recurrence?.frequency ?? null,
          d.recurrence?.endDate ?? null,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
    },
    async BillPaymentPaid(d, event, db) {
      await settleOccurrence(db, d, event, 'completed', {
        reference: d.reference,
        failureReason: null,
      });
    },
    async BillPaymentFailed(d, event, db) {
      await settleOccurrence(db, d, event, d.stopped === true ? 'stopped' : 'failed', {
        reference: null,
        failureReason: d.reason,
      });
    },
  },
});
