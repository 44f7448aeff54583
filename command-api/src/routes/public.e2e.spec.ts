import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
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
});
