import {
  ZellePaymentSent,
  ZelleRequestCreated,
  formatUsd,
  zelleStreams,
  type ZelleContact,
} from '@bank/events';
import { RECIPIENT_MESSAGES, ZELLE_MESSAGES } from '@bank/contracts';
import { referenceNumber } from '@bank/infra';
import { availableBalance, type AccountState } from '../account/account.ts';
import { DomainError } from '../../kernel/aggregate.ts';
import type { ActivityState } from '../transfers/limits.ts';
import {
  INVALID_RECIPIENT,
  movementFingerprint,
  planAccount,
  planInternalPosting,
  planMovement,
  type PlannedAppend,
  type PlanRecipient,
} from '../transfers/posting.ts';
import { decideAsk } from './asks.ts';
import { ZELLE_CLAIM_WINDOW_MS, awaitClaim, type PaymentData, type RequestData } from './zelle.ts';

/**
 * Starting a Zelle payment or request, decided on the loaded states: the service loads, calls
 * the plan, appends its events in order and answers with its facts.
 */

export type ContactField = 'recipient_email' | 'recipient_phone' | `people.${number}.contact`;

const PAYABLE_ACCOUNT_TYPES = ['checking', 'business'];

export interface SendZelle {
  customerId: string;
  amountCents: number;
  recipientName: string;
  contact: ZelleContact;
  contactField: ContactField;
  memo: string;
  /** Without an Idempotency-Key an identical payment within a minute is refused as a duplicate. */
  checkDuplicate: boolean;
  /** The request this payment pays. */
  requestId?: string | undefined;
}

export interface SendZelleLoaded {
  from: AccountState;
  senderName: string;
  /** The customer of this bank holding the contact; without one the payment waits for a claim. */
  recipient: PlanRecipient | undefined;
  senderActivity: ActivityState;
  /** Loaded when there is a recipient. */
  recipientActivity?: ActivityState | undefined;
  /** The recipient's deposit account, loaded when there is a recipient. */
  to?: AccountState | undefined;
  now: Date;
  ids: { paymentId: string; entryId: string; holdId: string };
}

export interface SendZellePlan {
  appends: PlannedAppend[];
  payment: PaymentData;
  message: string;
  /** The sender's available balance once the payment is taken. */
  availableAfter: number;
}

