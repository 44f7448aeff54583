import { randomUUID } from 'node:crypto';
import { ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { contactRequestsProjection } from './projection.ts';

const { givenEvents } = projectionTest(contactRequestsProjection, { sharedDatabase: true });

const submitted = (requestId: string, kind: 'appointment' | 'message') => ({
  type: 'ContactRequestSubmitted' as const,
  streamId: `contact-${requestId}`,
  data: {
    requestId,
    kind,
    firstName: 'Ada',
    lastName: 'Moreno',
    email: 'ada@example.com',
    subject: kind === 'message' ? 'Opening hours' : null,
    message: kind === 'message' ? 'When do you open on Saturdays?' : null,
    appointmentType: kind === 'appointment' ? 'mortgage' : null,
    preferredDate: kind === 'appointment' ? '2025-02-03' : null,
    preferredTime: kind === 'appointment' ? 'morning' : null,
    meetingPreference: kind === 'appointment' ? 'in-person' : null,
  },
});

describe('contact-requests projection', () => {
  it('lists each message and appointment request when it was received', async () => {
    const message = randomUUID();
    const appointment = randomUUID();
    await givenEvents([
      submitted(message, 'message'),
      submitted(appointment, 'appointment'),
    ]).thenRows('rm_contact_requests', [
      {
        request_id: message,
        kind: 'message',
        first_name: 'Ada',
        email: 'ada@example.com',
        subject: 'Opening hours',
        message: 'When do you open on Saturdays?',
        appointment_type: null,
        preferred_date: null,
        preferred_time: null,
        meeting_preference: null,
        received_at: '2025-01-01T00:00:00.000Z',
      },
      {
        request_id: appointment,
        kind: 'appointment',
        first_name: 'Ada',
        email: 'ada@example.com',
        subject: null,
        message: null,
        appointment_type: 'mortgage',
        preferred_date: '2025-02-03',
        preferred_time: 'morning',
        meeting_preference: 'in-person',
        received_at: '2025-01-01T00:00:01.000Z',
      },
    ]);
  });

  it('blanks the visitor’s name, address and words once the request is erased', async () => {
    const message = randomUUID();
    const appointment = randomUUID();
    const erased = (requestId: string) => ({
      type: 'ContactRequestErased' as const,
      streamId: `contact-${requestId}`,
      data: { requestId, reason: 'retention', erasedAt: '2025-06-01T00:00:00.000Z' },
    });
    await givenEvents([
      submitted(message, 'message'),
      submitted(appointment, 'appointment'),
      erased(message),
      erased(appointment),
    ]).thenRows('rm_contact_requests', [
      {
        request_id: message,
        first_name: ERASED,
        last_name: ERASED,
        email: ERASED,
        subject: ERASED,
        message: ERASED,
        appointment_type: null,
      },
      {
        request_id: appointment,
        first_name: ERASED,
        last_name: ERASED,
        email: ERASED,
        subject: null,
        message: null,
        appointment_type: 'mortgage',
      },
    ]);
  });

  it('keeps when staff first marked a request handled', async () => {
    const request = randomUUID();
    const handled = (handledAt: string) => ({
      type: 'ContactRequestHandled' as const,
      streamId: `contact-${request}`,
      data: { requestId: request, handledAt },
    });
    await givenEvents([
      submitted(request, 'message'),
      handled('2025-03-01T09:00:00.000Z'),
      handled('2025-03-02T09:00:00.000Z'),
    ]).thenRows('rm_contact_requests', [
      { request_id: request, first_name: 'Ada', handled_at: '2025-03-01T09:00:00.000Z' },
    ]);
  });
});
