import { bankToday } from '@bank/contracts/bank-time';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

// The contact page's forms reach the bank: each request is recorded for staff under /ops.

/** The inquiry types of the contact page, also the appointment types the bank takes. */
export const APPOINTMENT_TYPES = [
  { value: 'general', label: 'General banking' },
  { value: 'loans', label: 'Loans & mortgages' },
  { value: 'business', label: 'Business banking' },
  { value: 'investment', label: 'Savings & investments' },
  { value: 'support', label: 'Account support' },
] as const;

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
];

export const MEETING_PREFERENCES = [
  { value: 'virtual', label: 'Virtual (video call)' },
  { value: 'in-person', label: 'In person at a branch' },
  { value: 'email', label: 'By email' },
] as const;

export const MESSAGE_SUBJECTS = [
  'General Inquiry',
  'Account Support',
  'Loan Information',
  'Business Banking',
  'Technical Support',
  'Other',
];

const name = (label: string) => z.string().trim().min(1, `Please enter your ${label}.`).max(100);
const email = z
  .string()
  .trim()
  .min(1, 'Please enter your email address.')
  .email('Please enter a valid email address.');

/** Appointments are booked on the bank's calendar (its branches keep New York time). */
export { bankToday };

export const appointmentSchema = z.object({
  first_name: name('first name'),
  last_name: name('last name'),
  email,
  appointment_type: z.enum(['general', 'loans', 'business', 'investment', 'support'], {
    error: 'Please choose an appointment type.',
  }),
  preferred_date: z
    .string()
    .min(1, 'Please choose a date.')
    .refine((d) => d >= bankToday(), 'Please choose today or a later date.'),
  preferred_time: z.string().min(1, 'Please choose a time.'),
  meeting_preference: z.enum(['virtual', 'in-person', 'email'], {
    error: 'Please choose how you would like to meet.',
  }),
  notes: z.string().max(1000).optional(),
});

export type AppointmentInput = z.infer<typeof appointmentSchema>;

export const messageSchema = z.object({
  first_name: name('first name'),
  last_name: name('last name'),
  email,
  subject: z.string().min(1, 'Please choose a subject.'),
  message: z.string().trim().min(1, 'Please enter a message.').max(2000),
});

export type MessageInput = z.infer<typeof messageSchema>;

export const createAppointment = (input: AppointmentInput) =>
  api.post<unknown>('/contact/appointments', input);
export const sendContactMessage = (input: MessageInput) =>
  api.post<unknown>('/contact/messages', input);

export function useCreateAppointment() {
  return useMutation({ mutationFn: createAppointment });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
