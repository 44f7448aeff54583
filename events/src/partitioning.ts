import type { BankEventType } from './index.ts';

/**
 * How scale mode spreads the log over Kafka partitions: by customer. Every event is keyed by the
 * customer who owns the stream it is written to (an account's holder, a transfer's or a Zelle
 * payment's sender, a request's requester), so all of one customer's events share a partition and
 * keep their global order there, and a read model's rows of one customer are written from one
 * partition only. Streams that belong to no customer (market prices, the bank's custody of a
 * coin, reservations, a visitor's contact request) are keyed by their stream id.
 *
 * The key is stamped in the event's metadata when it is written (`partitionKey`: its own stream's;
 * appends that reached the database's own append function carry `partitionKeys`, the key of every
 * stream of the append, since there one metadata serves all of a command's events); the relay reads
 * it there. An event written before the stamp is keyed the same way from its data,
 * or, when its data does not name the owner (a posting or hold release older than the owner
 * field), from the first event of its stream (an account's AccountOpened).
 */

/** Metadata field: the partition key of the event's own stream. */
export const PARTITION_KEY = 'partitionKey';

/** Metadata field: the partition key of each stream the append wrote to. */
export const PARTITION_KEYS = 'partitionKeys';

/**
 * The data field naming the customer who owns the stream each event type is written to, or null
 * when that stream belongs to no customer. Every event of a stream names the same owner.
 */
export const streamOwnerField: Record<BankEventType, string | null> = {
  AccountOpened: 'customerId',
  AccountClosed: 'customerId',
  AccountChargeDisputed: 'customerId',
  // Stamped by the account decider on postings and holds (absent on those written before it).
  AccountCredited: 'ownerCustomerId',
  AccountDebited: 'ownerCustomerId',
  FundsHeld: 'ownerCustomerId',
  HoldReleased: 'ownerCustomerId',
  AllNotificationsMarkedRead: 'customerId',
  BillPayeeAdded: 'customerId',
  BusinessProfileRecorded: 'customerId',
  BillPayeeAutopayChanged: 'customerId',
  BillPayeeFirstPaid: 'customerId',
  BillPayeeRemoved: 'customerId',
  BillPayeeRenamed: 'customerId',
  BillPaymentFailed: 'customerId',
  BillPaymentPaid: 'customerId',
  BillPaymentScheduleAdvanced: 'customerId',
  BillPaymentScheduleCancelled: 'customerId',
  BillPaymentScheduleChanged: 'customerId',
  BillPaymentScheduled: 'customerId',
  CardIssued: 'customerId',
  CardLimitsChanged: 'customerId',
  CardLocked: 'customerId',
  CardPinAttemptFailed: 'customerId',
  CardPinSet: 'customerId',
  CardReportedLostOrStolen: 'customerId',
  CardSettingsChanged: 'customerId',
  CardUnlocked: 'customerId',
  // A visitor is no customer: each request is a stream of its own.
  ContactRequestErased: null,
  ContactRequestHandled: null,
  ContactRequestSubmitted: null,
  CryptoBought: 'customerId',
  // The bank's custody of one coin: every customer's movements of it, as sums.
  CryptoCustodyMoved: null,
  CryptoDepositConfirmed: 'customerId',
  CryptoDepositRejected: 'customerId',
  CryptoDepositSubmitted: 'customerId',
  CryptoDepositTxClaimed: 'customerId',
  CryptoPricesRefreshed: null,
  CryptoSold: 'customerId',
  CryptoWithdrawn: 'customerId',
  CustomerAlertsChanged: 'customerId',
  CustomerContactVerified: 'customerId',
  CustomerErased: 'customerId',
  CustomerNotificationPreferencesChanged: 'customerId',
  CustomerPasswordChanged: 'customerId',
  CustomerProfileImageChanged: 'customerId',
  CustomerProfileUpdated: 'customerId',
  CustomerRecoveryCodeUsed: 'customerId',
  CustomerRecoveryCodesRegenerated: 'customerId',
  CustomerRegistered: 'customerId',
  CustomerSignInLocked: 'customerId',
  CustomerTwoFactorDisabled: 'customerId',
  CustomerTwoFactorEnabled: 'customerId',
  DestinationFirstPaid: 'customerId',
  IdempotentRequestRecorded: 'customerId',
  // A reservation stream belongs to the identifier, not to whoever holds it.
  IdentifierReserved: null,
  MoneyMovementCancelled: 'customerId',
  MoneyMovementRecorded: 'customerId',
  NotificationDeleted: 'customerId',
  NotificationRaised: 'customerId',
  NotificationsMarkedRead: 'customerId',
  RecipientRemoved: 'customerId',
  RecipientRenamed: 'customerId',
  RecipientSaved: 'customerId',
  SavingsGoalRemoved: 'customerId',
  SavingsGoalSet: 'customerId',
  ScheduledTransferFailed: 'customerId',
  ScheduledTransferRan: 'customerId',
  ScheduleBooked: 'customerId',
  ScheduleUnbooked: 'customerId',
  SupportTicketNumberReserved: null,
  SupportTicketOpened: 'customerId',
  SupportTicketReplied: 'customerId',
  SupportTicketStatusChanged: 'customerId',
  CardChargeDisputed: 'customerId',
  CardChargeDisputeResolved: 'customerId',
  TransactionRecategorised: 'customerId',
  TransferCancelled: 'customerId',
  TransferFailed: 'customerId',
  TransferInitiated: 'customerId',
  TransferScheduleCancelled: 'customerId',
  TransferScheduleChanged: 'customerId',
  TransferScheduleStopped: 'customerId',
  TransferScheduled: 'customerId',
  TransferSettled: 'customerId',
  // A contact's inbox of payments waiting for whoever enrols it.
  ZellePaymentAwaitingClaim: null,
  ZellePaymentCancelled: 'senderCustomerId',
  ZellePaymentClaimed: 'senderCustomerId',
  ZellePaymentReturned: 'senderCustomerId',
  ZellePaymentSent: 'senderCustomerId',
  ZelleRequestCancelled: 'requesterCustomerId',
  ZelleRequestCreated: 'requesterCustomerId',
  ZelleRequestDeclined: 'requesterCustomerId',
  ZelleRequestPaid: 'requesterCustomerId',
};

