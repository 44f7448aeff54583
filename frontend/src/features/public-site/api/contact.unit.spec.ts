import { APPOINTMENT_SLOT_MESSAGES } from '@bank/contracts';
import { isBranchHoliday } from '@bank/contracts/bank-holidays';
import { describe, expect, it, vi } from 'vitest';
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
  it('refuses a time already past today with the bank’s words, before anything is sent', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 2:30 PM in New York on Tuesday, Dec 8, 2026 (EST).
      vi.setSystemTime(new Date('2026-12-08T19:30:00Z'));
      const form = (preferred_time: string) =>
        appointmentSchema.safeParse({
          first_name: 'Morgan',
          last_name: 'Tide',
          email: 'morgan@example.com',
          appointment_type: 'general',
          preferred_date: '2026-12-08',
          preferred_time,
          meeting_preference: 'virtual',
        });
      const past = form('2:00 PM');
      expect(past.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['preferred_time', APPOINTMENT_SLOT_MESSAGES.past],
      ]);
      expect(form('3:00 PM').success).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

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

  it("refuses a meeting at a branch at closing time on a weekday, in the server's words", () => {
    const weekday = new Date(Date.now() + 2 * 86_400_000);
    const date = () => weekday.toISOString().slice(0, 10);
    while (weekday.getUTCDay() !== 2 || isBranchHoliday(date()))
      weekday.setUTCDate(weekday.getUTCDate() + 1);
    const form = (preferred_time: string, meeting_preference: string) =>
      appointmentSchema.safeParse({
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.com',
        appointment_type: 'general',
        preferred_date: date(),
        preferred_time,
        meeting_preference,
      });
    const atClosing = form('5:00 PM', 'in-person');
    expect(atClosing.error?.issues).toEqual([
      expect.objectContaining({
        path: ['preferred_time'],
        message: APPOINTMENT_SLOT_MESSAGES.weekdayTime,
      }),
    ]);
    expect(form('4:00 PM', 'in-person').success).toBe(true);
    expect(form('5:00 PM', 'virtual').success).toBe(true);
  });
});
