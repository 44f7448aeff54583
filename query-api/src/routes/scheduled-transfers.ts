import {
  TRANSFER_FREQUENCY_LABELS,
  scheduledTransferList,
  type ScheduledTransferView,
} from '@bank/contracts';
import { centsToDollars, formatUsd } from '@bank/events';
import { ok, requireCustomer, type Pool, type SessionStore } from '@bank/infra';
import { listScheduledTransfers, type ScheduledTransferRow } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

function scheduleView(row: ScheduledTransferRow): ScheduledTransferView {
  const cents = Number(row.amount_cents);
  return {
    id: row.schedule_id,
    type: row.type,
    status: row.status,
    amount: centsToDollars(cents),
    formatted_amount: formatUsd(cents),
    memo: row.memo,
    from_account: { id: row.from_account_id, name: row.from_account_name },
    to_account: row.to_account_id ? { id: row.to_account_id } : null,
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
      const rows = await listScheduledTransfers(pool, request.customerId);
      return ok(
        { scheduled_transfers: rows.map(scheduleView) },
        'Scheduled transfers retrieved successfully',
      );
    },
  );
};
