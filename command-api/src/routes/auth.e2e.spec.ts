import {
  ApiClient,
  crashAfterRecord,
  proveOwnContacts,
  registrationPayload,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { streams } from '@bank/events';
import { hashToken, messages } from '@bank/infra';
import { testRedisUrl } from '@bank/infra/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, RESET_LINKS_KEPT, RESET_REQUEST_MS } from '../services/auth.ts';
import type { CommandContext } from '../services/context.ts';
import { MAX_FAILED_LOGINS } from '../services/sign-in-lockout.ts';
import { REGISTRATION_NOT_OPENED } from './auth.ts';
import { opsClient } from './money-test-helpers.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

describe('registration', () => {
  it('registers a customer with four $0.00 accounts, a 12-digit number and a welcome notification', async () => {
    const client = new ApiClient(bank);
    const response = await client.post('/api/register', registrationPayload({ name: 'Maya Chen' }));
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('success');
    const { user, token } = response.body.data;
    expect(user.account_number).toMatch(/^\d{12}$/);
    expect(user.name).toBe('Maya Chen');
    expect(typeof token).toBe('string');
    client.token = token;
    const accounts = (await client.get('/api/accounts')).body.data.accounts;
    expect(accounts).toHaveLength(4);
    expect(accounts.every((a: { balance: number }) => a.balance === 0)).toBe(true);
    expect(accounts[0].account_number).toBe(user.account_number);
    await bank.jobs!.dispatchPending();
    await expect
      .poll(
        async () =>
          (await client.get('/api/notifications')).body.data.notifications.map(
            (n: { title: string }) => n.title,
          ),
        { timeout: 10_000 },
      )
      .toContain('Welcome to Harborview Community Bank');
  });

  it.each([
    [{ name: '' }, 'name', 'Please fill in all required fields.'],
    [{ email: undefined }, 'email', 'Please fill in all required fields.'],
    [
      { password: 'short', password_confirmation: 'short' },
      'password',
      'Password must be at least 8 characters long.',
    ],
    [
      { password_confirmation: 'Different-123' },
      'password_confirmation',
      'Passwords do not match.',
    ],
    [{ phone: '' }, 'phone', 'Please fill in all required fields.'],
    [{ date_of_birth: '' }, 'date_of_birth', 'Please fill in all required fields.'],
    [{ address: '  ' }, 'address', 'Please fill in all required fields.'],
    [{ city: '' }, 'city', 'Please fill in all required fields.'],
    [{ state: '' }, 'state', 'Please fill in all required fields.'],
    [{ zip_code: '' }, 'zip_code', 'Please fill in all required fields.'],
    [{ ssn: '123-45-67890' }, 'ssn', 'The ssn must not be greater than 11 characters.'],
    [{ ssn: '000-00-0000' }, 'ssn', 'Enter a valid 9-digit Social Security number (123-45-6789).'],
    [{ ssn: '666-12-3456' }, 'ssn', 'Enter a valid 9-digit Social Security number (123-45-6789).'],
    [{ annual_income: -1 }, 'annual_income', 'The annual income must be at least 0.'],
    [
      { employment_status: 'pirate' },
      'employment_status',
      'The selected employment status is invalid.',
    ],
    [{ email: 'not-an-email' }, 'email', 'The email must be a valid email address.'],
    [
      { date_of_birth: '2020-01-01' },
      'date_of_birth',
      'You must be at least 18 years old to open an account.',
    ],
  ])('refuses %j with a field error on %s', async (override, field, message) => {
    const client = new ApiClient(bank);
    const response = await client.post('/api/register', registrationPayload(override));
    expect(response.status).toBe(422);
    expect(response.body.status).toBe('error');
    expect(response.body.errors[field]).toContain(message);
  });

  it.each([
    ['name', 'N'.repeat(256), 'The name field must not be greater than 255 characters.'],
    ['address', 'A'.repeat(256), 'The address field must not be greater than 255 characters.'],
    ['city', 'C'.repeat(101), 'The city field must not be greater than 100 characters.'],
    [
      'email',
      `${'e'.repeat(250)}@example.com`,
      'The email field must not be greater than 255 characters.',
    ],
    ['phone', '2'.repeat(21), 'The phone field must not be greater than 20 characters.'],
  ])(
    'tells a customer who filled in %s too long how long it may be',
    async (field, value, message) => {
      const payload = registrationPayload({ [field]: value });
      const response = await new ApiClient(bank).post('/api/register', payload);
      expect(response.status).toBe(422);
      expect(response.body.errors[field]).toContain(message);
      expect(response.body.errors[field]).not.toContain('Please fill in all required fields.');
    },
  );

  it('says how long a password may be at sign-in, not that it is missing', async () => {
    const response = await new ApiClient(bank).post('/api/login', {
      account_number: '123456789012',
      password: 'p'.repeat(129),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.password).toEqual([
      'The password field must not be greater than 128 characters.',
    ]);
  });

  it('opens nothing for an email or phone already registered, and never says which or that it exists', async () => {
    const first = registrationPayload();
    const client = new ApiClient(bank);
    expect((await client.post('/api/register', first)).status).toBe(201);
    const before = await bank.pool.query(
      "SELECT count(*)::int AS n FROM events WHERE type <> 'NotificationRaised'",
    );
    const answers = [
      await client.post(
        '/api/register',
        registrationPayload({ email: first.email.toUpperCase(), phone: first.phone }),
      ),
      await client.post('/api/register', registrationPayload({ email: first.email })),
      await client.post('/api/register', registrationPayload({ phone: first.phone })),
    ];
    for (const again of answers) {
      // One answer for all three: which detail matched, and that one did, stays unsaid.
      expect(again.status).toBe(200);
      expect(again.body).toEqual({
        status: 'success',
        message: REGISTRATION_NOT_OPENED,
        data: { user: null, token: null, next_steps: ['sign_in', 'reset_password'] },
      });
      expect(JSON.stringify(again.body)).not.toMatch(/taken|exists|already registered/i);
    }
    const after = await bank.pool.query(
      "SELECT count(*)::int AS n FROM events WHERE type <> 'NotificationRaised'",
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('never stores the password or SSN in plaintext', async () => {
    const client = new ApiClient(bank);
    const payload = registrationPayload({
      ssn: '321-54-9876',
      password: 'Plaintext-Canary-77',
      password_confirmation: 'Plaintext-Canary-77',
    });
    expect((await client.post('/api/register', payload)).status).toBe(201);
    const dump = await bank.pool.query(
      "SELECT string_agg(data::text || metadata::text, ' ') AS all FROM events",
    );
    expect(dump.rows[0].all).not.toContain('Plaintext-Canary-77');
    expect(dump.rows[0].all).not.toContain('321-54-9876');
    expect(dump.rows[0].all).toContain('$argon2id$');
  });
});

describe('login', () => {
  it('signs in with the 12-digit account number and password, and the token works until logout', async () => {
    const { payload, user } = await signedUpCustomer(bank);
    const client = new ApiClient(bank);
    const login = await client.post('/api/login', {
      account_number: user.account_number,
      password: payload.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.email).toBe(payload.email);
    client.token = login.body.data.token;
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it.each([
    [{ account_number: '', password: 'x' }, 'account_number', 'The account number is required.'],
    [
      { account_number: '12345', password: 'x' },
      'account_number',
      'The account number must be exactly 12 digits.',
    ],
    [
      { account_number: '1234567890123', password: 'x' },
      'account_number',
      'The account number must be exactly 12 digits.',
    ],
    [
      { account_number: '12345678901a', password: 'x' },
      'account_number',
      'The account number must be exactly 12 digits.',
    ],
    [{ account_number: '123456789012', password: '' }, 'password', 'The password is required.'],
  ])('refuses %j', async (body, field, message) => {
    const response = await new ApiClient(bank).post('/api/login', body);
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toContain(message);
  });

  it('answers a wrong password and an unknown number alike', async () => {
    const { user } = await signedUpCustomer(bank);
    const wrong = await new ApiClient(bank).post('/api/login', {
      account_number: user.account_number,
      password: 'Wrong-password-1',
    });
    const unknown = await new ApiClient(bank).post('/api/login', {
      account_number: '999999999999',
      password: 'Wrong-password-1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('locks sign-in after 5 failures with ACCOUNT_LOCKED, even for the right password', async () => {
    const { payload, user, client } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    for (let i = 0; i < 4; i += 1) {
      expect(
        (
          await anonymous.post('/api/login', {
            account_number: user.account_number,
            password: 'Wrong-password-1',
          })
        ).status,
      ).toBe(401);
    }
    const fifth = await anonymous.post('/api/login', {
      account_number: user.account_number,
      password: 'Wrong-password-1',
    });
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe('ACCOUNT_LOCKED');
    expect(fifth.body.message).toBe(
      'Your account has been temporarily locked. Please contact customer service.',
    );
    const right = await anonymous.post('/api/login', {
      account_number: user.account_number,
      password: payload.password,
    });
    expect(right.status).toBe(423);
    await expect
      .poll(
        async () =>
          (await client.get('/api/notifications?type=security')).body.data.notifications.map(
            (n: { title: string }) => n.title,
          ),
        { timeout: 10_000 },
      )
      .toContain('Sign-in temporarily locked');
  });

  it("lets strangers lock the account number out, but not its owner's own browser", async () => {
    const { payload, user } = await signedUpCustomer(bank);
    const browser = new ApiClient(bank);
    const first = await browser.post('/api/login', {
      account_number: user.account_number,
      password: payload.password,
    });
    expect(first.status).toBe(200);
    const setCookie = first.headers['set-cookie']!;
    expect(setCookie).toMatch(
      /^hv_device=[\w-]{43}; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    const cookie = { cookie: setCookie.split(';')[0]! };
    browser.token = first.body.data.token;

    const stranger = new ApiClient(bank);
    const guess = { account_number: user.account_number, password: 'Wrong-password-1' };
    for (let i = 0; i < 4; i += 1)
      expect((await stranger.post('/api/login', guess)).status).toBe(401);
    expect((await stranger.post('/api/login', guess)).status).toBe(423);
    const right = { account_number: user.account_number, password: payload.password };
    expect((await stranger.post('/api/login', right)).status).toBe(423);
    // Another customer's browser is a stranger to this account.
    const other = await signedUpCustomer(bank);
    const othersBrowser = await new ApiClient(bank).post('/api/login', {
      account_number: other.user.account_number,
      password: other.payload.password,
    });
    const othersCookie = { cookie: othersBrowser.headers['set-cookie']!.split(';')[0]! };
    expect((await stranger.post('/api/login', right, othersCookie)).status).toBe(423);

    // The owner's signed-in browser still proves itself, and signs in again, while locked.
    expect((await browser.post('/api/step-up', { password: payload.password })).status).toBe(423);
    expect(
      (await browser.post('/api/step-up', { password: payload.password }, cookie)).status,
    ).toBe(200);
    const again = await browser.post('/api/login', right, cookie);
    expect(again.status).toBe(200);
    expect(again.headers['set-cookie']!.split(';')[0]).toBe(cookie.cookie);

    // The browser's own wrong passwords lock the browser alone.
    const ownGuess = { ...right, password: 'Wrong-password-2' };
    for (let i = 0; i < 4; i += 1) {
      expect((await browser.post('/api/login', ownGuess, cookie)).status).toBe(401);
    }
    expect((await browser.post('/api/login', ownGuess, cookie)).status).toBe(423);
    expect((await browser.post('/api/login', right, cookie)).status).toBe(423);
    expect((await new ApiClient(bank).post('/api/login', right)).status).toBe(200);

    // Erasing the customer forgets their browsers.
    const devices = () =>
      bank.pool.query('SELECT 1 FROM trusted_devices WHERE customer_id = $1', [
        first.body.data.user.id,
      ]);
    expect((await devices()).rowCount).toBe(2);
    const erased = await opsClient(bank).post('/api/ops/customers/erase', {
      account_number: user.account_number,
    });
    expect(erased.status).toBe(200);
    expect((await devices()).rowCount).toBe(0);
  });

  it('checks at most 5 of 30 guesses sent at once: the rest are refused unchecked', async () => {
    const { payload, user, client } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        anonymous.post('/api/login', {
          account_number: user.account_number,
          password: `Wrong-password-${i}`,
        }),
      ),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    // The fifth wrong one locks; those refused before it did are told to wait, those after, locked.
    expect(statuses.filter((s) => s === 423).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 401 || s === 423 || s === 429)).toHaveLength(30);
    const right = await anonymous.post('/api/login', {
      account_number: user.account_number,
      password: payload.password,
    });
    expect(right.status).toBe(423);
    await expect
      .poll(
        async () =>
          (await client.get('/api/notifications?type=security')).body.data.notifications.filter(
            (n: { title: string }) => n.title === 'Sign-in temporarily locked',
          ),
        { timeout: 10_000 },
      )
      .toHaveLength(1);
  });

  it('tells right sign-ins sent at once past the allowance to wait, and locks nothing', async () => {
    const { payload, user, client } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    const right = { account_number: user.account_number, password: payload.password };
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => anonymous.post('/api/login', right)),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(MAX_FAILED_LOGINS);
    for (const refused of burst.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: messages.rateLimited });
    }
    expect((await anonymous.post('/api/login', right)).status).toBe(200);
    const notices = (await client.get('/api/notifications?type=security')).body.data.notifications;
    expect(notices.map((n: { title: string }) => n.title)).not.toContain(
      'Sign-in temporarily locked',
    );
  });

  it('lets a count left by attempts that never finished go after a minute, and only then', async () => {
    const { payload, user } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    const right = { account_number: user.account_number, password: payload.password };
    // Five attempts counted, none checked: the process that counted them stopped.
    const leave = (secondsAgo: number) =>
      bank.pool.query(
        `INSERT INTO login_failures (account_number, failed_count, updated_at)
         VALUES ($1, $2, now() - make_interval(secs => $3))
         ON CONFLICT (account_number) DO UPDATE
           SET failed_count = EXCLUDED.failed_count, updated_at = EXCLUDED.updated_at,
               locked_until = NULL`,
        [user.account_number, MAX_FAILED_LOGINS, secondsAgo],
      );
    await leave(5);
    // Still in flight: refused, and a refusal does not make the count look fresh.
    expect((await anonymous.post('/api/login', right)).status).toBe(429);
    const { rows } = await bank.pool.query<{ quiet: boolean }>(
      `SELECT updated_at < now() - interval '4 seconds' AS quiet
         FROM login_failures WHERE account_number = $1`,
      [user.account_number],
    );
    expect(rows[0]?.quiet).toBe(true);
    await leave(120);
    expect((await anonymous.post('/api/login', right)).status).toBe(200);
    await leave(120);
    const wrong = { ...right, password: 'Wrong-password-1' };
    // The attempt takes the allowance's last place: wrong, it locks.
    expect((await anonymous.post('/api/login', wrong)).status).toBe(423);
    expect((await anonymous.post('/api/login', right)).status).toBe(423);
  });

  it("lets a trusted browser's count left by attempts that never finished go after a minute, and only then", async () => {
    const { payload, user } = await signedUpCustomer(bank);
    const browser = new ApiClient(bank);
    const right = { account_number: user.account_number, password: payload.password };
    const first = await browser.post('/api/login', right);
    expect(first.status).toBe(200);
    const token = first.headers['set-cookie']!.split(';')[0]!.slice('hv_device='.length);
    const cookie = { cookie: `hv_device=${token}` };
    // Five attempts counted for the browser, none checked: the process that counted them stopped.
    const leave = (secondsAgo: number) =>
      bank.pool.query(
        `UPDATE trusted_devices
            SET failed_count = $2, counted_at = now() - make_interval(secs => $3),
                locked_until = NULL
          WHERE token_hash = $1`,
        [hashToken(token), MAX_FAILED_LOGINS, secondsAgo],
      );
    await leave(5);
    // Still in flight: refused, and a refusal does not make the count look fresh.
    expect((await browser.post('/api/login', right, cookie)).status).toBe(429);
    const { rows } = await bank.pool.query<{ quiet: boolean }>(
      `SELECT counted_at < now() - interval '4 seconds' AS quiet
         FROM trusted_devices WHERE token_hash = $1`,
      [hashToken(token)],
    );
    expect(rows[0]?.quiet).toBe(true);
    await leave(120);
    expect((await browser.post('/api/login', right, cookie)).status).toBe(200);
    await leave(120);
    const wrong = { ...right, password: 'Wrong-password-1' };
    // The attempt takes the allowance's last place: wrong, it locks the browser, and it alone.
    expect((await browser.post('/api/login', wrong, cookie)).status).toBe(423);
    expect((await browser.post('/api/login', right, cookie)).status).toBe(423);
    expect((await new ApiClient(bank).post('/api/login', right)).status).toBe(200);
  });

  it('does not count a right password that opens a two-factor challenge, nor a right sign-in', async () => {
    const { payload, user } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1) {
        const wrong = { account_number: user.account_number, password: 'Wrong-password-1' };
        expect((await anonymous.post('/api/login', wrong)).status).toBe(401);
      }
      const right = await anonymous.post('/api/login', {
        account_number: user.account_number,
        password: payload.password,
      });
      expect(right.status).toBe(200);
    }
  });

  it('rate limits the login route with 429, counting in the one-process bank itself', async () => {
    const queuePrefix = `limited-${crypto.randomUUID()}`;
    const limited = await startTestBank({
      queuePrefix,
      rateLimits: { auth: { max: 3, timeWindow: 60_000 }, money: { max: 3, timeWindow: 60_000 } },
    });
    const redis = new Redis(testRedisUrl());
    try {
      const client = new ApiClient(limited);
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (
            await client.post('/api/login', {
              account_number: '123456789012',
              password: 'whatever-1',
            })
          ).status,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses[4]).toBe(429);
      // An IPv6 /64 is part of one subscriber's network, where a host may take any number of
      // addresses: it has one allowance, not one per address.
      let tried = 0;
      const from = async (remoteAddress: string) =>
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({
              account_number: String(223456789012 + (tried += 1)),
              password: 'whatever-1',
            }),
          })
        ).statusCode;
      const oneNetwork = [];
      for (const host of ['a', 'b', 'c', 'd']) oneNetwork.push(await from(`2001:db8:1:2::${host}`));
      expect(oneNetwork).toEqual([401, 401, 401, 429]);
      expect(await from('2001:db8:1:3::a')).toBe(401);
      // The only process serving commands needs no round trip to Redis per request to count.
      expect(await redis.keys(`${queuePrefix}-rate-limit-*`)).toEqual([]);
    } finally {
      redis.disconnect();
      await limited.stop();
    }
  });
});

