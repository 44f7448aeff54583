import { describe, expect, it } from 'vitest';
import { isBranchHoliday } from './bank-holidays.ts';
import { APPOINTMENT_SLOT_MESSAGES, APPOINTMENT_TIMES, appointmentSlotProblem } from './contact.ts';

/** A morning well before every date below, so no time asked for has passed. */
const EARLIER = new Date('2026-01-05T14:00:00Z');

const inPerson = (date: string, time: string) =>
  appointmentSlotProblem({ date, time, meeting: 'in-person' }, EARLIER);

describe('an appointment at a branch', () => {
  it('is refused on a Sunday, on the date', () => {
    expect(inPerson('2026-12-06', '4:00 PM')).toEqual({
      field: 'preferred_date',
      message: APPOINTMENT_SLOT_MESSAGES.sunday,
    });
  });

  it('is refused on a holiday, observed or on a Saturday', () => {
    // Christmas 2026 is a Friday; July 4, 2026 a Saturday; Thanksgiving 2026 is Nov 26.
    for (const date of ['2026-12-25', '2026-07-04', '2026-11-26', '2027-01-18']) {
      expect(inPerson(date, '10:00 AM'), date).toEqual({
        field: 'preferred_date',
        message: APPOINTMENT_SLOT_MESSAGES.holiday,
      });
    }
  });

  it('takes only the morning times on a Saturday', () => {
    const saturday = '2026-12-12';
    const taken = APPOINTMENT_TIMES.filter((time) => inPerson(saturday, time) === null);
    expect(taken).toEqual(['9:00 AM', '10:00 AM', '11:00 AM']);
    expect(inPerson(saturday, '5:00 PM')).toEqual({
      field: 'preferred_time',
      message: APPOINTMENT_SLOT_MESSAGES.saturdayTime,
    });
  });

  it('takes the times that end by 5 PM on a working weekday: not 5 PM itself', () => {
    const tuesday = '2026-12-08';
    const taken = APPOINTMENT_TIMES.filter((time) => inPerson(tuesday, time) === null);
    expect(taken).toEqual(APPOINTMENT_TIMES.slice(0, -1));
    expect(taken.at(-1)).toBe('4:00 PM');
    expect(inPerson(tuesday, '5:00 PM')).toEqual({
      field: 'preferred_time',
      message: APPOINTMENT_SLOT_MESSAGES.weekdayTime,
    });
    expect(APPOINTMENT_SLOT_MESSAGES.weekdayTime).toBe(
      'Our branches close at 5 PM on weekdays. Please choose 4:00 PM or earlier, or meet by video or email.',
    );
  });
});

describe('a video or email appointment', () => {
  it('needs no open branch: any day, any offered time', () => {
    for (const meeting of ['virtual', 'email'] as const) {
      for (const date of ['2026-12-06', '2026-12-25', '2026-12-12']) {
        expect(appointmentSlotProblem({ date, time: '5:00 PM', meeting }, EARLIER)).toBeNull();
      }
    }
  });
});

describe('an appointment today', () => {
  // 10:05 AM in New York on Tuesday, Dec 8, 2026 (EST, UTC-5).
  const at1005 = new Date('2026-12-08T15:05:00Z');
  const today = (time: string, meeting: 'virtual' | 'in-person' | 'email') =>
    appointmentSlotProblem({ date: '2026-12-08', time, meeting }, at1005);

  it('takes only the times still ahead on the bank’s clock, whatever the meeting', () => {
    for (const meeting of ['virtual', 'in-person', 'email'] as const) {
      const taken = APPOINTMENT_TIMES.filter((time) => today(time, meeting) === null);
      expect(taken[0], meeting).toBe('11:00 AM');
      expect(today('10:00 AM', meeting), meeting).toEqual({
        field: 'preferred_time',
        message: 'This time has already passed today. Please choose a later time or another day.',
      });
      expect(today('9:00 AM', meeting)?.message, meeting).toBe(APPOINTMENT_SLOT_MESSAGES.past);
    }
  });

  it('reads today and the hour on the bank’s clock, not the server’s or UTC', () => {
    // 11:30 PM in New York on Dec 7 is already Dec 8 in UTC: Dec 8 is tomorrow for the bank.
    const lateEvening = new Date('2026-12-08T04:30:00Z');
    const tomorrow = { date: '2026-12-08', time: '9:00 AM', meeting: 'virtual' } as const;
    expect(appointmentSlotProblem(tomorrow, lateEvening)).toBeNull();
    const tonight = { date: '2026-12-07', time: '5:00 PM', meeting: 'virtual' } as const;
    expect(appointmentSlotProblem(tonight, lateEvening)?.field).toBe('preferred_time');
  });

  it('leaves a form with no time chosen yet alone', () => {
    expect(today('', 'virtual')).toBeNull();
  });
});

describe('branch holidays', () => {
  it('are the bank holidays and the fixed-date ones falling on a Saturday', () => {
    expect(isBranchHoliday('2026-07-04')).toBe(true); // a Saturday: the Fed keeps no hours then
    expect(isBranchHoliday('2026-07-03')).toBe(false);
    expect(isBranchHoliday('2027-12-25')).toBe(true); // a Saturday
    expect(isBranchHoliday('2028-12-25')).toBe(true); // a Monday
    expect(isBranchHoliday('2026-12-24')).toBe(false);
  });
});
