import { cardProducts, centsToDollars, type CardTerms, type CardType } from '@bank/events';
import type { CardRow } from './readers.ts';

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
