import {
  cardOfferKey,
  cardProducts,
  centsToDollars,
  ERASED,
  type CardProduct,
  type CardTerms,
  type CardType,
} from '@bank/events';
import { deterministicUuid, type RecordedEvent } from '@bank/infra';
import type { Db } from '../projection.ts';
import { defineProjection } from '../projection.ts';

async function offer(
  db: Db,
  event: RecordedEvent,
  o: {
    id: string;
    customerId: string;
    accountId: string;
    accountName: string;
    kind: 'debit' | 'credit' | 'replacement';
    product: CardProduct;
    description: string;
    replacesCardId: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO rm_cards (id, customer_id, account_id, account_name, offer_kind, replaces_card_id,
       card_name, card_type, card_network, status, description, benefits,
       daily_atm_limit_cents, daily_purchase_limit_cents, offered_at, offered_position)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,'pending',$10,$11,$12,$13,$14,$15)
     ON CONFLICT (id) DO NOTHING`,
    [
      o.id,
      o.customerId,
      o.accountId,
      o.accountName,
      o.kind,
      o.replacesCardId,
      o.product.cardName,
      o.product.cardType,
      o.product.cardNetwork,
      o.description,
      JSON.stringify(o.product.benefits),
      o.product.dailyAtmLimit,
      o.product.dailyPurchaseLimit,
      event.recordedAt,
      event.position.globalPosition,
    ],
  );
}

/**
 * Cards and the offers to apply for: every customer's checking account brings a debit card offer
 * and the customer a credit card offer; a card reported lost or stolen brings a replacement offer.
 */
export const cardsProjection = defineProjection({
  name: 'cards',
  tables: ['rm_cards', 'rm_card_accounts'],
  handlers: {
    async CustomerErased(d, _event, db) {
      await db.query(
        `UPDATE rm_cards SET delivery_address = CASE WHEN delivery_address IS NOT NULL THEN $2 END,
           report_description = CASE WHEN report_description IS NOT NULL THEN $2 END
         WHERE customer_id = $1`,
        [d.customerId, ERASED],
      );
    },
    async AccountOpened(d, event, db) {
      await db.query(
        'INSERT INTO rm_card_accounts (account_id, customer_id, account_name) VALUES ($1,$2,$3)',
        [d.accountId, d.customerId, d.name],
      );
      if (d.type !== 'checking') return;
      const common = {
        customerId: d.customerId,
        accountId: d.accountId,
        accountName: d.name,
        replacesCardId: null,
      };
      await offer(db, event, {
        ...common,
        id: deterministicUuid(cardOfferKey.debit(d.accountId)),
        kind: 'debit',
        product: cardProducts.debit,
        description: cardProducts.debit.description,
      });
      await offer(db, event, {
        ...common,
        id: deterministicUuid(cardOfferKey.credit(d.customerId)),
        kind: 'credit',
        product: cardProducts.credit,
        description: cardProducts.credit.description,
      });
    },
    async CardIssued(d, event, db) {
      const { rows } = await db.query<{ account_name: string }>(
        'SELECT account_name FROM rm_card_accounts WHERE account_id = $1',
        [d.accountId],
      );
      const product = cardProducts[d.cardType];
      await db.query(
        `INSERT INTO rm_cards (id, customer_id, account_id, account_name, offer_kind, replaces_card_id,
           card_name, card_type, card_network, status, description, benefits, last4, number_encrypted,
           cvv_encrypted, expiry_date, transaction_alerts, international_transactions,
           contactless_enabled, daily_atm_limit_cents, daily_purchase_limit_cents, delivery_address,
           express_delivery, offered_at, offered_position, issued_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,'active',$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$23)
         ON CONFLICT (id) DO UPDATE SET status = 'active', last4 = EXCLUDED.last4,
           number_encrypted = EXCLUDED.number_encrypted, cvv_encrypted = EXCLUDED.cvv_encrypted,
           expiry_date = EXCLUDED.expiry_date, transaction_alerts = EXCLUDED.transaction_alerts,
           international_transactions = EXCLUDED.international_transactions,
           contactless_enabled = EXCLUDED.contactless_enabled,
           daily_atm_limit_cents = EXCLUDED.daily_atm_limit_cents,
           daily_purchase_limit_cents = EXCLUDED.daily_purchase_limit_cents,
           delivery_address = EXCLUDED.delivery_address, express_delivery = EXCLUDED.express_delivery,
           issued_at = EXCLUDED.issued_at`,
        [
          d.cardId,
          d.customerId,
          d.accountId,
          rows[0]?.account_name ?? '',
          d.offerKind,
          d.replacesCardId,
          d.cardName,
          d.cardType,
          d.cardNetwork,
          product.description,
          JSON.stringify(product.benefits),
          d.last4,
          d.numberEncrypted,
          d.cvvEncrypted,
          d.expiryDate,
          d.settings.transactionAlerts,
          d.settings.internationalTransactions,
          d.settings.contactlessEnabled,
          d.dailyAtmLimit,
          d.dailyPurchaseLimit,
          d.deliveryAddress,
          d.expressDelivery,
          event.recordedAt,
          event.position.globalPosition,
        ],
      );
    },
    async CardLocked(d, _event, db) {
      await db.query(`UPDATE rm_cards SET status = 'locked' WHERE id = $1`, [d.cardId]);
    },
    async CardUnlocked(d, _event, db) {
      await db.query(`UPDATE rm_cards SET status = 'active' WHERE id = $1`, [d.cardId]);
    },
    async CardReportedLostOrStolen(d, event, db) {
      const { rows } = await db.query<{
        account_id: string;
        account_name: string;
        card_type: 'debit' | 'credit';
        last4: string;
      }>(
        `UPDATE rm_cards SET status = $2, reported_at = $3, report_description = $4 WHERE id = $1
         RETURNING account_id, account_name, card_type, last4`,
        [d.cardId, d.kind, event.recordedAt, d.description],
      );
      const reported = rows[0];
      if (!reported) return;
      const product = cardProducts[reported.card_type];
      await offer(db, event, {
        id: deterministicUuid(cardOfferKey.replacement(d.cardId)),
        customerId: d.customerId,
        accountId: reported.account_id,
        accountName: reported.account_name,
        kind: 'replacement',
        product,
        description: `A replacement for your ${product.cardName} ending in ${reported.last4}, reported ${d.kind}. It gets a new number.`,
        replacesCardId: d.cardId,
      });
    },
    async CardSettingsChanged(d, _event, db) {
      await db.query(
        `UPDATE rm_cards SET transaction_alerts = $2, international_transactions = $3,
           contactless_enabled = $4 WHERE id = $1`,
        [
          d.cardId,
          d.settings.transactionAlerts,
          d.settings.internationalTransactions,
          d.settings.contactlessEnabled,
        ],
      );
    },
    async CardLimitsChanged(d, _event, db) {
      await db.query(
        `UPDATE rm_cards SET daily_atm_limit_cents = $2, daily_purchase_limit_cents = $3 WHERE id = $1`,
        [d.cardId, d.dailyAtmLimit, d.dailyPurchaseLimit],
      );
    },
    async CardPinSet(d, _event, db) {
      await db.query('UPDATE rm_cards SET has_pin = true WHERE id = $1', [d.cardId]);
    },
  },
});

export interface CardRow extends Record<string, unknown> {
  id: string;
  customer_id: string;
  account_id: string;
  account_name: string;
  offer_kind: 'debit' | 'credit' | 'replacement';
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

/** The card agreement as the API shows it: rates in percent, money in dollars. */
export function cardTermsView(terms: CardTerms) {
  const percent = (bps: number | null | undefined) => (bps == null ? null : bps / 100);
  return {
    purchase_apr: percent(terms.purchaseAprBps),
    cash_advance_apr: percent(terms.cashAdvanceAprBps),
    credit_limit: terms.creditLimit === null ? null : centsToDollars(terms.creditLimit),
    fees: terms.fees.map((fee) => ({
      name: fee.name,
      amount: centsToDollars(fee.cents),
      percent: percent(fee.percentBps),
    })),
  };
}

/** A card or offer as the Cards screen reads it, without the full number or CVV. */
export function cardView(row: CardRow) {
  const pending = row.status === 'pending';
  return {
    id: row.id,
    card_name: row.card_name,
    card_type: row.card_type,
    card_network: row.card_network,
    bank_account: { id: row.account_id, account_name: row.account_name },
    masked_number: row.last4 ? `**** **** **** ${row.last4}` : null,
    last_four: row.last4,
    expiry_date: row.expiry_date,
    status: row.status,
    is_replacement: row.offer_kind === 'replacement',
    replaces_card_id: row.replaces_card_id,
    application: {
      is_pending: pending,
      description: row.description,
      benefits: row.benefits,
      // The agreement the customer sees and consents to before applying.
      terms:
        row.card_type in cardProducts
          ? cardTermsView(cardProducts[row.card_type as CardType].terms)
          : null,
    },
    settings: {
      transaction_alerts: row.transaction_alerts,
      international_transactions: row.international_transactions,
      contactless_enabled: row.contactless_enabled,
    },
    limits: {
      daily_atm_limit: centsToDollars(row.daily_atm_limit_cents),
      daily_purchase_limit: centsToDollars(row.daily_purchase_limit_cents),
    },
    has_pin: row.has_pin,
    issued_at: row.issued_at?.toISOString() ?? null,
    reported_at: row.reported_at?.toISOString() ?? null,
  };
}
