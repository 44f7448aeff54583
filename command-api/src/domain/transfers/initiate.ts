import { RECIPIENT_MESSAGES } from '@bank/contracts';
import { WIRE_SENT_TODAY, wireSentMessage } from '@bank/contracts/wire-arrival';
import {
  centsToDollars,
  moneyStreams,
  streams,
  type TransferType,
  type ZelleContact,
} from '@bank/events';
import { referenceNumber } from '@bank/infra';
import { availableBalance, type AccountState } from '../account/account.ts';
import { DomainError } from '../../kernel/aggregate.ts';
import { bankDate } from './bank-time.ts';
import { QUOTE_EXPIRED, QUOTE_EXPIRED_MESSAGE, confirmedRateHolds, quoteUsdToEur } from './fx.ts';
import type { ActivityState } from './limits.ts';
import {
  INVALID_RECIPIENT,
  RECIPIENT_NOT_FOUND,
  movementFingerprint,
  planAccount,
  planInternalPosting,
  planMovement,
  requireFunds,
  type PlannedAppend,
  type PlanRecipient,
} from './posting.ts';
import {
  decideFirstPayment,
  decidePaymentToDestination,
  destinationKeyOf,
  type DestinationHashes,
} from './destinations.ts';
import type { RecipientsState } from './recipients.ts';
import {
  TRANSFER_FEES,
  feeDescription,
  initiateTransfer,
  settlementDue,
  type TransferData,
  type TransferState,
} from './transfer.ts';

/**
 * Starting a transfer of any of the four types, decided on the loaded states: the service loads,
 * calls the plan, appends its events in order and answers with its facts.
 */

export type TransferDestination =
  | { type: 'between-accounts'; toAccountId: string }
  | {
      type: 'same-bank';
      contact: ZelleContact;
      /** The field the contact came from, for the error message. */
      contactField: 'recipientEmail' | 'recipientPhone';
      recipientId?: string | undefined;
    }
  | {
      type: 'external-bank';
      recipientName: string;
      bankName: string;
      accountNumber: string;
      routingNumber: string;
      recipientAddress?: string | undefined;
    }
  | {
      type: 'sepa';
      recipientName: string;
      iban: string;
      swiftCode?: string | undefined;
      bankName: string;
      country: string;
      purposeOfPayment: string;
      /** The EUR rate the customer was shown and confirmed (from the quote); checked, not trusted. */
      quotedRate?: string | undefined;
    }
  | {
      type: 'domestic-wire';
      recipientName: string;
      bankName: string;
      accountNumber: string;
      routingNumber: string;
      recipientAddress: string;
      purposeOfPayment: string;
    }
  | {
      type: 'international-wire';
      recipientName: string;
      bankName: string;
      /** An IBAN, or the account number where the country has none. */
      accountNumber: string;
      swiftCode: string;
      country: string;
      recipientAddress: string;
      purposeOfPayment: string;
    };

export interface TransferRequest {
  customerId: string;
  fromAccountId: string;
  amountCents: number;
  memo: string;
  transferDate?: string | undefined;
  destination: TransferDestination;
  repeatOf?: string | undefined;
}

export const SUCCESS_MESSAGES: Record<TransferType, string> = {
  'between-accounts': 'Transfer completed successfully',
  'same-bank': 'Transfer completed successfully',
  'external-bank': 'Transfer initiated successfully. It will arrive in 1-3 business days.',
  sepa: 'SEPA transfer initiated successfully. It will arrive the next business day.',
  'domestic-wire': WIRE_SENT_TODAY,
  'international-wire': 'International wire sent. It will arrive in 1-3 business days.',
};

/**
 * What the customer is told when a transfer is submitted: a domestic wire names the day it
 * settles (today, or the next business day after the cut-off, on a weekend or bank holiday), in
 * the words of the arrival the wire page's review showed before sending.
 */
function successMessage(type: TransferType, now: Date, settleAfter: string | undefined): string {
  if (type !== 'domestic-wire' || !settleAfter) return SUCCESS_MESSAGES[type];
  const date = bankDate(new Date(settleAfter));
  return wireSentMessage({ date, today: date === bankDate(now) });
}

function last4(text: string): string {
  return text.slice(-4);
}

/**
 * The other customer a same-bank transfer names: found by contact, the one the form looked up (if
 * it sent the id), and not the sender.
 */
export function requireSameBankRecipient<R extends PlanRecipient>(
  senderId: string,
  dest: { contactField: string; recipientId?: string | undefined },
  recipient: R | undefined,
): R {
  if (!recipient || (dest.recipientId && dest.recipientId !== recipient.customerId)) {
    throw new DomainError(INVALID_RECIPIENT, RECIPIENT_NOT_FOUND, dest.contactField);
  }
  if (recipient.customerId === senderId) {
    throw new DomainError(INVALID_RECIPIENT, RECIPIENT_MESSAGES.yourself, dest.contactField);
  }
  return recipient;
}

