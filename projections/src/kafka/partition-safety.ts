import type { Projection } from '../projection.ts';

/**
 * Projections that may consume the keyed topic, where several workers share the partitions and
 * only the order within a stream holds (not the order across streams).
 *
 * A projection is partition-safe when each handler touches only rows derived from the event's
 * own stream, plus commutative sums. Reviewed:
 * - accounts: AccountOpened, then postings and holds, all on the account's own stream; the internal
 *   ledger balances are sums, so their order does not matter.
 * - customers: every event is on the customer's own stream (CustomerErased included).
 * - contact-requests: inserts, one per event, and the erasure of that request (on its stream).
 * - money-limits: both events are on the customer's money-activity stream, and each row is keyed
 *   by (customer, movement): recorded, then possibly cancelled, in that stream's order.
 * - savings-goals: set and removed on the goal's own stream (one per account), one row per account.
 * - insights: the daily crypto prices come from the one market stream, upserted per (symbol, day).
 *
 * Each entry names the event types reviewed: if a projection gains a handler for another type, it
 * falls back to the ordered topic until someone reviews it and extends the list (the worker moves
 * its progress over: see the worker's prepareProgressRows).
 */
export const PARTITION_SAFE: Record<string, readonly string[]> = {
  accounts: ['AccountOpened', 'AccountCredited', 'AccountDebited', 'FundsHeld', 'HoldReleased'],
  customers: [
    'CustomerRegistered',
    'CustomerProfileUpdated',
    'CustomerProfileImageChanged',
    'CustomerNotificationPreferencesChanged',
    'CustomerErased',
  ],
  'contact-requests': ['ContactRequestSubmitted', 'ContactRequestErased'],
  'money-limits': ['MoneyMovementRecorded', 'MoneyMovementCancelled'],
  'savings-goals': ['SavingsGoalSet', 'SavingsGoalRemoved'],
  insights: ['CryptoPricesRefreshed'],
};

/**
 * Projections reviewed as needing the global order (they read the single-partition ordered
 * topic), each with the reason. Events are keyed by stream id, and these join streams:
 */
export const NEEDS_GLOBAL_ORDER: Record<string, string> = {
  transactions:
    'rows of an account stream carry its owner from AccountOpened, and CustomerErased (customer stream) rewrites rows of account streams',
  notifications:
    "reads the customer's preferences (customer stream) when an account, transfer or Zelle event arrives",
  cashback:
    "sums a customer's debits from all their accounts into one monthly row that resets on a new month: the order across the accounts' streams matters",
  'bill-pay':
    'CustomerErased (customer stream) rewrites rows written from payee and payment streams',
  crypto:
    "prices from the price stream value holdings from the customers' streams; CustomerErased crosses streams",
  cards: "a card's row joins its account's (AccountOpened) and CustomerErased crosses streams",
  support: 'CustomerErased (customer stream) rewrites ticket rows written from ticket streams',
  transfers: 'CustomerErased (customer stream) rewrites rows written from transfer streams',
  zelle:
    'a payment or request involves two customers, and CustomerErased rewrites rows from payment streams',
  'scheduled-transfers':
    'CustomerErased (customer stream) rewrites the memos of rows written from schedule streams',
  'saved-recipients':
    "CustomerErased (customer stream) rewrites rows written from the customer's address-book stream",
};

export function isPartitionSafe(
  projection: Projection,
  reviewed: Record<string, readonly string[]> = PARTITION_SAFE,
): boolean {
  const types = reviewed[projection.name];
  if (!types) return false;
  return Object.keys(projection.handlers).every((type) => types.includes(type));
}
