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