type OutgoingDestination = Extract<
  TransferDestination,
  { type: 'external-bank' | 'sepa' | 'domestic-wire' | 'international-wire' }
>;

/** How the account line names money sent to another bank. */
function describeOutgoing(dest: OutgoingDestination, accountLast4: string): string {
  switch (dest.type) {
    case 'sepa':
      return `SEPA transfer to ${dest.recipientName} (${dest.country} ****${accountLast4})`;
    case 'domestic-wire':
      return `Wire to ${dest.recipientName} at ${dest.bankName} (****${accountLast4})`;
    case 'international-wire':
      return `International wire to ${dest.recipientName} (${dest.country} ****${accountLast4})`;
    default:
      return `Transfer to ${dest.recipientName} at ${dest.bankName} (****${accountLast4})`;
  }
}

/** What the transfer records of the destination in clear, beside its sealed account number. */
function destinationDetails(dest: OutgoingDestination): TransferData['destination'] {
  switch (dest.type) {
    case 'external-bank':
      return {
        routingNumber: dest.routingNumber,
        ...(dest.recipientAddress ? { recipientAddress: dest.recipientAddress } : {}),
      };
    case 'sepa':
      return {
        country: dest.country,
        purposeOfPayment: dest.purposeOfPayment,
        ...(dest.swiftCode ? { swiftCode: dest.swiftCode } : {}),
      };
    case 'domestic-wire':
      return {
        routingNumber: dest.routingNumber,
        recipientAddress: dest.recipientAddress,
        purposeOfPayment: dest.purposeOfPayment,
      };
    case 'international-wire':
      return {
        swiftCode: dest.swiftCode,
        country: dest.country,
        recipientAddress: dest.recipientAddress,
        purposeOfPayment: dest.purposeOfPayment,
      };
  }
}

export interface InitiateTransferLoaded {
  from: AccountState;
  senderName: string;
  /**
   * between-accounts: the destination account (not loaded when it is the source account);
   * same-bank: the found recipient's deposit account.
   */
  to?: AccountState | undefined;
  /** same-bank: the customer holding the contact, if any. */
  recipient?: PlanRecipient | undefined;
  /**
   * external-bank and SEPA: the customer's saved recipients and first payments (the
   * new-destination limit), and the destination's hashes; same-bank: the same, for the other
   * customer (their first payment is recorded), when one other than the sender was found.
   */
  recipients?: RecipientsState | undefined;
  destination?: DestinationHashes | undefined;
  /** external-bank and SEPA: the account number or IBAN, encrypted for the event. */
  accountEncrypted?: string | undefined;
  activity: ActivityState;
  /** The transfer stream (new). */
  transfer: TransferState;
  now: Date;
  settlementDelayMs: number | undefined;
  ids: { transferId: string; entryId: string; holdId: string; feeHoldId: string };
}

export interface InitiateTransferPlan {
  appends: PlannedAppend[];
  transfer: TransferData;
  message: string;
  /** The source account's available balance once the transfer (and its fee) is taken. */
  availableAfter: number;
}

