import type { TransferType } from '@bank/events';
import type { Db } from '../../projection.ts';

/** A transfer as the transfer screen lists it; what may be shown of its destination in details. */
export interface TransferRow extends Record<string, unknown> {
  transfer_id: string;
  customer_id: string;
  type: TransferType;
  status: string;
  from_account_id: string;
  from_account_name: string;
  to_account_id: string | null;
  to_account_name: string | null;
  recipient_name: string;
  description: string;
  amount_cents: number;
  fee_cents: number;
  memo: string;
  transfer_date: string;
  reference_number: string;
  details: Record<string, string>;
  exchange: { rate: string; source: string; asOf: string; targetAmount: number } | null;
  settle_after: Date | null;
  settled_at: Date | null;
  failure_reason: string | null;
  repeat_of: string | null;
  initiated_at: Date;
}

/** The customer's latest transfers, newest first. */
export async function listRecentTransfers(
  db: Db,
  customerId: string,
  limit: number,
): Promise<TransferRow[]> {
  const { rows } = await db.query<TransferRow>(
    `SELECT * FROM rm_transfers WHERE customer_id = $1
     ORDER BY initiated_at DESC, position DESC LIMIT $2`,
    [customerId, limit],
  );
  return rows;
}

/** One of the customer's transfers by its id; null when it is not theirs or not known (yet). */
export async function findCustomerTransfer(
  db: Db,
  customerId: string,
  transferId: string,
): Promise<TransferRow | null> {
  const { rows } = await db.query<TransferRow>(
    `SELECT * FROM rm_transfers WHERE transfer_id = $1 AND customer_id = $2`,
    [transferId, customerId],
  );
  return rows[0] ?? null;
}
