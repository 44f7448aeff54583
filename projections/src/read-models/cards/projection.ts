import { cardOfferKey, cardProducts, ERASED, type CardProduct } from '@bank/events';
import { deterministicUuid, type RecordedEvent } from '@bank/infra';
import type { Db } from '../../projection.ts';
import { defineProjection } from '../../projection.ts';

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
