import type { Projection } from '../projection.ts';

/**
 * The review that lets a projection run in scale mode, where the workers share the partitions of
 * one topic. Events are keyed by the customer who owns their stream (@bank/events'
 * partitioning), so a partition holds ALL the events of its customers, in their global order;
 * events of streams no customer owns (market prices, a coin's custody, a contact request) are
 * keyed by their stream. A projection is partition-safe when every row a handler writes belongs
 * to the event's key (or is a sum whose order does not matter), and every row it reads was
 * written from the same key: then a partition has all it needs, in order.
 *
 * A fact about two customers is also delivered to the other party's partition, and an erasure to
 * every partition; the projection lists such a type as `sided` and its handler writes each
 * customer's rows only where `scope.owns` says so. Reviewed, per projection:
 *
 * - customers: every event is on the customer's own stream, CustomerErased included.
 * - accounts: an account's events are its holder's; the internal ledger balances are sums, kept
 *   per shard (the partition), so no two partitions write one row.
 * - transactions: postings, holds and their releases are the account holder's, and so are the
 *   owner lookup (AccountOpened), recategorisations (the customer's categories stream) and
 *   CustomerErased, which blanks only that customer's lines.
 * - notifications: each notice goes to the event's own customer (the security notices, as of a
 *   password or two-factor change, come from the customer's own stream), whose preferences and
 *   account routing rows come from their own events, as do the digests of their mailing address
 *   that a profile change and a card mailed elsewhere are compared with; a credit's "own
 *   transfer" check looks for a routing row of the contra account *with the same customer*,
 *   which only that customer's partition can write. A request's notices to the payer are sided (written on the payer's partition).
 * - cashback: one row per customer, and one per customer and month, from the debits (and the
 *   refunds that take a purchase's cashback back) of all their accounts, all on their partition.
 * - contact-requests: a visitor's request is keyed by its own stream, its erasure too.
 * - bill-pay, cards, crypto (holdings and history), support, transfers, scheduled-transfers,
 *   saved-recipients, savings-goals, money-limits: the customer's own streams, and CustomerErased
 *   blanks only that customer's rows. A dispute's decision is keyed by its customer, whose ticket
 *   row it marks. A transfer to another customer writes the sender's row only;
 *   the recipient's side is the credit posting on their own account.
 * - crypto (market, custody) and insights: the market stream and each coin's custody stream are
 *   one key each; custody is a sum.
 * - zelle: a payment or request writes both parties' lines from one event; each of its handlers is
 *   sided, writing the lines of the parties the scope holds. A claim carries the payment's facts
 *   for the recipient's line (one written before it did stays on the sender's partition and copies
 *   them from the sender's line there). An erasure reaches every partition, where each blanks the
 *   lines its customers hold about the erased customer (found by counterparty_customer_id).
 *
 * Each entry names the event types reviewed: a handler for another type fails the unit test,
 * and the worker refuses to start, until someone reviews it here.
 */
export const PARTITION_SAFE: Record<string, readonly string[]> = {
  customers: [
    'CustomerRegistered',
    'CustomerProfileUpdated',
    'CustomerProfileImageChanged',
    'CustomerNotificationPreferencesChanged',
    'CustomerContactVerified',
    'CustomerErased',
  ],
  accounts: ['AccountOpened', 'AccountCredited', 'AccountDebited', 'FundsHeld', 'HoldReleased'],
  transactions: [
    'CustomerErased',
    'AccountOpened',
    'AccountCredited',
    'AccountDebited',
    'FundsHeld',
    'TransactionRecategorised',
    'HoldReleased',
  ],
  notifications: [
    'TransferInitiated',
    'TransferSettled',
    'TransferFailed',
    'TransferCancelled',
    'ZellePaymentSent',
    'ZellePaymentClaimed',
    'ZellePaymentReturned',
    'ZellePaymentCancelled',
    'ZelleRequestCreated',
    'ZelleRequestDeclined',
    'ZelleRequestCancelled',
    'CustomerErased',
    'CustomerRegistered',
    'CustomerNotificationPreferencesChanged',
    'AccountOpened',
    'CustomerAlertsChanged',
    'AccountDebited',
    'AccountCredited',
    'CustomerPasswordChanged',
    'CustomerSignInLocked',
    'CustomerTwoFactorEnabled',
    'CustomerTwoFactorDisabled',
    'CustomerRecoveryCodesRegenerated',
    'CustomerProfileUpdated',
    'NotificationRaised',
    'NotificationsMarkedRead',
    'AllNotificationsMarkedRead',
    'NotificationDeleted',
    'CardIssued',
  ],
  cashback: ['AccountOpened', 'AccountDebited', 'AccountCredited'],
  'contact-requests': ['ContactRequestSubmitted', 'ContactRequestErased', 'ContactRequestHandled'],
  'bill-pay': [
    'CustomerErased',
    'BillPayeeAdded',
    'BillPayeeRemoved',
    'BillPayeeRenamed',
    'BillPayeeAutopayChanged',
    'BillPaymentScheduleCancelled',
    'BillPaymentScheduleChanged',
    'BillPaymentScheduled',
    'BillPaymentPaid',
    'BillPaymentFailed',
  ],
  crypto: [
    'CustomerErased',
    'CryptoPricesRefreshed',
    'CryptoBought',
    'CryptoSold',
    'CryptoDepositSubmitted',
    'CryptoDepositConfirmed',
    'CryptoDepositRejected',
    'CryptoCustodyMoved',
    'CryptoWithdrawn',
  ],
  cards: [
    'CustomerErased',
    'AccountOpened',
    'CardIssued',
    'CardLocked',
    'CardUnlocked',
    'CardReportedLostOrStolen',
    'CardSettingsChanged',
    'CardLimitsChanged',
    'CardPinSet',
  ],
  support: [
    'CustomerErased',
    'CardChargeDisputeResolved',
    'SupportTicketOpened',
    'SupportTicketReplied',
    'SupportTicketStatusChanged',
  ],
  transfers: [
    'CustomerErased',
    'TransferInitiated',
    'TransferSettled',
    'TransferFailed',
    'TransferCancelled',
  ],
  'money-limits': ['MoneyMovementRecorded', 'MoneyMovementCancelled'],
  zelle: [
    'CustomerErased',
    'ZellePaymentSent',
    'ZellePaymentClaimed',
    'ZellePaymentReturned',
    'ZellePaymentCancelled',
    'ZelleRequestCreated',
    'ZelleRequestPaid',
    'ZelleRequestDeclined',
    'ZelleRequestCancelled',
  ],
  'savings-goals': ['SavingsGoalSet', 'SavingsGoalRemoved'],
  insights: ['CryptoPricesRefreshed'],
  'scheduled-transfers': [
    'CustomerErased',
    'TransferScheduled',
    'TransferScheduleChanged',
    'TransferScheduleCancelled',
    'TransferScheduleStopped',
    'ScheduledTransferRan',
    'ScheduledTransferFailed',
  ],
  'saved-recipients': [
    'CustomerErased',
    'RecipientSaved',
    'RecipientRenamed',
    'RecipientRemoved',
    'DestinationFirstPaid',
  ],
};

export function isPartitionSafe(
  projection: Projection,
  reviewed: Record<string, readonly string[]> = PARTITION_SAFE,
): boolean {
  const types = reviewed[projection.name];
  if (!types) return false;
  return Object.keys(projection.handlers).every((type) => types.includes(type));
}
