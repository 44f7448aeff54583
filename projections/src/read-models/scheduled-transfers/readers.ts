import type { SchedulableTransferType, TransferFrequency } from '@bank/events';
import type { Db } from '../../projection.ts';

/** A schedule as the Scheduled list reads it: dates as YYYY-MM-DD, with its account's name. */
export interface ScheduledTransferRow extends Record<string, unknown> {
  schedule_id: string;
  customer_id: string;
  type: SchedulableTransferType;
  status: 'active' | 'completed' | 'cancelled' | 'stopped';
  from_account_id: string;
  from_account_name: string | null;
  to_account_id: string | null;
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
  created_at: Date;
  updated_at: Date;
}

/** How many schedules that ended (completed, cancelled or stopped) the list shows, latest first. */
const ENDED_LISTED = 200;

/**
 * The customer's schedules: every active one by next date (each still moves money, and the list
 * is where the customer cancels it), then the latest that ended, latest change first.
 */
export async function listScheduledTransfers(
  db: Db,
  customerId: string,
): Promise<ScheduledTransferRow[]> {
  const { rows } = await db.query<ScheduledTransferRow>(
    `SELECT s.*, to_char(s.start_date, 'YYYY-MM-DD') AS start_date,
       to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
       to_char(s.next_date, 'YYYY-MM-DD') AS next_date,
       to_char(s.last_run_date, 'YYYY-MM-DD') AS last_run_date, a.name AS from_account_name
     FROM rm_scheduled_transfers s
     LEFT JOIN rm_accounts a ON a.account_id = s.from_account_id
     WHERE s.customer_id = $1
       AND (s.status = 'active' OR s.schedule_id IN (
         SELECT schedule_id FROM rm_scheduled_transfers
         WHERE customer_id = $1 AND status <> 'active'
         ORDER BY updated_at DESC LIMIT $2))
     ORDER BY s.status = 'active' DESC, s.next_date NULLS LAST, s.updated_at DESC`,
    [customerId, ENDED_LISTED],
  );
  return rows;
}
