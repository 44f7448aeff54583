/**
 * Personal data inside events, by event type: these fields are encrypted with the customer's own
 * key when the event is written (the customer is data.customerId), so that erasing the customer
 * (destroying the key) makes them unreadable while amounts and balances stay.
 */
export const piiFields: Record<string, readonly string[]> = {
  CustomerRegistered: [
    'name',
    'email',
    'phone',
    'dateOfBirth',
    'address',
    'city',
    'state',
    'zipCode',
    'ssnEncrypted',
  ],
  CustomerProfileUpdated: [
    'name',
    'email',
    'phone',
    'dateOfBirth',
    'address',
    'city',
    'state',
    'zipCode',
  ],
  // Features' events: free text the customer wrote, and names, addresses and contacts of the
  // people and businesses they deal with. Only top-level string fields of events that carry
  // data.customerId can be sealed (the key is that customer's); amounts, ids and references stay.
  CardIssued: ['deliveryAddress'],
  CardReportedLostOrStolen: ['description'],
  SupportTicketOpened: ['customerName', 'subject', 'description'],
  SupportTicketReplied: ['message', 'authorName'],
  BillPayeeAdded: ['name', 'displayName', 'address', 'city', 'state', 'zipCode', 'phone'],
  BillPaymentScheduled: ['payeeName', 'memo'],
  BillPaymentPaid: ['payeeName'],
  BillPaymentFailed: ['payeeName'],
  TransferInitiated: ['recipientName', 'senderName', 'memo', 'description'],
  TransferSettled: ['recipientName'],
  TransferFailed: ['recipientName'],
  CryptoDepositSubmitted: ['fromAddress'],
  CryptoWithdrawn: ['toAddress'],
  NotificationRaised: ['message'],
  // The first answer to an Idempotency-Key repeats names and memos; sealed whole, as JSON (only
  // for a field whose schema accepts anything, since it reads as "[erased]" after erasure).
  IdempotentRequestRecorded: ['body'],
};

/** What an erased customer's personal data reads as. */
export const ERASED = '[erased]';
