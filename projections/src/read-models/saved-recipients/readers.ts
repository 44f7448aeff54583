import { moneyRules, type SavedRecipientKind } from '@bank/events';
import type { Db } from '../../projection.ts';

/** A row of rm_saved_recipients: masked (the full number stays encrypted in the log). */
export interface SavedRecipientRow extends Record<string, unknown> {
  recipient_id: string;
  customer_id: string;
  type: SavedRecipientKind;
  nickname: string;
  recipient_name: string;
  bank_name: string;
  account_last4: string;
  routing_number: string | null;
  country: string | null;
  swift_code: string | null;
  saved_at: Date;
  position: number;
  destination_hash: string;
  /** When the account stops being new: some days after it was saved or first paid, the earlier. */
  known_from: Date;
}

/**
 * The customer's saved recipients, by nickname (at most 200), each with when it stops being a new
 * account (the new-destination days after it was saved or first paid, whichever came first).
 */
export async function listSavedRecipients(
  db: Db,
  customerId: string,
): Promise<SavedRecipientRow[]> {
  const { rows } = await db.query<SavedRecipientRow>(
    `SELECT r.*, least(r.saved_at, p.first_paid_at) + make_interval(days => $2) AS known_from
       FROM rm_saved_recipients r
       LEFT JOIN rm_paid_destinations p
         ON p.customer_id = r.customer_id AND p.destination_hash = r.destination_hash
      WHERE r.customer_id = $1
      ORDER BY lower(r.nickname), r.saved_at LIMIT 200`,
    [customerId, moneyRules.newDestinationDays],
  );
  return rows;
}
