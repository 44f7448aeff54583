import type { CardOfferKind } from '@bank/events';
import type { Db } from '../../projection.ts';

/** A card, or an offer to apply for one (status 'pending'; the card keeps the offer's id). */
export interface CardRow extends Record<string, unknown> {
  id: string;
  customer_id: string;
  account_id: string;
  account_name: string;
  offer_kind: CardOfferKind;
  replaces_card_id: string | null;
  card_name: string;
  card_type: string;
  card_network: string;
  status: string;
  description: string;
  benefits: string[];
  last4: string | null;
  number_encrypted: string | null;
  cvv_encrypted: string | null;
  expiry_date: string | null;
  transaction_alerts: boolean;
  international_transactions: boolean;
  contactless_enabled: boolean;
  daily_atm_limit_cents: number;
  daily_purchase_limit_cents: number;
  has_pin: boolean;
  delivery_address: string | null;
  express_delivery: boolean | null;
  offered_at: Date;
  issued_at: Date | null;
  reported_at: Date | null;
}

/** The customer's cards and offers, in the order they were offered. */
export async function readCards(db: Db, customerId: string): Promise<CardRow[]> {
  const { rows } = await db.query<CardRow>(
    'SELECT * FROM rm_cards WHERE customer_id = $1 ORDER BY offered_position, offer_kind',
    [customerId],
  );
  return rows;
}

/** One of the customer's cards or offers; another customer's id reads as not there. */
export async function readCard(
  db: Db,
  customerId: string,
  id: string,
): Promise<CardRow | undefined> {
  const { rows } = await db.query<CardRow>(
    'SELECT * FROM rm_cards WHERE id = $1 AND customer_id = $2',
    [id, customerId],
  );
  return rows[0];
}
