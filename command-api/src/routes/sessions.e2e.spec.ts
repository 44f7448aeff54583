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

async function signIn(
  accountNumber: string,
  password: string,
  userAgent: string,
  into: TestBank = bank,
) {
  const client = new ApiClient(into);
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
      'id',
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

  it('signs out one session by its id: not the asking one, not another customer’s', async () => {
    const { client, payload, accounts } = await signedUpCustomer(bank);
    const accountNumber = accounts[0]!.account_number;
    const phone = await signIn(accountNumber, payload.password, SAFARI_ON_IPHONE);
    const laptop = await signIn(accountNumber, payload.password, 'curl/8.0');
    const stranger = await signedUpCustomer(bank);
    type Listed = { id: string; device: string | null; current: boolean };
    const listed = (await phone.get('/api/sessions')).body.data.sessions as Listed[];
    expect(listed).toHaveLength(3);
    expect(new Set(listed.map((s) => s.id)).size).toBe(3);
    const [own, ...others] = listed;
    expect(own!.current).toBe(true);

    // Neither the asking session, nor through another customer, nor an id that is not one.
    expect((await phone.post(`/api/sessions/${own!.id}/sign-out`)).status).toBe(404);
    expect((await stranger.client.post(`/api/sessions/${others[0]!.id}/sign-out`)).status).toBe(
      404,
    );
    expect((await phone.post('/api/sessions/not-an-id/sign-out')).status).toBe(404);
    for (const c of [client, phone, laptop]) expect((await c.get('/api/user')).status).toBe(200);

    const target = others[0]!;
    const done = await phone.post(`/api/sessions/${target.id}/sign-out`);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Signed out of that session.');
    const remaining = (await phone.get('/api/sessions')).body.data.sessions as Listed[];
    expect(remaining.map((s) => s.id).sort()).toEqual(
      listed
        .filter((s) => s.id !== target.id)
        .map((s) => s.id)
        .sort(),
    );
    const alive = await Promise.all(
      [client, laptop].map(async (c) => (await c.get('/api/user')).status),
    );
    expect(alive.sort()).toEqual([200, 401]);
    // Signed out already: nothing left to sign out.
    expect((await phone.post(`/api/sessions/${target.id}/sign-out`)).status).toBe(404);
  });

  it('answers 401 without a session, and changes nothing', async () => {
    const anonymous = new ApiClient(bank);
    expect((await anonymous.get('/api/sessions')).status).toBe(401);
    expect((await anonymous.post('/api/sessions/sign-out-others')).status).toBe(401);
    expect((await anonymous.post(`/api/sessions/${'a'.repeat(32)}/sign-out`)).status).toBe(401);
  });
});

describe('taking an account back from someone holding one of its sessions', () => {
  let limited: TestBank;
  beforeAll(async () => {
    limited = await startTestBank({
      rateLimits: {
        auth: { max: 10_000, timeWindow: 60_000 },
        money: { max: 10_000, timeWindow: 60_000 },
        writes: { max: 5, timeWindow: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  const signInTo = (accountNumber: string, password: string) =>
    signIn(accountNumber, password, SAFARI_ON_IPHONE, limited);

  it("signs the other sessions out and changes the password though the other session used up the customer's writes", async () => {
    const { payload, accounts } = await signedUpCustomer(limited);
    const accountNumber = accounts[0]!.account_number;
    const intruder = await signInTo(accountNumber, payload.password);
    const owner = await signInTo(accountNumber, payload.password);
    const spare = await signInTo(accountNumber, payload.password);

    // The intruder's session spends the customer's writes of the minute.
    const spent = [];
    for (let i = 0; i < 6; i++)
      spent.push((await intruder.post('/api/notifications/read-all')).status);
    expect(spent.at(-1)).toBe(429);
    expect((await owner.post('/api/notifications/read-all')).status).toBe(429);

    // The owner's protective requests are counted for their own session only.
    const listed = await owner.get('/api/sessions');
    const spareId = (listed.body.data.sessions as { id: string; current: boolean }[]).find(
      (s) => !s.current,
    )!.id;
    expect((await owner.post(`/api/sessions/${spareId}/sign-out`)).status).toBe(200);
    const signedOut = await owner.post('/api/sessions/sign-out-others');
    expect(signedOut.status, JSON.stringify(signedOut.body)).toBe(200);
    expect((await intruder.get('/api/accounts')).status).toBe(401);
    expect((await spare.get('/api/accounts')).status).toBe(401);
    const changed = await owner.post('/api/change-password', {
      current_password: payload.password,
      new_password: 'An-entirely-new-passphrase-42',
      new_password_confirmation: 'An-entirely-new-passphrase-42',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await owner.post('/api/logout')).status).toBe(200);
    expect((await owner.get('/api/accounts')).status).toBe(401);
  });

  it('still limits one session that repeats them', async () => {
    const { client } = await signedUpCustomer(limited);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client.post('/api/sessions/sign-out-others')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
