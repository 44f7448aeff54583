import { addDaysIso, bankToday, lastSchedulableDate } from '@bank/contracts/bank-time';
import { ApiClient, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let bank: TestBank;
let visitor: ApiClient;
beforeAll(async () => {
  bank = await startTestBank();
  visitor = new ApiClient(bank);
});
afterAll(async () => {
  await bank.stop();
});

const appointment = (preferredDate: string) => ({
  first_name: 'Dana',
  last_name: 'Reyes',
  email: 'dana.reyes@example.com',
  appointment_type: 'general',
  preferred_date: preferredDate,
  preferred_time: '10:00 AM',
  meeting_preference: 'in-person',
});

describe('appointment requests', () => {
  it('take the bank’s calendar: its today is accepted, its yesterday refused and not recorded', async () => {
    // The web app offers the bank's today as the first date; the server must agree with it even
    // when the UTC date is already tomorrow (evenings in New York).
    const today = await visitor.post('/api/contact/appointments', appointment(bankToday()));
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
