import {
  TRANSFER_FREQUENCY_LABELS,
  scheduledTransferList,
  type ScheduledTransferView,
  type TransferFrequency,
} from '@bank/contracts';
import { centsToDollars, formatUsd } from '@bank/events';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

interface ScheduleRow {
  schedule_id: string;
  type: ScheduledTransferView['type'];
  status: ScheduledTransferView['status'];
  from_account_id: string;
  from_account_name: string | null;
  recipient_name: string;
  recipient_detail: string | null;
  amount_cents: string | number;
  memo: string;
  start_date: string;
  frequency: TransferFrequency | null;
  end_date: string | null;
  end_count: number | null;
  next_date: string | null;
  runs: number;
  last_run_date: string | null;
  last_run_status: 'completed' | 'failed' | null;
  last_reference: string | null;
  last_failure: string | null;
}

function scheduleView(row: ScheduleRow): ScheduledTransferView {
  const cents = Number(row.amount_cents);
  return {
    id: row.schedule_id,
    type: row.type,
    status: row.status,
    amount: centsToDollars(cents),
    formatted_amount: formatUsd(cents),
    memo: row.memo,
    from_account: { id: row.from_account_id, name: row.from_account_name },
    recipient_name: row.recipient_name,
    recipient_detail: row.recipient_detail,
    frequency: row.frequency,
    frequency_label: row.frequency ? TRANSFER_FREQUENCY_LABELS[row.frequency] : 'Once',
    start_date: row.start_date,
    end_date: row.end_date,
    end_count: row.end_count,
    next_date: row.next_date,
    runs: row.runs,
    last_run:
      row.last_run_date && row.last_run_status
        ? {
            date: row.last_run_date,
            status: row.last_run_status,
            reference_number: row.last_reference,
            failure_reason: row.last_failure,
          }
        : null,
  };
}

/** The customer's scheduled and recurring transfers: active ones by next date, then the rest. */
export const scheduledTransferQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get(
    '/transfers/scheduled',
    { schema: { response: { 200: scheduledTransferList } } },
    async (request) => {
      const { rows } = await pool.query<ScheduleRow>(
        `SELECT s.*, to_char(s.start_date, 'YYYY-MM-DD') AS start_date,
           to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
           to_char(s.next_date, 'YYYY-MM-DD') AS next_date,
           to_char(s.last_run_date, 'YYYY-MM-DD') AS last_run_date, a.name AS from_account_name
         FROM rm_scheduled_transfers s
         LEFT JOIN rm_accounts a ON a.account_id = s.from_account_id
         WHERE s.customer_id = $1
         ORDER BY s.status = 'active' DESC, s.next_date NULLS LAST, s.updated_at DESC
         LIMIT 200`,
        [request.customerId],
      );
      return ok(
        { scheduled_transfers: rows.map(scheduleView) },
        'Scheduled transfers retrieved successfully',
      );
    },
  );
};
