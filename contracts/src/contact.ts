import { z } from 'zod';
import { isBranchHoliday } from './bank-holidays.ts';
import { bankDate, bankHour } from './bank-time.ts';
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

/**
 * When the branches receive visitors: Monday to Friday 9 AM to 5 PM, Saturday mornings until noon
 * (the hours every branch keeps; some stay open longer). Closed on Sundays and holidays. A meeting
 * at a branch takes an hour, so it must start an hour before closing at the latest: 4 PM on a
 * weekday, 11 AM on a Saturday. The offered times run to 5 PM for meetings by video or email.
 */
const WEEKDAY_CLOSING_HOUR = 17;
const SATURDAY_CLOSING_HOUR = 12;
const APPOINTMENT_LENGTH_HOURS = 1;

/** The hour (0–23) of an offered time such as "1:00 PM". */
function hourOf(time: string): number {
  const [clock = '', half] = time.split(' ');
  const hour = Number(clock.split(':')[0]) % 12;
  return half === 'PM' ? hour + 12 : hour;
}

export const APPOINTMENT_SLOT_MESSAGES = {
  sunday:
    'Our branches are closed on Sundays. Please choose another day, or meet by video or email.',
  holiday:
    'Our branches are closed on this holiday. Please choose another day, or meet by video or email.',
  saturdayTime: 'On Saturdays our branches are open until noon. Please choose a morning time.',
  weekdayTime:
    'Our branches close at 5 PM on weekdays. Please choose 4:00 PM or earlier, or meet by video or email.',
  past: 'This time has already passed today. Please choose a later time or another day.',
} as const;

export type AppointmentSlotProblem = {
  field: 'preferred_date' | 'preferred_time';
  message: string;
};

/**
 * Why the bank cannot meet the customer then, or null. A time today must still be ahead on the
 * bank's clock (at 10:05 AM, 10:00 AM has passed), whatever the meeting. Only a meeting in person
 * needs a branch open; a video call or an email exchange may be asked for any day at the offered
 * times (a banker confirms it within one business day). `date` is a valid calendar date
 * (YYYY-MM-DD); `time` one of APPOINTMENT_TIMES, or empty while the form has none. The web form and
 * the server give the same answer from this one rule.
 */
export function appointmentSlotProblem(
  slot: { date: string; time: string; meeting: MeetingPreference },
  now: Date,
): AppointmentSlotProblem | null {
  if (slot.time && slot.date === bankDate(now) && hourOf(slot.time) <= bankHour(now)) {
    return { field: 'preferred_time', message: APPOINTMENT_SLOT_MESSAGES.past };
  }
  if (slot.meeting !== 'in-person') return null;
  const weekday = new Date(`${slot.date}T00:00:00Z`).getUTCDay();
  if (weekday === 0) return { field: 'preferred_date', message: APPOINTMENT_SLOT_MESSAGES.sunday };
  if (isBranchHoliday(slot.date))
    return { field: 'preferred_date', message: APPOINTMENT_SLOT_MESSAGES.holiday };
  if (!slot.time) return null;
  const saturday = weekday === 6;
  const closing = saturday ? SATURDAY_CLOSING_HOUR : WEEKDAY_CLOSING_HOUR;
  if (hourOf(slot.time) + APPOINTMENT_LENGTH_HOURS > closing) {
    return {
      field: 'preferred_time',
      message: saturday
        ? APPOINTMENT_SLOT_MESSAGES.saturdayTime
        : APPOINTMENT_SLOT_MESSAGES.weekdayTime,
    };
  }
  return null;
}
