import { describe, expect, it } from 'vitest';
import { isBranchHoliday } from './bank-holidays.ts';
import { APPOINTMENT_SLOT_MESSAGES, APPOINTMENT_TIMES, appointmentSlotProblem } from './contact.ts';

const inPerson = (date: string, time: string) =>
  appointmentSlotProblem({ date, time, meeting: 'in-person' });

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

  it('takes every offered time on a working weekday', () => {
    for (const time of APPOINTMENT_TIMES) expect(inPerson('2026-12-08', time), time).toBeNull();
  });
});

describe('a video or email appointment', () => {
  it('needs no open branch: any day, any offered time', () => {
    for (const meeting of ['virtual', 'email'] as const) {
      for (const date of ['2026-12-06', '2026-12-25', '2026-12-12']) {
        expect(appointmentSlotProblem({ date, time: '5:00 PM', meeting })).toBeNull();
      }
    }
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
