import type { SavedRecipientKind } from '@bank/events';
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
}

/** The customer's saved recipients, by nickname (at most 200). */
export async function listSavedRecipients(
  db: Db,
  customerId: string,
): Promise<SavedRecipientRow[]> {
  const { rows } = await db.query<SavedRecipientRow>(
    `SELECT * FROM rm_saved_recipients WHERE customer_id = $1
       ORDER BY lower(nickname), saved_at LIMIT 200`,
    [customerId],
  );
  return rows;
}
