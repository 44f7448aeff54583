import { CANCEL_MESSAGES, isWireType } from '@bank/contracts';
import {
  ERASED,
  TransferCancelled,
  ZellePaymentCancelled,
  ZelleRequestCancelled,
} from '@bank/events';
import { DomainError } from '../../kernel/aggregate.ts';
import type { AccountCommand } from '../account/account.ts';
import type { TransferState } from '../transfers/transfer.ts';
import { REQUEST_CLOSED, type PaymentState, type RequestState } from '../zelle/zelle.ts';

/**
 * Taking back what is still pending: an external or SEPA transfer before it settles (a wire is
 * final once sent), a Zelle payment nobody has claimed, a Zelle request nobody has answered.
 * Each decision is made on the
 * item's own stream, so a cancel racing a settlement or a claim is decided against whichever
 * committed first: exactly one of them wins, and a held amount is released at most once.
 */

/** Refused with 409: the item is no longer pending. */
export const NOT_CANCELLABLE = REQUEST_CLOSED;

const notFound = () => new DomainError('not_found', 'The requested resource was not found.');
const closed = (message: string) => new DomainError(NOT_CANCELLABLE, message);

export const CANCELLED_BY_CUSTOMER = 'Cancelled by you';

export interface CancelPlan<E> {
  /** For the item's own stream. */
  events: E[];
  /** For the source account: release the holds, so the money is available again. */
  accountCommands: Extract<AccountCommand, { type: 'ReleaseHold' }>[];
  /** Cents made available again. */
  returnedCents: number;
}

const release = (holdId: string): CancelPlan<never>['accountCommands'][number] => ({
  type: 'ReleaseHold',
  holdId,
  reason: CANCELLED_BY_CUSTOMER,
  outcome: 'cancelled',
});

/** Only the sender, only while the transfer is pending (not yet settled, failed or cancelled). */
export function decideCancelTransfer(
  state: TransferState,
  customerId: string,
  now: Date,
): CancelPlan<ReturnType<typeof TransferCancelled.create>> {
  const t = state.transfer;
  if (!t || t.customerId !== customerId) throw notFound();
  switch (state.status) {
    case 'pending':
      if (isWireType(t.type)) throw closed(CANCEL_MESSAGES.wireFinal);
      break;
    case 'failed':
      throw closed(CANCEL_MESSAGES.transferFailed);
    case 'cancelled':
      throw closed(CANCEL_MESSAGES.transferCancelled);
    default:
      throw closed(CANCEL_MESSAGES.transferSettled);
  }
  const holds = [t.holdId, t.feeHoldId].filter((id): id is string => id !== undefined);
  return {
    events: [
      TransferCancelled.create({
        transferId: t.transferId,
        customerId: t.customerId,
        amount: t.amount,
        fee: t.fee,
        recipientName: t.recipientName,
        reference: t.reference,
        cancelledAt: now.toISOString(),
      }),
    ],
    accountCommands: holds.map(release),
    returnedCents: (t.holdId ? t.amount : 0) + (t.feeHoldId ? t.fee : 0),
  };
}

/** Only the sender, only while nobody has claimed it (and it has not gone back already). */
export function decideCancelZellePayment(
  state: PaymentState,
  customerId: string,
  now: Date,
): CancelPlan<ReturnType<typeof ZellePaymentCancelled.create>> {
  const p = state.payment;
  if (!p || p.senderCustomerId !== customerId) throw notFound();
  switch (state.status) {
    case 'pending':
      break;
    case 'returned':
      throw closed(CANCEL_MESSAGES.paymentReturned);
    case 'cancelled':
      throw closed(CANCEL_MESSAGES.paymentCancelled);
    default:
      throw closed(CANCEL_MESSAGES.paymentDelivered);
  }
  return {
    events: [
      ZellePaymentCancelled.create({
        paymentId: p.paymentId,
        senderCustomerId: p.senderCustomerId,
        recipientName: p.recipientName,
        amount: p.amount,
        cancelledAt: now.toISOString(),
      }),
    ],
    accountCommands: p.holdId ? [release(p.holdId)] : [],
    returnedCents: p.holdId ? p.amount : 0,
  };
}

/**
 * Only the requester, only while the person asked has neither paid nor declined. Withdrawn by the
 * requester's erasure, the event names nobody: the name would be readable by whatever projected
 * it before the requester's key is destroyed, moments later, and by nothing after.
 */
export function decideCancelZelleRequest(
  state: RequestState,
  customerId: string,
  now: Date,
  { byErasure = false } = {},
): CancelPlan<ReturnType<typeof ZelleRequestCancelled.create>> {
  const r = state.request;
  if (!r || r.requesterCustomerId !== customerId) throw notFound();
  switch (state.status) {
    case 'pending':
      break;
    case 'declined':
      throw closed(CANCEL_MESSAGES.requestDeclined);
    case 'cancelled':
      throw closed(CANCEL_MESSAGES.requestCancelled);
    default:
      throw closed(CANCEL_MESSAGES.requestPaid);
  }
  return {
    events: [
      ZelleRequestCancelled.create({
        requestId: r.requestId,
        requesterCustomerId: r.requesterCustomerId,
        requesterName: byErasure ? ERASED : r.requesterName,
        payerCustomerId: r.payerCustomerId,
        amount: r.amount,
        cancelledAt: now.toISOString(),
      }),
    ],
    accountCommands: [],
    returnedCents: 0,
  };
}
