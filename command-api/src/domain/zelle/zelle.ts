import {
  ZellePaymentAwaitingClaim,
  ZelleRequestDeclined,
  ZelleRequestPaid,
  moneyRules,
  splitCents,
  type EventData,
} from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';

/** Per-payment amount and memo. */
export const ZELLE_MIN_CENTS = moneyRules.zelleMinCents;
export const ZELLE_MAX_CENTS = moneyRules.zelleMaxCents;
/** An unclaimed payment goes back to the sender after this long. */
export const ZELLE_CLAIM_WINDOW_MS = 14 * 24 * 3600 * 1000;

/** A split: one share per person and one for the requester; the shares add up to the total. */
export function splitShares(totalCents: number, people: number) {
  const [own, ...others] = splitCents(totalCents, people + 1);
  return { own: own!, people: others };
}

// ---- payments ----

export type PaymentData = EventData<'ZellePaymentSent'>;
export interface PaymentState {
  payment: PaymentData | null;
  status: 'none' | 'completed' | 'pending' | 'returned' | 'cancelled';
}

export const paymentAggregate: Aggregate<
  PaymentState,
  StreamEvent<
    'ZellePaymentSent' | 'ZellePaymentClaimed' | 'ZellePaymentReturned' | 'ZellePaymentCancelled'
  >
> = {
  name: 'zelle-payment',
  initial: () => ({ payment: null, status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ZellePaymentSent':
        return { payment: event.data, status: event.data.status };
      case 'ZellePaymentClaimed':
        return { ...state, status: 'completed' };
      case 'ZellePaymentReturned':
        return { ...state, status: 'returned' };
      case 'ZellePaymentCancelled':
        return { ...state, status: 'cancelled' };
      default:
        return state;
    }
  },
};

/** Pending payments waiting for a contact, from its inbox stream. */
export const inboxAggregate: Aggregate<string[], StreamEvent<'ZellePaymentAwaitingClaim'>> = {
  name: 'zelle-inbox',
  initial: () => [],
  evolve: (state, event) =>
    event.type === 'ZellePaymentAwaitingClaim' ? [...state, event.data.paymentId] : state,
};

export function awaitClaim(paymentId: string) {
  return [ZellePaymentAwaitingClaim.create({ paymentId })];
}

// ---- requests ----

export type RequestData = EventData<'ZelleRequestCreated'>;
export interface RequestState {
  request: RequestData | null;
  status: 'none' | 'pending' | 'paid' | 'declined' | 'cancelled';
}

export const requestAggregate: Aggregate<
  RequestState,
  StreamEvent<
    'ZelleRequestCreated' | 'ZelleRequestPaid' | 'ZelleRequestDeclined' | 'ZelleRequestCancelled'
  >
> = {
  name: 'zelle-request',
  initial: () => ({ request: null, status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ZelleRequestCreated':
        return { request: event.data, status: 'pending' };
      case 'ZelleRequestPaid':
        return { ...state, status: 'paid' };
      case 'ZelleRequestDeclined':
        return { ...state, status: 'declined' };
      case 'ZelleRequestCancelled':
        return { ...state, status: 'cancelled' };
      default:
        return state;
    }
  },
};

export type RequestCommand =
  | { type: 'Pay'; payerCustomerId: string; paymentId: string; now: Date }
  | { type: 'Decline'; payerCustomerId: string; now: Date };

export const REQUEST_CLOSED = 'request_closed';

/** Only the customer asked can pay or decline a request, and only while it is pending. */
export function decideRequest(command: RequestCommand, state: RequestState) {
  const r = state.request;
  if (!r || r.payerCustomerId !== command.payerCustomerId) {
    throw new DomainError('not_found', 'The requested resource was not found.');
  }
  if (state.status !== 'pending') {
    throw new DomainError(REQUEST_CLOSED, `This request was already ${state.status}.`);
  }
  switch (command.type) {
    case 'Pay':
      return [
        ZelleRequestPaid.create({
          requestId: r.requestId,
          requesterCustomerId: r.requesterCustomerId,
          payerCustomerId: r.payerCustomerId,
          paymentId: command.paymentId,
          paidAt: command.now.toISOString(),
        }),
      ];
    case 'Decline':
      return [
        ZelleRequestDeclined.create({
          requestId: r.requestId,
          requesterCustomerId: r.requesterCustomerId,
          payerCustomerId: r.payerCustomerId,
          payerName: r.payerName,
          amount: r.amount,
          declinedAt: command.now.toISOString(),
        }),
      ];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
}
