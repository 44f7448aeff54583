import { ContactRequestErased, ContactRequestHandled, type EventData } from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../kernel/aggregate.ts';

/** A visitor's request from the contact page, as staff work through it. */
export interface ContactRequestState {
  exists: boolean;
  erased: boolean;
  /** When staff marked it handled; null while it waits in the open queue. */
  handledAt: string | null;
}

export const contactRequestAggregate: Aggregate<
  ContactRequestState,
  StreamEvent<'ContactRequestSubmitted' | 'ContactRequestErased' | 'ContactRequestHandled'>
> = {
  name: 'contact-request',
  initial: () => ({ exists: false, erased: false, handledAt: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ContactRequestSubmitted':
        return { ...state, exists: true };
      case 'ContactRequestErased':
        return { ...state, erased: true };
      case 'ContactRequestHandled':
        return { ...state, handledAt: event.data.handledAt };
      default:
        return state;
    }
  },
};

/**
 * Staff mark a request handled once. Marking it again changes nothing (a retry, or two staff at
 * once); the first time stands. An erased request can still be closed: only its words are gone.
 */
export function decideContactRequestHandled(
  state: ContactRequestState,
  handled: EventData<'ContactRequestHandled'>,
) {
  if (!state.exists) throw new DomainError('not_found', 'No contact request has this id.');
  if (state.handledAt !== null) return [];
  return [ContactRequestHandled.create(handled)];
}

/** Erases a request's personal data once; an unknown or erased request changes nothing. */
export function decideContactRequestErased(
  state: ContactRequestState,
  erased: EventData<'ContactRequestErased'>,
) {
  if (!state.exists || state.erased) return [];
  return [ContactRequestErased.create(erased)];
}
