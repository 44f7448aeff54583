import { isBranchHoliday } from '@bank/contracts/bank-holidays';
import {
  addDaysIso,
  bankDayStart,
  bankToday,
  lastSchedulableDate,
} from '@bank/contracts/bank-time';
import { buildHttpServer, DEFAULT_RATE_LIMITS } from '@bank/server';
import { ApiClient, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

let bank: TestBank;
let visitor: ApiClient;
beforeAll(async () => {
  bank = await startTestBank();
  visitor = new ApiClient(bank);
});
afterAll(async () => {
  await bank.stop();
});

// A video call: the calendar's limits are tested on any day, a branch's closed days apart.
const appointment = (preferredDate: string, meeting = 'virtual', time = '10:00 AM') => ({
  first_name: 'Dana',
  last_name: 'Reyes',
  email: 'dana.reyes@example.com',
  appointment_type: 'general',
  preferred_date: preferredDate,
  preferred_time: time,
  meeting_preference: meeting,
});

/**
 * The next date on or after `from` with the given weekday (0 = Sunday) that is no branch holiday:
 * a Saturday that is one (Juneteenth or Christmas 2027, New Year's Day 2028) is refused for the
 * holiday, not for its hours, and the test would fail in the week before it.
 */
function nextWeekday(from: string, weekday: number): string {
  let date = from;
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== weekday || isBranchHoliday(date))
    date = addDaysIso(date, 1);
  return date;
}

/** The bank's clock at `hours` past midnight of its today (in New York), for the rest of a test. */
function bankClockAt(hours: number): string {
  const today = bankToday();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(bankDayStart(today).getTime() + hours * 3_600_000);
  return today;
}

