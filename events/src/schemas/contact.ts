import { z } from 'zod';
import { defineEvent } from '../catalogue.ts';

/** A visitor's appointment request or message from the public contact page. */
export const ContactRequestSubmitted = defineEvent(
  'ContactRequestSubmitted',
  z.object({
    requestId: z.uuid(),
    kind: z.enum(['appointment', 'message']),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    subject: z.string().nullable(),
    message: z.string().nullable(),
    appointmentType: z.string().nullable(),
    preferredDate: z.string().nullable(),
    preferredTime: z.string().nullable(),
    meetingPreference: z.string().nullable(),
    /** Keyed hash of the email: finds the request again for an erasure request by that email. */
    emailFingerprint: z.string().optional(),
  }),
);

/** The visitor asked to be forgotten: the request's key is destroyed (crypto-shredding). */
export const ContactRequestErased = defineEvent(
  'ContactRequestErased',
  z.object({ requestId: z.uuid(), reason: z.string(), erasedAt: z.iso.datetime() }),
);

/** Staff answered the visitor (or booked the appointment): the request leaves the open queue. */
export const ContactRequestHandled = defineEvent(
  'ContactRequestHandled',
  z.object({ requestId: z.uuid(), handledAt: z.iso.datetime() }),
);

export const contactEvents = [
  ContactRequestSubmitted,
  ContactRequestErased,
  ContactRequestHandled,
] as const;