type Data = Record<string, unknown> | null | undefined;

const textField = (data: Data, field: string): string | undefined => {
  const value = data?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * The partition key of an event from its own data: its stream owner, or its stream id when the
 * stream belongs to no customer. Undefined when the data does not say (an event written before
 * its type named the owner): the first event of the stream does.
 */
export function partitionKeyFromData(
  streamId: string,
  type: string,
  data: unknown,
): string | undefined {
  const field = (streamOwnerField as Record<string, string | null | undefined>)[type];
  if (field === undefined) return undefined;
  if (field === null) return streamId;
  return textField(data as Data, field);
}

/**
 * The keys to stamp on an append: each stream's owner, taken from the first of its events that
 * names one. A stream none of whose events names its owner is left out (the relay then asks the
 * stream's first event).
 */
export function partitionKeysOf(
  appends: readonly { streamId: string; events: readonly { type: string; data: unknown }[] }[],
): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const { streamId, events } of appends) {
    for (const event of events) {
      const key = partitionKeyFromData(streamId, event.type, event.data);
      if (key === undefined) continue;
      keys[streamId] = key;
      break;
    }
  }
  return keys;
}

/** The key stamped on an event's metadata for its stream, if any. */
export function stampedPartitionKey(
  metadata: Record<string, unknown> | undefined,
  streamId: string,
): string | undefined {
  const own = metadata?.[PARTITION_KEY];
  if (typeof own === 'string' && own !== '') return own;
  const keys = metadata?.[PARTITION_KEYS];
  if (typeof keys !== 'object' || keys === null) return undefined;
  const key = (keys as Record<string, unknown>)[streamId];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/**
 * Facts about two customers, written to one of their streams: the other party's read-model rows
 * come from the same event, so it is also delivered to the other party's partition, where the
 * projections write that party's side only. Each entry gives the other parties of an event.
 *
 * A claim written before it carried the sender's name, memo and reference has none: the
 * recipient's line then copies them from the sender's, which only the sender's partition holds,
 * so such a claim is applied whole there.
 */
export const otherParties: Partial<Record<BankEventType, (data: Data) => unknown[]>> = {
  ZellePaymentSent: (d) => [d?.recipientCustomerId],
  ZellePaymentClaimed: (d) => (d?.reference === undefined ? [] : [d?.recipientCustomerId]),
  ZelleRequestCreated: (d) => [d?.payerCustomerId],
  ZelleRequestPaid: (d) => [d?.payerCustomerId],
  ZelleRequestDeclined: (d) => [d?.payerCustomerId],
  ZelleRequestCancelled: (d) => [d?.payerCustomerId],
};

/**
 * Events every partition receives: erasing a customer also blanks what the other parties of
 * their payments and requests hold about them, and those parties may be anywhere.
 */
export const toEveryPartition: ReadonlySet<string> = new Set<BankEventType>(['CustomerErased']);

/** The customers besides the stream's owner whose rows an event changes. */
export function otherPartiesOf(type: string, data: unknown): string[] {
  const parties = (otherParties as Record<string, ((d: Data) => unknown[]) | undefined>)[type];
  if (!parties) return [];
  return parties(data as Data).filter((p): p is string => typeof p === 'string' && p !== '');
}
