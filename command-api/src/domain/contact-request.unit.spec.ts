import { randomUUID } from 'node:crypto';
import { ContactRequestErased, ContactRequestHandled, ContactRequestSubmitted } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../kernel/decider-specification.ts';
import {
  contactRequestAggregate,
  decideContactRequestErased,
  decideContactRequestHandled,
} from './contact-request.ts';

const requestId = randomUUID();
const submitted = ContactRequestSubmitted.create({
  requestId,
  kind: 'message',
  firstName: 'Ada',
  lastName: 'Moreno',
  email: 'ada@example.com',
  subject: 'Opening hours',
  message: 'When do you open on Saturdays?',
  appointmentType: null,
  preferredDate: null,
  preferredTime: null,
  meetingPreference: null,
});
const handledAt = '2026-12-03T09:00:00.000Z';
const handledEvent = ContactRequestHandled.create({ requestId, handledAt });
const erasedEvent = ContactRequestErased.create({
  requestId,
  reason: 'Erasure request',
  erasedAt: '2026-12-03T10:00:00.000Z',
});

const handling = deciderSpecification(contactRequestAggregate, (later: string, state) =>
  decideContactRequestHandled(state, { requestId, handledAt: later }),
);
const erasing = deciderSpecification(contactRequestAggregate, (_: null, state) =>
  decideContactRequestErased(state, erasedEvent.data),
);

describe('a contact request handled by staff', () => {
  it('leaves the open queue when first marked handled', () => {
    handling
      .given(submitted)
      .when(handledAt)
      .then([{ type: 'ContactRequestHandled', data: { requestId, handledAt } }]);
  });

  it('keeps the first time when marked again (a retry or two staff at once)', () => {
    handling.given(submitted, handledEvent).when('2026-12-04T09:00:00.000Z').thenNothingHappened();
    expect(handling.given(submitted, handledEvent).state.handledAt).toBe(handledAt);
  });

  it('can still be closed once its personal data is erased', () => {
    handling
      .given(submitted, erasedEvent)
      .when(handledAt)
      .then([{ type: 'ContactRequestHandled' }]);
  });

  it('is refused for a request nobody sent', () => {
    handling.given().when(handledAt).thenRefuses('No contact request has this id.');
  });
});

describe('a contact request erased on request', () => {
  it('is erased once, handled or not', () => {
    erasing
      .given(submitted)
      .when(null)
      .then([{ type: 'ContactRequestErased' }]);
    erasing
      .given(submitted, handledEvent)
      .when(null)
      .then([{ type: 'ContactRequestErased' }]);
    erasing.given(submitted, erasedEvent).when(null).thenNothingHappened();
    erasing.given().when(null).thenNothingHappened();
  });
});
