import { IdentifierReserved, type EventData } from '@bank/events';
import type { Aggregate, StreamEvent } from '../kernel/aggregate.ts';

/** A reservation stream holds at most one claim: who owns this identifier. */
export type ReservationState = EventData<'IdentifierReserved'> | null;

export const reservationAggregate: Aggregate<
  ReservationState,
  StreamEvent<'IdentifierReserved'>
> = {
  name: 'reservation',
  initial: () => null,
  evolve: (state, event) => (event.type === 'IdentifierReserved' ? event.data : state),
};

/** How long an email or phone given and not proved keeps other customers from claiming it. */
export const UNPROVED_CLAIM_HOLDS_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a contact's current holder keeps another customer from claiming it: always once they
 * have proved it; a day from their claim while they have not (typing someone's email must not
 * keep its owner out for good); always on a claim recorded before claims kept their time.
 */
export function claimHoldsAgainstOthers(
  reservation: { claimedAt?: string | undefined },
  holderProvedIt: boolean,
  now: Date,
): boolean {
  if (holderProvedIt || reservation.claimedAt === undefined) return true;
  return now.getTime() - Date.parse(reservation.claimedAt) < UNPROVED_CLAIM_HOLDS_MS;
}

export function reserve(data: EventData<'IdentifierReserved'>) {
  return [IdentifierReserved.create(data)];
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Phone numbers are compared by their digits, without a leading US country code. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}
