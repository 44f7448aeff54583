import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_TIMES,
  APPOINTMENT_TYPES,
  appointmentSchema,
  messageSchema,
  bankToday,
  lastAppointmentDate,
} from './contact';

const tomorrow = bankToday(new Date(Date.now() + 86_400_000));

describe('contact forms', () => {
  it('accepts every appointment type it offers', () => {
    for (const { value } of APPOINTMENT_TYPES) {
      const parsed = appointmentSchema.safeParse({
        first_name: 'Morgan',
        last_name: 'Tide',
        email: 'morgan@example.com',
        appointment_type: value,
        preferred_date: tomorrow,
        preferred_time: '9:00 AM',
        meeting_preference: 'virtual',
      });
      expect(parsed.success, value).toBe(true);
    }
  });

  it('offers hourly times from 9:00 AM to 5:00 PM', () => {
    expect(APPOINTMENT_TIMES).toHaveLength(9);
    expect(APPOINTMENT_TIMES[0]).toBe('9:00 AM');
    expect(APPOINTMENT_TIMES.at(-1)).toBe('5:00 PM');
  });

  it('refuses a date in the past and a message without text', () => {
    const past = appointmentSchema.safeParse({
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.com',
      appointment_type: 'general',
      preferred_date: '2000-01-01',
      preferred_time: '9:00 AM',
      meeting_preference: 'email',
    });
    expect(past.success).toBe(false);
    expect(
      messageSchema.safeParse({
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.com',
        subject: 'Other',
        message: ' ',
      }).success,
    ).toBe(false);
  });

  it('refuses a date more than a year ahead, and takes the last day the bank accepts', () => {
    const form = (preferred_date: string) =>
      appointmentSchema.safeParse({
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.com',
        appointment_type: 'general',
        preferred_date,
        preferred_time: '9:00 AM',
        meeting_preference: 'email',
      });
    const far = form('9999-12-31');
    expect(far.success).toBe(false);
    expect(far.error?.issues.map((i) => i.message)).toEqual([
      'Please choose a date at most one year ahead.',
    ]);
    expect(form(lastAppointmentDate()).success).toBe(true);
  });
});
