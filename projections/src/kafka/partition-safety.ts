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
 * Not partition-safe (they run on the single-partition ordered topic): notifications (reads the
 * customer's preferences, from another stream, when an account event arrives), transactions and
 * cashback (lookups fed by other streams), and every projection not listed here.
 *
 * Each entry names the event types reviewed: if a projection gains a handler for another type, it
 * falls back to the ordered topic until someone reviews it and extends the list (then rebuilds it,
 * since its checkpoint means different things on the two topics).
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
};

export function isPartitionSafe(
  projection: Projection,
  reviewed: Record<string, readonly string[]> = PARTITION_SAFE,
): boolean {
  const types = reviewed[projection.name];
  if (!types) return false;
  return Object.keys(projection.handlers).every((type) => types.includes(type));
}