export function decideTransfer(
  request: TransferRequest & { checkDuplicate: boolean },
  loaded: InitiateTransferLoaded,
): InitiateTransferPlan {
  const { customerId, amountCents: amount, destination: dest } = request;
  const { from, now } = loaded;
  const { transferId } = loaded.ids;
  const type = dest.type;
  const fee = TRANSFER_FEES[type];
  const reference = referenceNumber('TRF', transferId);
  const common = {
    transferId,
    customerId,
    type,
    fromAccountId: from.accountId,
    fromAccountName: from.name,
    senderName: loaded.senderName,
    amount,
    fee,
    memo: request.memo,
    transferDate: request.transferDate ?? bankDate(now),
    reference,
    initiatedAt: now.toISOString(),
    ...(request.repeatOf ? { repeatOf: request.repeatOf } : {}),
  };
  const metadata = { transfer_id: transferId, memo: request.memo || undefined };
  let data: TransferData;
  let destinationKey: string;
  const appends: PlannedAppend[] = [];

  switch (dest.type) {
    case 'between-accounts': {
      if (dest.toAccountId === from.accountId) {
        throw new DomainError('same_account', 'Cannot transfer to the same account', 'toAccount');
      }
      const to = loaded.to!;
      destinationKey = to.accountId;
      data = {
        ...common,
        status: 'completed',
        toAccountId: to.accountId,
        toAccountName: to.name,
        recipientName: loaded.senderName,
        description: `Transfer to ${to.name}`,
        destination: {},
      };
      requireFunds(from, amount);
      appends.push(
        ...planInternalPosting(from, to, {
          entryId: loaded.ids.entryId,
          amount,
          debitDescription: `Transfer to ${to.name}`,
          creditDescription: `Transfer from ${from.name}`,
          kind: 'transfer',
          reference,
          metadata,
        }),
      );
      break;
    }
    case 'same-bank': {
      // A recipient whose account has closed (their erasure under way) is one no longer found,
      // as they will be once it is done: the closing is not told to whoever knows their contact.
      const recipient = requireSameBankRecipient(
        customerId,
        dest,
        loaded.to?.closed ? undefined : loaded.recipient,
      );
      const to = loaded.to!;
      destinationKey = recipient.customerId;
      data = {
        ...common,
        status: 'completed',
        toAccountId: to.accountId,
        toAccountName: to.name,
        recipientCustomerId: recipient.customerId,
        recipientName: recipient.name,
        description: `Transfer to ${recipient.name}`,
        destination: { recipientContact: dest.contact.value },
      };
      requireFunds(from, amount);
      appends.push(
        ...planInternalPosting(from, to, {
          entryId: loaded.ids.entryId,
          amount,
          debitDescription: `Transfer to ${recipient.name}`,
          creditDescription: `Transfer from ${loaded.senderName}`,
          kind: 'transfer',
          reference,
          metadata: { ...metadata, counterparty_name: recipient.name },
          creditMetadata: { ...metadata, counterparty_name: loaded.senderName },
        }),
      );
      // The first transfer to this customer makes them known: no step-up for the next ones.
      const firstPaid = decideFirstPayment(loaded.recipients!, loaded.destination!, {
        customerId,
        transferId,
        now,
      });
      if (firstPaid.length > 0) {
        appends.push({
          stream: streams.savedRecipients(customerId),
          expect: 'read',
          events: firstPaid,
        });
      }
      break;
    }
    case 'external-bank':
    case 'sepa':
    case 'domestic-wire':
    case 'international-wire': {
      const account = dest.type === 'sepa' ? dest.iban : dest.accountNumber;
      destinationKey = destinationKeyOf(dest);
      const firstPaid = decidePaymentToDestination(loaded.recipients!, loaded.destination!, {
        customerId,
        transferId,
        amountCents: amount,
        now,
      });
      const fx = dest.type === 'sepa' ? quoteUsdToEur(amount, now) : undefined;
      if (fx && dest.type === 'sepa' && !confirmedRateHolds(dest.quotedRate, fx)) {
        throw new DomainError(QUOTE_EXPIRED, QUOTE_EXPIRED_MESSAGE);
      }
      const { holdId, feeHoldId } = loaded.ids;
      const description = describeOutgoing(dest, last4(account));
      data = {
        ...common,
        status: 'pending',
        recipientName: dest.recipientName,
        description,
        destination: {
          bankName: dest.bankName,
          accountEncrypted: loaded.accountEncrypted!,
          accountLast4: last4(account),
          ...destinationDetails(dest),
        },
        holdId,
        feeHoldId,
        ...(fx ? { fx } : {}),
        settleAfter: settlementDue(type, transferId, now, loaded.settlementDelayMs).toISOString(),
      };
      // The amount and the fee are both taken from the available balance now.
      requireFunds(from, amount + fee);
      const holdMetadata = { ...metadata, counterparty_name: dest.recipientName };
      appends.push(
        planAccount(from, [
          {
            type: 'Hold',
            hold: {
              accountId: from.accountId,
              holdId,
              amount,
              description,
              kind: type,
              reference,
              metadata: {
                ...holdMetadata,
                ...(fx
                  ? { exchange_rate: fx.rate, eur_amount: centsToDollars(fx.targetAmount) }
                  : {}),
              },
            },
          },
          {
            type: 'Hold',
            hold: {
              accountId: from.accountId,
              holdId: feeHoldId,
              amount: fee,
              description: feeDescription(type),
              kind: 'fee',
              reference,
              metadata: holdMetadata,
            },
          },
        ]),
      );
      if (firstPaid.length > 0) {
        appends.push({
          stream: streams.savedRecipients(customerId),
          expect: 'read',
          events: firstPaid,
        });
      }
      break;
    }
    default: {
      const exhaustive: never = dest;
      throw new Error(`Unknown transfer type ${(exhaustive as { type: string }).type}`);
    }
  }

  appends.push(
    planMovement(
      {
        customerId,
        movementId: transferId,
        category: type,
        amount,
        fingerprint: movementFingerprint([type, from.accountId, destinationKey, amount]),
        checkDuplicate: request.checkDuplicate,
        now,
      },
      loaded.activity,
    ),
    {
      stream: moneyStreams.transfer(transferId),
      expect: 'new',
      events: initiateTransfer(data, loaded.transfer),
    },
  );
  const spent = data.status === 'pending' ? amount + fee : amount;
  return {
    appends,
    transfer: data,
    message: successMessage(type, now, data.status === 'pending' ? data.settleAfter : undefined),
    availableAfter: availableBalance(from) - spent,
  };
}
