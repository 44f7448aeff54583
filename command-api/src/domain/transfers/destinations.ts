import { createHash } from 'node:crypto';
import { ownRoutingNumberProblem } from '@bank/contracts';
import { DestinationFirstPaid, formatUsd, moneyRules, type ZelleContact } from '@bank/events';
import { DomainError } from '../../kernel/aggregate.ts';
import { DAILY_LIMIT_EXCEEDED } from './limits.ts';
import { INVALID_RECIPIENT } from './posting.ts';
import type { RecipientsState } from './recipients.ts';

/**
 * New destinations. An external or SEPA account is new until the customer saved it, or first
 * paid it, at least NEW_DESTINATION_DAYS ago; while new, each transfer to it is held to
 * NEW_DESTINATION_LIMIT_CENTS. A hijacked session would send the money to an account of its own,
 * typed straight into the form: this keeps what it can take at once small, and gives the
 * customer time to see the notifications and cancel.
 */
export const NEW_DESTINATION_LIMIT_CENTS = moneyRules.newDestinationTransferCents;
export const NEW_DESTINATION_DAYS = moneyRules.newDestinationDays;
export const NEW_DESTINATION_MESSAGE = `Transfers to a new account are limited to ${formatUsd(NEW_DESTINATION_LIMIT_CENTS)} each until ${NEW_DESTINATION_DAYS} days after you first save it or send it money.`;

const DAY_MS = 24 * 3600 * 1000;

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]+$/;

/**
 * An account at another bank as the transfer pipeline names it (its duplicate check and its
 * hashes): "<routing>:<account>" (a transfer to another US bank or a domestic wire),
 * "iban:<IBAN>" (SEPA, or an international wire to an IBAN) or "swift:<BIC>:<account>". So a
 * wire to an account the customer already saved or paid is not new. A Zelle contact is
 * "zelle:<email|phone>:<normalized value>": never the same as an account, so it is only known
 * once paid by Zelle. Another customer of this bank paid by a same-bank transfer is
 * "customer:<customer id>": whichever of their email or phone the form named, and not whoever
 * holds that contact later.
 */
export function destinationKeyOf(
  d:
    | { type: 'external-bank' | 'domestic-wire'; routingNumber: string; accountNumber: string }
    | { type: 'sepa'; iban: string }
    | { type: 'international-wire'; swiftCode: string; accountNumber: string }
    | { type: 'zelle'; contact: ZelleContact }
    | { type: 'same-bank'; customerId: string },
): string {
  switch (d.type) {
    case 'same-bank':
      return `customer:${d.customerId}`;
    case 'zelle':
      return `zelle:${d.contact.kind}:${d.contact.value}`;
    case 'sepa':
      return `iban:${d.iban}`;
    case 'international-wire':
      return IBAN_SHAPE.test(d.accountNumber)
        ? `iban:${d.accountNumber}`
        : `swift:${d.swiftCode}:${d.accountNumber}`;
    default:
      return `${d.routingNumber}:${d.accountNumber}`;
  }
}

/**
 * Refuses an account "at another bank" (an external transfer, a domestic wire, a schedule of one,
 * a saved recipient) whose routing number is this bank's own. Such an account is one of ours:
 * sent through clearing, the money would leave the customer, reach `clearing:external` and never
 * the account named. It is refused, on the routing number, with the transfer types that do reach
 * it; destinations without a routing number pass.
 */
export function requireAnotherBank(
  destination: { type: string; routingNumber?: string | undefined },
  bankRoutingNumber: string,
): void {
  if (destination.routingNumber === undefined) return;
  const problem = ownRoutingNumberProblem(destination.routingNumber, bankRoutingNumber);
  if (problem) throw new DomainError(INVALID_RECIPIENT, problem, 'routingNumber');
}

/** The prefix of a keyed destination hash; a bare hex hash is the unkeyed form of older events. */
export const KEYED_HASH_PREFIX = 'hmac-sha256:';