describe('appointment requests', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('take the bank’s calendar: its today is accepted, its yesterday refused and not recorded', async () => {
    // The web app offers the bank's today as the first date; the server must agree with it even
    // when the UTC date is already tomorrow (evenings in New York). At 9:30 AM, 10 AM is ahead.
    const today = await visitor.post(
      '/api/contact/appointments',
      appointment(bankClockAt(9.5), 'virtual', '10:00 AM'),
    );
    expect(today.status).toBe(201);

    const before = await bank.ownerPool.query(`SELECT count(*)::int AS n FROM events`);
    const yesterday = await visitor.post(
      '/api/contact/appointments',
      appointment(addDaysIso(bankToday(), -1)),
    );
    expect(yesterday.status).toBe(422);
    expect(yesterday.body.errors.preferred_date).toEqual([
      'The preferred date must be today or later.',
    ]);
    const after = await bank.ownerPool.query(`SELECT count(*)::int AS n FROM events`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuse a time already past today on the bank’s clock, and record nothing', async () => {
    const today = bankClockAt(10 + 5 / 60);
    const before = await bank.ownerPool.query(`SELECT count(*)::int AS n FROM events`);
    for (const [time, meeting] of [
      ['9:00 AM', 'virtual'],
      ['10:00 AM', 'email'],
      ['10:00 AM', 'in-person'],
    ]) {
      const response = await visitor.post(
        '/api/contact/appointments',
        appointment(today, meeting, time),
      );
      expect(response.status, time).toBe(422);
      expect(response.body.errors, time).toEqual({
        preferred_time: [
          'This time has already passed today. Please choose a later time or another day.',
        ],
      });
    }
    const after = await bank.ownerPool.query(`SELECT count(*)::int AS n FROM events`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const later = await visitor.post(
      '/api/contact/appointments',
      appointment(today, 'virtual', '11:00 AM'),
    );
    expect(later.status).toBe(201);
  });

  it('refuse a day no calendar has, or more than a year ahead, and record nothing', async () => {
    const nextYear = Number(bankToday().slice(0, 4)) + 1;
    const refused: [string, string][] = [
      [`${nextYear}-02-30`, 'The preferred date must be a valid date.'],
      [`${nextYear}-13-01`, 'The preferred date must be a valid date.'],
      [`${nextYear}-04-31`, 'The preferred date must be a valid date.'],
      [
        addDaysIso(lastSchedulableDate(bankToday()), 1),
        'The preferred date can be at most one year ahead.',
      ],
      ['9999-12-31', 'The preferred date can be at most one year ahead.'],
    ];
    const before = await bank.ownerPool.query(`SELECT count(*)::int AS n FROM events`);
    for (const [date, message] of refused) {
      const response = await visitor.post('/api/contact/appointments', appointment(date));
      expect(response.status, date).toBe(422);
      expect(response.body.errors.preferred_date, date).toEqual([message]);
    }
    const after = await bank.ownerPool.query(`SELECT count(*)::int AS n FROM events`);
    expect(after.rows[0].n).toBe(before.rows[0].n);

    const lastDay = await visitor.post(
      '/api/contact/appointments',
      appointment(lastSchedulableDate(bankToday())),
    );
    expect(lastDay.status).toBe(201);
  });
});

describe('appointments at a branch', () => {
  it('are refused when the branches are closed, with the reason on the field, and not recorded', async () => {
    const sunday = nextWeekday(addDaysIso(bankToday(), 1), 0);
    const saturday = nextWeekday(addDaysIso(bankToday(), 1), 6);
    const tuesday = nextWeekday(addDaysIso(bankToday(), 1), 2);
    // The next Christmas from tomorrow: always within the year ahead that may be asked for.
    const tomorrow = addDaysIso(bankToday(), 1);
    const thisChristmas = `${tomorrow.slice(0, 4)}-12-25`;
    const christmas =
      thisChristmas >= tomorrow ? thisChristmas : `${Number(tomorrow.slice(0, 4)) + 1}-12-25`;
    const refused: [ReturnType<typeof appointment>, string, string][] = [
      [
        appointment(sunday, 'in-person', '4:00 PM'),
        'preferred_date',
        'Our branches are closed on Sundays. Please choose another day, or meet by video or email.',
      ],
      [
        appointment(christmas, 'in-person'),
        'preferred_date',
        'Our branches are closed on this holiday. Please choose another day, or meet by video or email.',
      ],
      [
        appointment(saturday, 'in-person', '5:00 PM'),
        'preferred_time',
        'On Saturdays our branches are open until noon. Please choose a morning time.',
      ],
      [
        // A meeting at closing time would end after it.
        appointment(tuesday, 'in-person', '5:00 PM'),
        'preferred_time',
        'Our branches close at 5 PM on weekdays. Please choose 4:00 PM or earlier, or meet by video or email.',
      ],
    ];
    const before = await bank.ownerPool.query(`SELECT count(*)::int AS n FROM events`);
    for (const [body, field, message] of refused) {
      const response = await visitor.post('/api/contact/appointments', body);
      expect(response.status, body.preferred_date).toBe(422);
      expect(response.body.errors, body.preferred_date).toEqual({ [field]: [message] });
    }
    const after = await bank.ownerPool.query(`SELECT count(*)::int AS n FROM events`);
    expect(after.rows[0].n).toBe(before.rows[0].n);

    // A Saturday morning and a weekday's last hour at a branch, and 5 PM by video, are taken.
    for (const body of [
      appointment(saturday, 'in-person', '11:00 AM'),
      appointment(tuesday, 'in-person', '4:00 PM'),
      appointment(tuesday, 'virtual', '5:00 PM'),
      appointment(sunday),
    ]) {
      const taken = await visitor.post('/api/contact/appointments', body);
      expect(taken.status, body.preferred_date).toBe(201);
    }
  });
});

describe('the contact forms', () => {
  it('take 20 requests an hour from one address, each kept for good, apart from its sign-in limit', async () => {
    const app = await buildHttpServer({
      ctx: bank.ctx,
      isReady: () => true,
      rateLimits: DEFAULT_RATE_LIMITS,
      rateLimitNamespace: `contact-${crypto.randomUUID()}`,
      serveFrontend: false,
    });
    try {
      const client = new ApiClient({ app });
      const message = {
        first_name: 'Dana',
        last_name: 'Reyes',
        email: 'dana.reyes@example.com',
        subject: 'General Inquiry',
        message: 'Hello',
      };
      const events = async () =>
        (await bank.ownerPool.query(`SELECT count(*)::int AS n FROM events`)).rows[0].n as number;
      const before = await events();
      const statuses: number[] = [];
      for (let i = 0; i <= DEFAULT_RATE_LIMITS.contact.max; i += 1) {
        statuses.push((await client.post('/api/contact/messages', message)).status);
      }
      expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect(await events()).toBe(before + DEFAULT_RATE_LIMITS.contact.max);
      const signIn = await client.post('/api/login', {
        account_number: '123456789012',
        password: 'Wrong-Password-1',
      });
      expect(signIn.status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