/** A payment: instant to a customer of this bank, else held until claimed or returned. */
export function decideZellePayment(command: SendZelle, loaded: SendZelleLoaded): SendZellePlan {
  const { from, recipient, now } = loaded;
  const { paymentId } = loaded.ids;
  if (!PAYABLE_ACCOUNT_TYPES.includes(from.type)) {
    throw new DomainError(
      'zelle_account',
      'Zelle payments can only be sent from a checking account.',
      'bank_account_id',
    );
  }
  if (recipient?.customerId === command.customerId) {
    throw new DomainError(
      INVALID_RECIPIENT,
      'You cannot send money to yourself.',
      command.contactField,
    );
  }
  const reference = referenceNumber('ZEL', paymentId);
  const amount = command.amountCents;
  const appends: PlannedAppend[] = [
    planMovement(
      {
        customerId: command.customerId,
        movementId: paymentId,
        category: 'zelle-send',
        amount,
        fingerprint: movementFingerprint([
          'zelle',
          from.accountId,
          `${command.contact.kind}:${command.contact.value}`,
          amount,
        ]),
        checkDuplicate: command.checkDuplicate,
        now,
      },
      loaded.senderActivity,
    ),
  ];

  const base = {
    paymentId,
    senderCustomerId: command.customerId,
    senderName: loaded.senderName,
    fromAccountId: from.accountId,
    recipientContact: command.contact,
    amount,
    memo: command.memo,
    reference,
    sentAt: now.toISOString(),
    ...(command.requestId ? { requestId: command.requestId } : {}),
  };
  let payment: PaymentData;
  const metadata = {
    zelle_payment_id: paymentId,
    memo: command.memo || undefined,
    counterparty_contact: command.contact.value,
  };

  if (recipient) {
    appends.push(
      planMovement(
        {
          customerId: recipient.customerId,
          movementId: paymentId,
          category: 'zelle-receive',
          amount,
          fingerprint: null,
          checkDuplicate: false,
          now,
          dailyMessage: `${recipient.name} cannot receive this payment today: it would exceed their daily receive limit of $5,000.00.`,
        },
        loaded.recipientActivity!,
      ),
      ...planInternalPosting(from, loaded.to!, {
        entryId: loaded.ids.entryId,
        amount,
        debitDescription: `Zelle payment to ${recipient.name}`,
        creditDescription: `Zelle payment from ${loaded.senderName}`,
        kind: 'zelle',
        reference,
        metadata: { ...metadata, counterparty_name: recipient.name },
        creditMetadata: {
          zelle_payment_id: paymentId,
          memo: command.memo || undefined,
          counterparty_name: loaded.senderName,
        },
      }),
    );
    payment = {
      ...base,
      recipientName: recipient.name,
      recipientCustomerId: recipient.customerId,
      recipientAccountId: recipient.depositAccountId,
      status: 'completed',
    };
  } else {
    const { holdId } = loaded.ids;
    appends.push(
      planAccount(from, [
        {
          type: 'Hold',
          hold: {
            accountId: from.accountId,
            holdId,
            amount,
            description: `Zelle payment to ${command.recipientName}`,
            kind: 'zelle',
            reference,
            metadata: { ...metadata, counterparty_name: command.recipientName },
          },
        },
      ]),
      {
        stream: zelleStreams.inbox(command.contact),
        expect: 'read',
        events: awaitClaim(paymentId),
      },
    );
    payment = {
      ...base,
      recipientName: command.recipientName,
      status: 'pending',
      holdId,
      expiresAt: new Date(now.getTime() + ZELLE_CLAIM_WINDOW_MS).toISOString(),
    };
  }
  appends.push({
    stream: zelleStreams.payment(paymentId),
    expect: 'new',
    events: [ZellePaymentSent.create(payment)],
  });

  return {
    appends,
    payment,
    message: recipient
      ? `Payment of ${formatUsd(amount)} sent to ${recipient.name}`
      : `Payment of ${formatUsd(amount)} sent. ${command.recipientName} will receive it after enrolling this ${command.contact.kind}; if it is not claimed within 14 days, it comes back to you.`,
    availableAfter: availableBalance(from) - amount,
  };
}

export interface RequestZelle {
  customerId: string;
  amountCents: number;
  contact: ZelleContact;
  contactField: ContactField;
  memo: string;
}

/** A request to another customer of the bank (the payer), into one of the requester's accounts. */
export function decideZelleRequest(
  command: RequestZelle,
  loaded: {
    account: AccountState;
    requesterName: string;
    payer: PlanRecipient | undefined;
    now: Date;
    requestId: string;
    /** The payers a split has already asked: one person is asked for one share. */
    askedInSplit?: ReadonlySet<string> | undefined;
    /** When the requester asked this payer before (zelleAsksAggregate). */
    askedBefore: readonly number[];
  },
): { appends: PlannedAppend[]; request: RequestData } {
  const { payer, requestId } = loaded;
  if (!payer) {
    throw new DomainError(
      INVALID_RECIPIENT,
      RECIPIENT_MESSAGES.requestNotEnrolled,
      command.contactField,
    );
  }
  if (payer.customerId === command.customerId) {
    throw new DomainError(
      INVALID_RECIPIENT,
      'You cannot request money from yourself.',
      command.contactField,
    );
  }
  if (loaded.askedInSplit?.has(payer.customerId)) {
    throw new DomainError(INVALID_RECIPIENT, ZELLE_MESSAGES.splitPersonTwice, command.contactField);
  }
  const ask = decideAsk(loaded.askedBefore, {
    requesterId: command.customerId,
    payerId: payer.customerId,
    requestId,
    now: loaded.now,
    field: command.contactField,
  });
  const request: RequestData = {
    requestId,
    requesterCustomerId: command.customerId,
    requesterName: loaded.requesterName,
    requesterAccountId: loaded.account.accountId,
    payerCustomerId: payer.customerId,
    payerName: payer.name,
    payerContact: command.contact,
    amount: command.amountCents,
    memo: command.memo,
    reference: referenceNumber('ZRQ', requestId),
    createdAt: loaded.now.toISOString(),
  };
  return {
    appends: [
      {
        stream: zelleStreams.request(requestId),
        expect: 'new',
        events: [ZelleRequestCreated.create(request)],
      },
      ask,
    ],
    request,
  };
}