/** A second session of the same customer, as from another device. */
async function signedInElsewhere(accountNumber: string, password: string): Promise<ApiClient> {
  const other = new ApiClient(bank);
  other.token = (
    await other.post('/api/login', { account_number: accountNumber, password })
  ).body.data.token;
  return other;
}

const signInStatus = async (accountNumber: string, password: string) =>
  (await new ApiClient(bank).post('/api/login', { account_number: accountNumber, password }))
    .status;

describe('change password', () => {
  it('needs the current password, follows the rules and signs out other sessions', async () => {
    const { client, payload, user } = await signedUpCustomer(bank);
    const other = await signedInElsewhere(user.account_number, payload.password);

    const wrong = await client.post('/api/change-password', {
      current_password: 'nope-nope-1',
      new_password: 'Another-Pass-9',
      new_password_confirmation: 'Another-Pass-9',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual(['The current password is incorrect.']);
    const short = await client.post('/api/change-password', {
      current_password: payload.password,
      new_password: 'short',
      new_password_confirmation: 'short',
    });
    expect(short.body.errors.new_password).toContain(
      'Password must be at least 8 characters long.',
    );
    const mismatch = await client.post('/api/change-password', {
      current_password: payload.password,
      new_password: 'Another-Pass-9',
      new_password_confirmation: 'Another-Pass-8',
    });
    expect(mismatch.body.errors.new_password_confirmation).toEqual(['New passwords do not match']);
    const same = await client.post('/api/change-password', {
      current_password: payload.password,
      new_password: payload.password,
      new_password_confirmation: payload.password,
    });
    expect(same.status).toBe(422);
    expect(same.body.errors.new_password).toEqual([
      'The new password must be different from your current password.',
    ]);
    expect((await other.get('/api/user')).status).toBe(200);

    const changed = await client.post('/api/change-password', {
      current_password: payload.password,
      new_password: 'Another-Pass-9',
      new_password_confirmation: 'Another-Pass-9',
    });
    expect(changed.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect(await signInStatus(user.account_number, payload.password)).toBe(401);
    expect(await signInStatus(user.account_number, 'Another-Pass-9')).toBe(200);
  });

  /**
   * A context whose next session opens only after `meanwhile` ran: the sign-in has checked the
   * password by then, so `meanwhile` lands between the check and the session.
   */
  const racing = (meanwhile: () => Promise<void>): CommandContext => ({
    ...bank.ctx,
    sessions: {
      ...bank.ctx.sessions,
      async create(customerId, device) {
        await meanwhile();
        return bank.ctx.sessions.create(customerId, device);
      },
    },
  });
  const liveSessions = async (customerId: string) =>
    (
      await bank.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sessions
          WHERE customer_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
        [customerId],
      )
    ).rows[0]!.n;

  it.each([
    ['the password is changed', 'change'],
    ['the customer is erased', 'erase'],
  ])('opens no session for a sign-in that checked the old password while %s', async (_, what) => {
    const { client, payload, user } = await signedUpCustomer(bank);
    const ops = opsClient(bank);
    const signIn = login(
      racing(async () => {
        const answer =
          what === 'change'
            ? await client.post('/api/change-password', {
                current_password: payload.password,
                new_password: 'Another-Pass-9',
                new_password_confirmation: 'Another-Pass-9',
              })
            : await ops.post('/api/ops/customers/erase', {
                account_number: user.account_number,
              });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }),
      user.account_number,
      payload.password,
      'Racing browser',
      { deviceToken: undefined, client: '127.0.0.1' },
      { actor: 'anonymous' },
    );
    await expect(signIn).rejects.toMatchObject({ statusCode: 401, code: 'INVALID_CREDENTIALS' });
    // The changing session stays (it proved the old password); nothing else is live.
    expect(await liveSessions(user.id)).toBe(what === 'change' ? 1 : 0);
  });

  it('signs out the other sessions even when the bank stops right after recording the change', async () => {
    const { client, payload, user } = await signedUpCustomer(bank);
    const other = await signedInElsewhere(user.account_number, payload.password);
    // The process dies right after the new password is recorded: no later write to sessions.
    const recover = await crashAfterRecord(
      bank.ownerPool,
      { type: 'CustomerPasswordChanged', customerId: user.id },
      ['sessions'],
    );
    try {
      const changed = await client.post('/api/change-password', {
        current_password: payload.password,
        new_password: 'Another-Pass-9',
        new_password_confirmation: 'Another-Pass-9',
      });
      expect(changed.status).toBe(500);
    } finally {
      await recover();
    }
    expect((await other.get('/api/user')).status).toBe(401);
    expect(await signInStatus(user.account_number, 'Another-Pass-9')).toBe(200);
  });
});

/** The staff outbox's reset requests for one account number. */
async function resetLinks(ops: ApiClient, accountNumber: string) {
  const resets = (await ops.get('/api/ops/password-resets')).body.data.password_resets as {
    account_number: string;
    reset_link: string | null;
  }[];
  return resets.filter((r) => r.account_number === accountNumber);
}

describe('password reset', () => {
  it('issues a reset link visible to staff, which sets a new password once', async () => {
    const { user } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    const request = await anonymous.post('/api/forgot-password', {
      account_number: user.account_number,
    });
    expect(request.status).toBe(200);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const resets = (await ops.get('/api/ops/password-resets')).body.data.password_resets;
    const link = resets.find(
      (r: { account_number: string }) => r.account_number === user.account_number,
    ).reset_link as string;
    const token = new URL(link).searchParams.get('token');
    const check = () => anonymous.post('/api/reset-password/check', { token });
    // Asking whether the link opens uses nothing up: it still opens afterwards.
    expect((await check()).status).toBe(200);
    expect((await check()).body.message).toBe('This reset link can be used.');
    const reset = await anonymous.post('/api/reset-password', {
      token,
      password: 'Brand-New-Pass-1',
      password_confirmation: 'Brand-New-Pass-1',
    });
    expect(reset.status).toBe(200);
    expect(
      (
        await anonymous.post('/api/login', {
          account_number: user.account_number,
          password: 'Brand-New-Pass-1',
        })
      ).status,
    ).toBe(200);
    const reused = await anonymous.post('/api/reset-password', {
      token,
      password: 'Brand-New-Pass-2',
      password_confirmation: 'Brand-New-Pass-2',
    });
    expect(reused.status).toBe(422);
    const spent = await check();
    expect(spent.status).toBe(422);
    expect(spent.body.errors).toEqual({
      token: ['This password reset link is invalid or has expired.'],
    });
    const unknown = await anonymous.post('/api/reset-password/check', { token: `${token}x` });
    expect(unknown.status).toBe(422);
    // A cut-off or mistyped link gets the same words a customer can act on, not a field's length.
    for (const malformed of ['abc', 'x'.repeat(201)]) {
      for (const path of ['/api/reset-password/check', '/api/reset-password']) {
        const refused = await anonymous.post(path, {
          token: malformed,
          password: 'Another-Pass-2026',
          password_confirmation: 'Another-Pass-2026',
        });
        expect(refused.status).toBe(422);
        expect(refused.body.errors.token).toEqual([
          'This password reset link is invalid or has expired.',
        ]);
      }
    }
  });

  it('refuses the current password as the new one, as a change does, and keeps the link', async () => {
    const { user, payload } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    await anonymous.post('/api/forgot-password', { account_number: user.account_number });
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const [link] = await resetLinks(ops, user.account_number);
    const token = new URL(link!.reset_link!).searchParams.get('token');
    const same = await anonymous.post('/api/reset-password', {
      token,
      password: payload.password,
      password_confirmation: payload.password,
    });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({
      password: ['The new password must be different from your current password.'],
    });
    // Nothing changed, so the same link still sets another password.
    const other = await anonymous.post('/api/reset-password', {
      token,
      password: 'Brand-New-Pass-9',
      password_confirmation: 'Brand-New-Pass-9',
    });
    expect(other.status).toBe(200);
  });

  it("reads at each sign-in only what the customer's stream gained since it was last read", async () => {
    const { client, user, payload } = await signedUpCustomer(bank);
    // Every change of preferences is an event on the customer's stream: its length is theirs.
    for (let i = 0; i < 30; i += 1) {
      const changed = await client.put('/api/profile/notification-preferences', {
        transaction: i % 2 === 0,
        security: true,
        card: true,
        crypto: true,
        support: true,
        marketing: false,
      });
      expect(changed.status).toBe(200);
    }
    const store = bank.ctx.bus.store;
    const readStream = store.readStream;
    const read: number[] = [];
    store.readStream = async (...args) => {
      const events = await readStream.apply(store, args);
      if (args[0] === streams.customer(user.id)) read.push(events.length);
      return events;
    };
    try {
      const signIn = () =>
        new ApiClient(bank).post('/api/login', {
          account_number: user.account_number,
          password: payload.password,
        });
      for (let i = 0; i < 3; i += 1) expect((await signIn()).status).toBe(200);
      const forgot = await new ApiClient(bank).post('/api/forgot-password', {
        account_number: user.account_number,
      });
      expect(forgot.status).toBe(200);
    } finally {
      store.readStream = readStream;
    }
    // Read whole, each of these read the 30 changes again.
    expect(read.length).toBeGreaterThan(0);
    expect(read.reduce((sum, n) => sum + n, 0)).toBeLessThan(5);
  });

  it("takes as long to answer a reset request for a customer as for details that are nobody's", async () => {
    const proved = await signedUpCustomer(bank);
    const unproved = await signedUpCustomer(bank, {}, { proveContacts: false });
    const anonymous = new ApiClient(bank);
    const timed = async (body: object) => {
      const started = performance.now();
      const answer = await anonymous.post('/api/forgot-password', body);
      expect(answer.status).toBe(200);
      return performance.now() - started;
    };
    const asked = {
      'proved email': { email: proved.payload.email },
      'proved, by account number': { account_number: proved.user.account_number },
      'unproved email': { email: unproved.payload.email },
      nobody: { email: 'nobody.at.all@example.com' },
      'no such account number': { account_number: '100000000001' },
    };
    for (const [who, body] of Object.entries(asked)) {
      // Issuing a link took a few milliseconds more than finding nobody: enough to tell them apart.
      expect(await timed(body), who).toBeGreaterThanOrEqual(RESET_REQUEST_MS - 1);
    }
    // The second request for the proved customer came inside the minute: it issued nothing, in
    // the same time.
    expect(await resetLinks(opsClient(bank), proved.user.account_number)).toHaveLength(1);
  });

  it('sends a reset link only to an email the customer has proved', async () => {
    const { client, user, payload } = await signedUpCustomer(bank, {}, { proveContacts: false });
    const anonymous = new ApiClient(bank);
    const ops = opsClient(bank);
    const links = () => resetLinks(ops, user.account_number);
    const ask = async () => {
      expect(
        (await anonymous.post('/api/forgot-password', { account_number: user.account_number }))
          .status,
      ).toBe(200);
      expect((await anonymous.post('/api/forgot-password', { email: payload.email })).status).toBe(
        200,
      );
    };
    // Typed at registration, never proved: it may be a stranger's mailbox.
    await ask();
    expect(await links()).toHaveLength(0);
    await proveOwnContacts(bank, client, user.id);
    await ask();
    // One link a minute per customer: the second request issued nothing.
    expect(await links()).toHaveLength(1);
  });

  it('issues no reset link for an erased customer, and one from before the erasure opens nothing', async () => {
    const { user } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    const ops = opsClient(bank);
    const links = () => resetLinks(ops, user.account_number);
    await anonymous.post('/api/forgot-password', { account_number: user.account_number });
    const before = (await links())[0]!.reset_link!;
    expect(
      (await ops.post('/api/ops/customers/erase', { account_number: user.account_number })).status,
    ).toBe(200);

    const after = await anonymous.post('/api/forgot-password', {
      account_number: user.account_number,
    });
    expect(after.status).toBe(200);
    expect(await links()).toHaveLength(1);
    const reset = await anonymous.post('/api/reset-password', {
      token: new URL(before).searchParams.get('token'),
      password: 'Brand-New-Pass-1',
      password_confirmation: 'Brand-New-Pass-1',
    });
    expect(reset.status).toBe(422);
    expect(reset.body.errors.token).toEqual([
      'This password reset link is invalid or has expired.',
    ]);
  });

  it('counts wrong current passwords towards the sign-in lockout, and refuses while locked', async () => {
    const { client, payload, user } = await signedUpCustomer(bank);
    const change = (current: string) =>
      client.post('/api/change-password', {
        current_password: current,
        new_password: 'Another-Pass-9',
        new_password_confirmation: 'Another-Pass-9',
      });
    const wrong = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`nope-nope-${i}`)));
    expect(wrong.filter((r) => r.status === 422)).toHaveLength(5);
    // Past the five being checked: told to wait (429), or locked (423) once the fifth has locked.
    expect(wrong.filter((r) => r.status === 423 || r.status === 429)).toHaveLength(3);
    expect((await change(payload.password)).status).toBe(423);
    const signIn = await new ApiClient(bank).post('/api/login', {
      account_number: user.account_number,
      password: payload.password,
    });
    expect(signIn.status).toBe(423);
  });

  it("keeps every customer's live link in the staff outbox through a flood of requests for one account", async () => {
    const { user: customer } = await signedUpCustomer(bank);
    const { user: flooded } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    const ops = opsClient(bank);
    await anonymous.post('/api/forgot-password', { account_number: customer.account_number });
    // More requests than the outbox shows, each for a real account (the sender's own will do).
    const answers = await Promise.all(
      Array.from({ length: 110 }, () =>
        anonymous.post('/api/forgot-password', { account_number: flooded.account_number }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const live = (await resetLinks(ops, customer.account_number)).filter((r) => r.reset_link);
    expect(live).toHaveLength(1);
    // One link a minute per customer: the table keeps a few of them, not each one.
    const { rows } = await bank.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM password_resets WHERE customer_id = $1',
      [flooded.id],
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(RESET_LINKS_KEPT);
    // Nor do the ended links of many other customers, each of whom keeps a few.
    await bank.pool.query(
      `INSERT INTO password_resets (token_hash, customer_id, link_sealed, expires_at, used_at)
       SELECT sha256(gen_random_uuid()::text::bytea), gen_random_uuid(), NULL, now() + interval '1 hour', now()
       FROM generate_series(1, 120)`,
    );
    const stillLive = (await resetLinks(ops, customer.account_number)).filter((r) => r.reset_link);
    expect(stillLive).toHaveLength(1);
  });

  it('keeps earlier reset links working until one is used, and ends them all once the password changed, by a reset or by the customer', async () => {
    const { user } = await signedUpCustomer(bank);
    const anonymous = new ApiClient(bank);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    // As if the customer's links were asked for a minute earlier: one a minute is issued.
    const aMinuteOn = () =>
      bank.pool.query(
        `UPDATE password_resets SET created_at = created_at - interval '61 seconds'
         WHERE customer_id = $1`,
        [user.id],
      );
    const newLink = async () => {
      await aMinuteOn();
      await anonymous.post('/api/forgot-password', { account_number: user.account_number });
      const resets = (await ops.get('/api/ops/password-resets')).body.data.password_resets as {
        account_number: string;
        reset_link: string;
      }[];
      const mine = resets.filter((r) => r.account_number === user.account_number);
      return new URL(mine[0]!.reset_link).searchParams.get('token');
    };
    const reset = (token: string | null, password: string) =>
      anonymous.post('/api/reset-password', {
        token,
        password,
        password_confirmation: password,
      });
    const signsIn = async (password: string) =>
      (await anonymous.post('/api/login', { account_number: user.account_number, password }))
        .status === 200;

    // Two links asked for: a new request ends nothing (a stranger could keep cancelling the link
    // the customer is about to open), and once either has worked, neither does.
    const first = await newLink();
    const second = await newLink();
    expect(first).not.toBe(second);
    expect((await reset(first, 'Brand-New-Pass-1')).status).toBe(200);
    const ended = await reset(second, 'Brand-New-Pass-2');
    expect(ended.status).toBe(422);
    expect(ended.body.errors.token).toEqual([
      'This password reset link is invalid or has expired.',
    ]);
    expect((await reset(first, 'Brand-New-Pass-3')).status).toBe(422);
    expect(await signsIn('Brand-New-Pass-2')).toBe(false);
    expect(await signsIn('Brand-New-Pass-1')).toBe(true);
    // The staff outbox shows the ended links without them (asked for by account number: the
    // links were made older than other tests' ended ones, which fill the first 100 rows).
    const outbox = await ops.get(`/api/ops/password-resets?account_number=${user.account_number}`);
    expect(
      outbox.body.data.password_resets.map((r: { reset_link: string | null }) => r.reset_link),
    ).toEqual([null, null]);

    // Ten asked for at once, a minute on, leave one live link, not ten.
    await aMinuteOn();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        anonymous.post('/api/forgot-password', { account_number: user.account_number }),
      ),
    );
    const live = (await resetLinks(ops, user.account_number)).filter((r) => r.reset_link);
    expect(live).toHaveLength(1);

    // A link asked for before the customer changed the password themselves no longer works.
    const before = await newLink();
    const signedIn = new ApiClient(bank);
    const login = await signedIn.post('/api/login', {
      account_number: user.account_number,
      password: 'Brand-New-Pass-1',
    });
    signedIn.token = login.body.data.token;
    const changed = await signedIn.post('/api/change-password', {
      current_password: 'Brand-New-Pass-1',
      new_password: 'Own-Choice-Pass-7',
      new_password_confirmation: 'Own-Choice-Pass-7',
    });
    expect(changed.status).toBe(200);
    expect((await reset(before, 'Brand-New-Pass-3')).status).toBe(422);
    expect(await signsIn('Own-Choice-Pass-7')).toBe(true);
  });
});
