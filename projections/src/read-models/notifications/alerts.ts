import { formatUsd, type AlertPreferences, type Posting } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';
import type { Db } from '../../projection.ts';
import type { NewNotification, RaiseNotification } from './notification-types.ts';

/** Where the bank is: a card purchase in any other country is a card used abroad. */
const HOME_COUNTRY = 'US';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The posting's account, its balance before and after it, and its owner's alerts. */
export interface AlertContext {
  customerId: string;
  accountId: string;
  accountName: string;
  beforeCents: number;
  afterCents: number;
  /** The other leg is one of the customer's own accounts: money moved between them. */
  ownTransfer: boolean;
  lowBalanceCents: number | null;
  lowBalanceAccountId: string | null;
  largeTransactionCents: number | null;
  cardAbroad: boolean;
}

/** The country a card purchase was made in (ISO 3166 alpha-2, as the card network sends it). */
export function merchantCountryOf(posting: Posting): string | null {
  const country = posting.metadata?.merchant_country;
  return typeof country === 'string' && /^[A-Za-z]{2}$/.test(country)
    ? country.toUpperCase()
    : null;
}

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The alerts one posting raises, each with the suffix that makes its notification id. A low
 * balance fires only when the balance crosses the threshold downwards, so a second debit below it
 * says nothing until the balance has been back at or above it.
 */
export function alertsFor(
  posting: Posting,
  direction: 'credit' | 'debit',
  c: AlertContext,
): { suffix: string; notification: NewNotification }[] {
  const raised: { suffix: string; notification: NewNotification }[] = [];
  const base = { customerId: c.customerId, type: 'alert' as const, priority: 'high' as const };
  const low = c.lowBalanceCents;
  if (
    low !== null &&
    (c.lowBalanceAccountId === null || c.lowBalanceAccountId === c.accountId) &&
    c.beforeCents >= low &&
    c.afterCents < low
  ) {
    raised.push({
      suffix: 'alert:low-balance',
      notification: {
        ...base,
        title: 'Low balance',
        message: `The balance of your ${c.accountName} is ${formatUsd(c.afterCents)}, below your alert amount of ${formatUsd(low)}.`,
      },
    });
  }
  const large = c.largeTransactionCents;
  if (large !== null && !c.ownTransfer && posting.kind !== 'opening' && posting.amount >= large) {
    raised.push({
      suffix: 'alert:large-transaction',
      notification: {
        ...base,
        title: 'Large transaction',
        message: `${formatUsd(posting.amount)} was ${direction === 'debit' ? 'taken from' : 'paid into'} your ${c.accountName}: ${posting.description}.`,
      },
    });
  }
  const country = merchantCountryOf(posting);
  if (
    c.cardAbroad &&
    direction === 'debit' &&
    posting.kind === 'card_purchase' &&
    country !== null &&
    country !== HOME_COUNTRY
  ) {
    raised.push({
      suffix: 'alert:card-abroad',
      notification: {
        ...base,
        title: 'Card used abroad',
        message: `Your card paid ${formatUsd(posting.amount)} to ${posting.description} in ${countryName(country)}. If this was not you, lock the card and call us.`,
      },
    });
  }
  return raised;
}

type AlertRow = {
  customer_id: string;
  account_name: string;
  before_cents: string;
  after_cents: string;
  own_transfer: boolean;
  low_balance_cents: string | null;
  low_balance_account_id: string | null;
  large_transaction_cents: string | null;
  card_abroad: boolean | null;
};

const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

/** A posting as the alerts read it: its event, its data and which way the money went. */
export interface PostingEntry {
  event: RecordedEvent;
  posting: Posting;
  direction: 'credit' | 'debit';
}

/** The customer account on the other side of a posting, if the money came from or went to one. */
export const contraAccountOf = (posting: Posting) =>
  posting.contra.startsWith('account:') ? posting.contra.slice('account:'.length) : null;

/**
 * Moves the balances by a run of postings and raises the alerts they set off, in one write that
 * also reads each owner's alerts. Each account's balance moves by the sum of its postings; a
 * posting's balance before and after it is its account's running sum, in the run's order, so the
 * run leaves the rows the postings would leave one at a time.
 */
export async function applyPostingAlerts(
  db: Db,
  entries: readonly PostingEntry[],
  raise: RaiseNotification,
): Promise<void> {
  const { rows } = await db.query<AlertRow & { ord: number }>(
    `WITH input AS (
       SELECT * FROM unnest($1::int[], $2::uuid[], $3::bigint[], $4::uuid[])
         AS t(ord, account_id, delta, contra)),
     sums AS (SELECT account_id, sum(delta)::bigint AS total FROM input GROUP BY account_id),
     moved AS (
       UPDATE rm_notification_routing r SET balance_cents = r.balance_cents + s.total
       FROM sums s WHERE r.account_id = s.account_id
       RETURNING r.account_id, r.customer_id, r.account_name, r.balance_cents - s.total AS start_cents)
     SELECT i.ord, m.customer_id, m.account_name,
            m.start_cents + sum(i.delta) OVER running - i.delta AS before_cents,
            m.start_cents + sum(i.delta) OVER running AS after_cents,
            coalesce(f.customer_id = m.customer_id, false) AS own_transfer,
            a.low_balance_cents, a.low_balance_account_id, a.large_transaction_cents, a.card_abroad
     FROM input i JOIN moved m ON m.account_id = i.account_id
     LEFT JOIN rm_notification_routing f ON f.account_id = i.contra
     LEFT JOIN rm_alert_preferences a ON a.customer_id = m.customer_id
     WINDOW running AS (PARTITION BY i.account_id ORDER BY i.ord)
     ORDER BY i.ord`,
    [
      entries.map((_, i) => i),
      entries.map((e) => e.posting.accountId),
      entries.map((e) => (e.direction === 'credit' ? e.posting.amount : -e.posting.amount)),
      entries.map((e) => contraAccountOf(e.posting)),
    ],
  );
  for (const row of rows) {
    if (
      row.low_balance_cents === null &&
      row.large_transaction_cents === null &&
      !row.card_abroad
    ) {
      continue;
    }
    const { event, posting, direction } = entries[row.ord]!;
    const raised = alertsFor(posting, direction, {
      customerId: row.customer_id,
      accountId: posting.accountId,
      accountName: row.account_name,
      beforeCents: Number(row.before_cents),
      afterCents: Number(row.after_cents),
      ownTransfer: row.own_transfer,
      lowBalanceCents: numberOrNull(row.low_balance_cents),
      lowBalanceAccountId: row.low_balance_account_id,
      largeTransactionCents: numberOrNull(row.large_transaction_cents),
      cardAbroad: row.card_abroad === true,
    });
    for (const { suffix, notification } of raised) await raise(db, event, notification, suffix);
  }
}

/** The customer's alert settings, as the last change set them. */
export async function storeAlertPreferences(
  db: Db,
  customerId: string,
  alerts: AlertPreferences,
): Promise<void> {
  await db.query(
    `INSERT INTO rm_alert_preferences
       (customer_id, low_balance_cents, low_balance_account_id, large_transaction_cents, card_abroad)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id) DO UPDATE SET low_balance_cents = $2, low_balance_account_id = $3,
       large_transaction_cents = $4, card_abroad = $5`,
    [
      customerId,
      alerts.lowBalance?.thresholdCents ?? null,
      alerts.lowBalance?.accountId ?? null,
      alerts.largeTransaction?.thresholdCents ?? null,
      alerts.cardAbroad,
    ],
  );
}
