import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(accountNumber: string, password: string, userAgent: string) {
  const client = new ApiClient(bank);
  const response = await client.post(
    '/api/login',
    { account_number: accountNumber, password },
    { 'user-agent': userAgent },
  );
  expect(response.status).toBe(200);
  client.token = response.body.data.token;
  return client;
}

describe('where a customer is signed in', () => {
  it('lists their own live sessions with the device, and signs the others out', async () => {
    const { client, payload, accounts } = await signedUpCustomer(bank);
    const accountNumber = accounts[0]!.account_number;
    const phone = await signIn(accountNumber, payload.password, SAFARI_ON_IPHONE);
    const stranger = await signedUpCustomer(bank);

    const listed = await phone.get('/api/sessions');
    expect(listed.status).toBe(200);
    const sessions = listed.body.data.sessions as {
      device: string | null;
      signed_in_at: string;
      last_active_at: string | null;
      current: boolean;
    }[];
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ device: 'Safari on iOS', current: true });
    expect(sessions[1]!.current).toBe(false);
    expect(Number.isNaN(Date.parse(sessions[1]!.signed_in_at))).toBe(false);
    // Nothing that could open a session is in the answer.
    expect(JSON.stringify(listed.body)).not.toContain(phone.token!);
    expect(Object.keys(sessions[0]!).sort()).toEqual([
      'current',
      'device',
      'last_active_at',
      'signed_in_at',
    ]);

    const signedOut = await phone.post('/api/sessions/sign-out-others');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toMatchObject({
      data: { signed_out: 1 },
      message: 'Signed out of 1 other session.',
    });
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(200);
    // Another customer's sessions are neither listed nor touched.
    expect((await stranger.client.get('/api/user')).status).toBe(200);
    expect((await phone.get('/api/sessions')).body.data.sessions).toHaveLength(1);

    const again = await phone.post('/api/sessions/sign-out-others');
    expect(again.body).toMatchObject({
      data: { signed_out: 0 },
      message: 'You were not signed in anywhere else.',
    });
  });

  it('answers 401 without a session, and changes nothing', async () => {
    const anonymous = new ApiClient(bank);
    expect((await anonymous.get('/api/sessions')).status).toBe(401);
    expect((await anonymous.post('/api/sessions/sign-out-others')).status).toBe(401);
  });
});
