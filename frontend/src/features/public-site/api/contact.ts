import {
  APPOINTMENT_TIMES,
  APPOINTMENT_TYPES as APPOINTMENT_TYPE_VALUES,
  appointmentSlotProblem,
  MEETING_PREFERENCES as MEETING_PREFERENCE_VALUES,
  MESSAGE_SUBJECTS,
  contactRequestData,
  type AppointmentType,
  type MeetingPreference,
} from '@bank/contracts';
import { bankToday, lastSchedulableDate } from '@bank/contracts/bank-time';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

// The contact page's forms reach the bank: each request is recorded for staff under /ops.

const APPOINTMENT_TYPE_LABELS: Record<AppointmentType, string> = {
  general: 'General banking',
  loans: 'Loans & mortgages',
  business: 'Business banking',
  investment: 'Savings & investments',
  support: 'Account support',
};

/** The inquiry types of the contact page, also the appointment types the bank takes. */
export const APPOINTMENT_TYPES = APPOINTMENT_TYPE_VALUES.map((value) => ({
  value,
  label: APPOINTMENT_TYPE_LABELS[value],
}));

const MEETING_PREFERENCE_LABELS: Record<MeetingPreference, string> = {
  virtual: 'Virtual (video call)',
  'in-person': 'In person at a branch',
  email: 'By email',
};

export const MEETING_PREFERENCES = MEETING_PREFERENCE_VALUES.map((value) => ({
  value,
  label: MEETING_PREFERENCE_LABELS[value],
}));

export { APPOINTMENT_TIMES, MESSAGE_SUBJECTS };
export type { AppointmentType };

export const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(100, `The ${label} field must not be greater than 100 characters.`);
export const email = z
  .string()
  .trim()
  .min(1, 'Please enter your email address.')
  .email('Please enter a valid email address.');

/** Appointments are booked on the bank's calendar (its branches keep New York time). */
export { bankToday };

/** The last day an appointment may be asked for: a year ahead, as the bank accepts. */
export const lastAppointmentDate = (): string => lastSchedulableDate(bankToday());

export const appointmentSchema = z
  .object({
    first_name: name('first name'),
    last_name: name('last name'),
    email,
    appointment_type: z.enum(APPOINTMENT_TYPE_VALUES, {
      error: 'Please choose an appointment type.',
    }),
    preferred_date: z
      .string()
      .min(1, 'Please choose a date.')
      .refine((d) => d >= bankToday(), 'Please choose today or a later date.')
      .refine((d) => d <= lastAppointmentDate(), 'Please choose a date at most one year ahead.'),
    preferred_time: z.string().min(1, 'Please choose a time.'),
    meeting_preference: z.enum(MEETING_PREFERENCE_VALUES, {
      error: 'Please choose how you would like to meet.',
    }),
    notes: z
      .string()
      .max(1000, 'The notes field must not be greater than 1000 characters.')
      .optional(),
  })
  // A time already past today, or a meeting in person when no branch is open: the server
  // refuses it with the same words.
  .superRefine((values, ctx) => {
    if (!values.preferred_date) return;
    const problem = appointmentSlotProblem(
      {
        date: values.preferred_date,
        time: values.preferred_time,
        meeting: values.meeting_preference,
      },
      new Date(),
    );
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

export type AppointmentInput = z.infer<typeof appointmentSchema>;

export const messageSchema = z.object({
  first_name: name('first name'),
  last_name: name('last name'),
  email,
  subject: z.string().min(1, 'Please choose a subject.'),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message.')
    .max(2000, 'The message field must not be greater than 2000 characters.'),
});

export type MessageInput = z.infer<typeof messageSchema>;

/** The request as the bank recorded it (its id), checked against the contract. */
export const createAppointment = async (input: AppointmentInput) =>
  contactRequestData.parse((await api.post<unknown>('/contact/appointments', input)).data);
export const sendContactMessage = async (input: MessageInput) =>
  contactRequestData.parse((await api.post<unknown>('/contact/messages', input)).data);

export function useCreateAppointment() {
  return useMutation({ mutationFn: createAppointment });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
