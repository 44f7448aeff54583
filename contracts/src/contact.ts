import { z } from 'zod';
import { successOf } from './envelope.ts';

// The public contact page's two forms: what they may choose from, and what the bank answers.

/** The inquiry types of the contact page, also the appointment types the bank takes. */
export const APPOINTMENT_TYPES = ['general', 'loans', 'business', 'investment', 'support'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** 9:00 AM to 5:00 PM, hourly. */
export const APPOINTMENT_TIMES = [
  '9:00 AM',
  '10:00 AM',
  '11:00 AM',
  '12:00 PM',
  '1:00 PM',
  '2:00 PM',
  '3:00 PM',
  '4:00 PM',
  '5:00 PM',
] as const;

export const MEETING_PREFERENCES = ['virtual', 'in-person', 'email'] as const;
export type MeetingPreference = (typeof MEETING_PREFERENCES)[number];

export const MESSAGE_SUBJECTS = [
  'General Inquiry',
  'Account Support',
  'Loan Information',
  'Business Banking',
  'Technical Support',
  'Other',
] as const;

/** The answer of POST /contact/appointments and /contact/messages (201): the request's id. */
export const contactRequestData = z.object({ request_id: z.string() });
export const contactRequestAnswer = successOf(contactRequestData);