/**
 * The forms a destination's hash may take in the log: the keyed hash every new event records,
 * and the unkeyed SHA-256 that address books saved before it carry. Old events cannot be re-keyed
 * (the log is immutable and the hash cannot be undone without trying every account number), so
 * both are compared; nothing new is written in the unkeyed form.
 */
export interface DestinationHashes {
  keyed: string;
  legacy: string;
}

/** The hashes of a destination (its pipeline name) given the bank's keyed hash function. */
export function destinationHashes(
  destinationKey: string,
  mac: (destination: string) => string,
): DestinationHashes {
  return {
    keyed: `${KEYED_HASH_PREFIX}${mac(destinationKey)}`,
    legacy: createHash('sha256').update(destinationKey).digest('hex'),
  };
}

export function isDestination(stored: string, d: DestinationHashes): boolean {
  return stored === d.keyed || stored === d.legacy;
}

function firstPaidAt(state: RecipientsState, d: DestinationHashes): string | undefined {
  return state.firstPaid[d.keyed] ?? state.firstPaid[d.legacy];
}

/** When the customer first saved (and still keeps) or first paid the destination, if ever (ms). */
export function knownSince(state: RecipientsState, d: DestinationHashes): number | undefined {
  const times = Object.values(state.recipients)
    .filter((r) => isDestination(r.destinationHash, d))
    .map((r) => Date.parse(r.savedAt));
  const paid = firstPaidAt(state, d);
  if (paid !== undefined) times.push(Date.parse(paid));
  return times.length === 0 ? undefined : Math.min(...times);
}

/**
 * Whether the customer ever saved (and still keeps) or paid the destination. Paying one never
 * seen is the same risk as saving it: a hijacked session types its own account into the form.
 * So the first payment to it, like saving it, needs a session that recently proved it is the
 * customer (step-up); payments to it after that do not.
 */
export function isKnownDestination(state: RecipientsState, d: DestinationHashes): boolean {
  return knownSince(state, d) !== undefined;
}

/** Whether the destination is still new at `at`. */
export function isNewDestination(state: RecipientsState, d: DestinationHashes, at: Date): boolean {
  const since = knownSince(state, d);
  return since === undefined || since > at.getTime() - NEW_DESTINATION_DAYS * DAY_MS;
}

/** Until when a destination the customer knows is still new; undefined when it no longer is. */
export function newUntil(
  state: RecipientsState,
  d: DestinationHashes,
  now: Date,
): Date | undefined {
  const since = knownSince(state, d);
  if (since === undefined) return undefined;
  const until = since + NEW_DESTINATION_DAYS * DAY_MS;
  return until > now.getTime() ? new Date(until) : undefined;
}

/** Refuses an amount above the new-destination limit to a destination still new at `at`. */
export function requireWithinNewDestinationLimit(
  state: RecipientsState,
  d: DestinationHashes,
  amountCents: number,
  at: Date,
): void {
  if (amountCents > NEW_DESTINATION_LIMIT_CENTS && isNewDestination(state, d, at)) {
    throw new DomainError(DAILY_LIMIT_EXCEEDED, NEW_DESTINATION_MESSAGE, 'amount');
  }
}

/**
 * A transfer to an external or SEPA account, sent now: held to the limit while the account is
 * new, and the first one to it is recorded (nothing more once it has been).
 */
export function decidePaymentToDestination(
  state: RecipientsState,
  d: DestinationHashes,
  payment: { customerId: string; transferId: string; amountCents: number; now: Date },
) {
  requireWithinNewDestinationLimit(state, d, payment.amountCents, payment.now);
  return decideFirstPayment(state, d, payment);
}

/** The first payment to a destination is recorded (nothing once it has been). */
export function decideFirstPayment(
  state: RecipientsState,
  d: DestinationHashes,
  payment: { customerId: string; transferId: string; now: Date },
) {
  if (firstPaidAt(state, d) !== undefined) return [];
  return [
    DestinationFirstPaid.create({
      customerId: payment.customerId,
      destinationHash: d.keyed,
      transferId: payment.transferId,
      paidAt: payment.now.toISOString(),
    }),
  ];
}
