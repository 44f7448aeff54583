/**
 * Personal data inside events, by event type. Each rule names the fields (dotted paths reach into
 * nested objects: `destination.recipientAddress`) and whose key seals them: the first of `owner`'s
 * data fields that holds an id. The fields are encrypted with that data subject's own key when the
 * event is written, so that erasing the subject (destroying the key) makes them unreadable while
 * amounts and balances stay. A subject is a customer, or a contact request from a visitor.
 *
 * Events about two customers (a Zelle payment or request, a same-bank transfer) seal each party's
 * identifying data (name, email or phone) with that party's key, and what the initiator wrote (the
 * memo, their own name) with the initiator's. While the other party is not a customer (a pending
 * Zelle payment to an email, an external transfer) their data is the initiator's record and is
 * sealed with the initiator's key.
 */
export interface PiiRule {
  /** Data fields naming the subject whose key seals `fields`; the first one present wins. */
  owner: readonly string[];
  fields: readonly string[];
}

const ofCustomer = (...fields: string[]): PiiRule[] => [{ owner: ['customerId'], fields }];
const profile = ['name', 'email', 'phone', 'dateOfBirth', 'address', 'city', 'state', 'zipCode'];
/** A posting's text names the counterparty; the account stream's owner is stamped on new postings. */
const posting: PiiRule[] = [
  {
    owner: ['ownerCustomerId'],
    fields: [
      'description',
      'metadata.counterparty_name',
      'metadata.counterparty_contact',
      'metadata.payee_name',
      'metadata.memo',
    ],
  },
];

export const piiRules: Record<string, readonly PiiRule[]> = {
  CustomerRegistered: ofCustomer(...profile, 'ssnEncrypted'),
  CustomerProfileUpdated: ofCustomer(...profile),
  CustomerTwoFactorEnabled: ofCustomer('secretSealed'),
  BusinessProfileRecorded: ofCustomer('businessName', 'einSealed', 'einLast4'),
  // Features' events: free text the customer wrote, and names, addresses and contacts of the
  // people and businesses they deal with; amounts, ids and references stay.
  CardIssued: ofCustomer('deliveryAddress'),
  CardReportedLostOrStolen: ofCustomer('description'),
  SupportTicketOpened: ofCustomer('customerName', 'subject', 'description'),
  SupportTicketReplied: ofCustomer('message', 'authorName'),
  BillPayeeAdded: ofCustomer('name', 'displayName', 'address', 'city', 'state', 'zipCode', 'phone'),
  BillPayeeRenamed: ofCustomer('displayName'),
  BillPaymentScheduled: ofCustomer('payeeName', 'memo'),
  BillPaymentPaid: ofCustomer('payeeName'),
  BillPaymentFailed: ofCustomer('payeeName'),
  TransferInitiated: [
    {
      owner: ['customerId'],
      fields: [
        'senderName',
        'memo',
        'description',
        'destination.accountEncrypted',
        'destination.recipientAddress',
      ],
    },
    {
      owner: ['recipientCustomerId', 'customerId'],
      fields: ['recipientName', 'destination.recipientContact'],
    },
  ],
  TransferScheduled: ofCustomer(
    'memo',
    'destination.recipientName',
    'destination.recipientContact',
    'destination.accountEncrypted',
    'destination.recipientAddress',
  ),
  TransferScheduleChanged: ofCustomer('memo'),
  RecipientSaved: ofCustomer('nickname', 'recipientName', 'accountEncrypted'),
  RecipientRenamed: ofCustomer('nickname'),
  TransferSettled: ofCustomer('recipientName'),
  TransferFailed: ofCustomer('recipientName'),
  TransferCancelled: ofCustomer('recipientName'),
  AccountCredited: posting,
  AccountDebited: posting,
  FundsHeld: posting,
  ZellePaymentSent: [
    { owner: ['senderCustomerId'], fields: ['senderName', 'memo'] },
    {
      owner: ['recipientCustomerId', 'senderCustomerId'],
      fields: ['recipientName', 'recipientContact.value'],
    },
  ],
  ZellePaymentClaimed: [
    { owner: ['recipientCustomerId'], fields: ['recipientName'] },
    { owner: ['senderCustomerId'], fields: ['senderName', 'memo'] },
  ],
  // Returned: the recipient never became a customer, so their name is the sender's record.
  ZellePaymentReturned: [{ owner: ['senderCustomerId'], fields: ['recipientName'] }],
  // Cancelled by the sender before anyone claimed it: the same record of theirs.
  ZellePaymentCancelled: [{ owner: ['senderCustomerId'], fields: ['recipientName'] }],
  ZelleRequestCreated: [
    { owner: ['requesterCustomerId'], fields: ['requesterName', 'memo'] },
    { owner: ['payerCustomerId'], fields: ['payerName', 'payerContact.value'] },
  ],
  ZelleRequestDeclined: [{ owner: ['payerCustomerId'], fields: ['payerName'] }],
  // Withdrawn by the requester, or by their erasure: their name must not outlive their key.
  ZelleRequestCancelled: [{ owner: ['requesterCustomerId'], fields: ['requesterName'] }],
  CryptoDepositSubmitted: ofCustomer('fromAddress'),
  CryptoWithdrawn: ofCustomer('toAddress'),
  NotificationRaised: ofCustomer('message'),
  // The first answer to an Idempotency-Key repeats names and memos; sealed whole, as JSON (only
  // for a field whose schema accepts anything, since it reads as "[erased]" after erasure).
  IdempotentRequestRecorded: ofCustomer('body'),
  // A visitor is no customer: each request has its own key, found by the email's fingerprint.
  ContactRequestSubmitted: [
    { owner: ['requestId'], fields: ['firstName', 'lastName', 'email', 'subject', 'message'] },
  ],
};

/** What an erased subject's personal data reads as. */
export const ERASED = '[erased]';
