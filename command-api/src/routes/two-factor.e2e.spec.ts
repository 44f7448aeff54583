import {
  ageStepUp,
  ApiClient,
  registrationPayload,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../domain/customer/totp.ts';
import { login } from '../services/auth.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Signs a new customer up and switches two-factor on; answers the secret and recovery codes. */
async function customerWithTwoFactor() {
  const customer = await signedUpCustomer(bank);
  const setup = await customer.client.post('/api/two-factor/setup', {});
  expect(setup.status).toBe(200);
  const secret: string = setup.body.data.secret;
  expect(setup.body.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  const enrolCode = totpCode(secret, Date.now());
  const confirmed = await customer.client.post('/api/two-factor/confirm', { code: enrolCode });
  expect(confirmed.status).toBe(200);
  const recoveryCodes: string[] = confirmed.body.data.recovery_codes;
  return { ...customer, secret, recoveryCodes, enrolCode };
}

async function passwordSignIn(accountNumber: string, password: string) {
  const client = new ApiClient(bank);
  const response = await client.post('/api/login', { account_number: accountNumber, password });
  return { client, response };
}

describe('two-factor enrolment', () => {
  it('switches on only with a code from the app, keeps the secret sealed and shows ten recovery codes once', async () => {
    const { client } = await signedUpCustomer(bank);
    expect((await client.get('/api/two-factor')).body.data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const setup = await client.post('/api/two-factor/setup', {});
    const secret: string = setup.body.data.secret;
    const wrong = await client.post('/api/two-factor/confirm', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('INVALID_TWO_FACTOR_CODE');
    // Recovery codes do not exist yet, so the message does not mention them.
    expect(wrong.body.errors.code).toEqual([
      'The code is not correct. Enter the current code from your authenticator app.',
    ]);
    expect((await client.get('/api/two-factor')).body.data.enabled).toBe(false);

    const confirmed = await client.post('/api/two-factor/confirm', {
      code: totpCode(secret, Date.now()),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.data.recovery_codes).size).toBe(10);
    expect((await client.get('/api/two-factor')).body.data).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    const again = await client.post('/api/two-factor/setup', {});
    expect(again.status).toBe(409);

    const stored = await bank.ownerPool.query<{ all: string }>(
      `SELECT coalesce(string_agg(data::text, ' '), '') AS all FROM events`,
    );
    expect(stored.rows[0]!.all).not.toContain(secret);
    for (const code of confirmed.body.data.recovery_codes as string[]) {
      expect(stored.rows[0]!.all).not.toContain(code);
    }
    const enrolments = await bank.ownerPool.query(
      'SELECT secret_sealed FROM two_factor_enrolments',
    );
    expect(JSON.stringify(enrolments.rows)).not.toContain(secret);
  });
});

async function lastPosition(): Promise<number> {
  const { rows } = await bank.ownerPool.query<{ p: string }>(
    'SELECT coalesce(max(global_position), 0) AS p FROM events',
  );
  return Number(rows[0]!.p);
}

/** The types of the events naming the customer appended after `position`, in order. */
async function eventTypesSince(position: number, customerId: string): Promise<string[]> {
  const { rows } = await bank.ownerPool.query<{ type: string }>(
    `SELECT type FROM events WHERE global_position > $1 AND data::text LIKE $2
     ORDER BY global_position`,
    [position, `%${customerId}%`],
  );
  return rows.map((r) => r.type);
}

/** A code as authenticator apps show it: two groups of three digits. */
const asAppsShowIt = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

describe('an authenticator code written as apps show it ("123 456")', () => {
  it('is taken to turn two-factor on, to sign in and to step up', async () => {
    const { client, payload, user } = await signedUpCustomer(bank);
    const setup = await client.post('/api/two-factor/setup', {});
    const secret: string = setup.body.data.secret;
    const confirmed = await client.post('/api/two-factor/confirm', {
      code: asAppsShowIt(totpCode(secret, Date.now())),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const signIn = await passwordSignIn(user.account_number, payload.password);
    const signedIn = await signIn.client.post('/api/login/two-factor', {
      challenge_token: signIn.response.body.data.challenge_token,
      code: ` ${asAppsShowIt(totpCode(secret, Date.now() + 30_000))} `,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.token).toEqual(expect.any(String));

    // Another customer, whose next code is still unused, steps up with one.
    const other = await customerWithTwoFactor();
    await ageStepUp(bank, other.user.id);
    const steppedUp = await other.client.post('/api/step-up', {
      code: asAppsShowIt(totpCode(other.secret, Date.now() + 30_000)),
    });
    expect(steppedUp.status, JSON.stringify(steppedUp.body)).toBe(200);
  });
});

describe('sign-in with the second factor', () => {
  it('asks for the code after the password, accepts each code once and each recovery code once', async () => {
    const { payload, user, secret, recoveryCodes, enrolCode } = await customerWithTwoFactor();
    const account: string = user.account_number;

    const first = await passwordSignIn(account, payload.password);
    expect(first.response.status).toBe(200);
    expect(first.response.body.data).toMatchObject({
      user: null,
      token: null,
      two_factor_required: true,
    });
    const challenge: string = first.response.body.data.challenge_token;

    // The code used to switch two-factor on cannot be used again (that code itself: the app may
    // show the next one by now).
    const replayed = await first.client.post('/api/login/two-factor', {
      challenge_token: challenge,
      code: enrolCode,
    });
    expect(replayed.status).toBe(422);
    expect(replayed.body.errors.code[0]).toMatch(/already been used/);

    const signedIn = await first.client.post('/api/login/two-factor', {
      challenge_token: challenge,
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.token).toEqual(expect.any(String));
    // A challenge opens one session only.
    const reused = await first.client.post('/api/login/two-factor', {
      challenge_token: challenge,
      code: recoveryCodes[0],
    });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    const second = await passwordSignIn(account, payload.password);
    const withRecovery = await second.client.post('/api/login/two-factor', {
      challenge_token: second.response.body.data.challenge_token,
      code: recoveryCodes[1]!.toUpperCase(),
    });
    expect(withRecovery.status).toBe(200);
    second.client.token = withRecovery.body.data.token;
    expect((await second.client.get('/api/two-factor')).body.data.recovery_codes_left).toBe(9);

    const third = await passwordSignIn(account, payload.password);
    const spent = await third.client.post('/api/login/two-factor', {
      challenge_token: third.response.body.data.challenge_token,
      code: recoveryCodes[1],
    });
    expect(spent.status).toBe(422);
    expect(spent.body.code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('locks sign-in after five wrong codes, as after five wrong passwords', async () => {
    const { payload, user } = await customerWithTwoFactor();
    const account: string = user.account_number;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { client, response } = await passwordSignIn(account, payload.password);
      const answer = await client.post('/api/login/two-factor', {
        challenge_token: response.body.data.challenge_token,
        code: '123456',
      });
      statuses.push(answer.status);
      // At sign-in a recovery code is accepted too, and the message says so.
      if (i === 0) {
        expect(answer.body.errors.code).toEqual([
          'The code is not correct. Enter the current code from your authenticator app or an unused recovery code.',
        ]);
      }
    }
    expect(statuses.slice(0, 4)).toEqual([422, 422, 422, 422]);
    expect(statuses[4]).toBe(423);
    const locked = await passwordSignIn(account, payload.password);
    expect(locked.response.status).toBe(423);
  });

  it('tries no code while sign-in is locked: a recovery code sent then is not used up', async () => {
    const { client, payload, user, recoveryCodes } = await customerWithTwoFactor();
    const account: string = user.account_number;
    // A sign-in that got its challenge before someone else's wrong codes locked the account.
    const waiting = await passwordSignIn(account, payload.password);
    for (let i = 0; i < 5; i++) {
      const { client: other, response } = await passwordSignIn(account, payload.password);
      await other.post('/api/login/two-factor', {
        challenge_token: response.body.data.challenge_token,
        code: '123456',
      });
    }
    const answer = await waiting.client.post('/api/login/two-factor', {
      challenge_token: waiting.response.body.data.challenge_token,
      code: recoveryCodes[0],
    });
    expect(answer.status).toBe(423);
    expect((await client.get('/api/two-factor')).body.data.recovery_codes_left).toBe(10);
  });

  it('refuses a valid code sent again to other sign-ins without locking the customer out', async () => {
    const { payload, user, secret } = await customerWithTwoFactor();
    const account: string = user.account_number;
    const challenges: { client: ApiClient; token: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const { client, response } = await passwordSignIn(account, payload.password);
      challenges.push({ client, token: response.body.data.challenge_token });
    }
    // The next code (the current one switched two-factor on) signs in once; sent again to the
    // other sign-ins (a form retried, several tabs), it is refused as used, and it is no guess:
    // nothing counts towards the lockout.
    const code = totpCode(secret, Date.now() + 30_000);
    const answer = ({ client, token }: (typeof challenges)[number]) =>
      client.post('/api/login/two-factor', { challenge_token: token, code });
    expect((await answer(challenges[0]!)).status).toBe(200);
    for (const challenge of challenges.slice(1)) {
      const again = await answer(challenge);
      expect(again.status).toBe(422);
      expect(again.body.errors.code[0]).toMatch(/already been used/);
    }
    expect((await passwordSignIn(account, payload.password)).response.status).toBe(200);
  });

  it('takes a recovery code sent to several sign-ins at once for one of them, locking nobody out', async () => {
    const { payload, user, recoveryCodes } = await customerWithTwoFactor();
    const account: string = user.account_number;
    const challenges: { client: ApiClient; token: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const { client, response } = await passwordSignIn(account, payload.password);
      challenges.push({ client, token: response.body.data.challenge_token });
    }
    const answers = await Promise.all(
      challenges.map(({ client, token }) =>
        client.post('/api/login/two-factor', { challenge_token: token, code: recoveryCodes[0] }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const again of answers.filter((a) => a.status !== 200)) {
      expect(again.status).toBe(422);
      expect(again.body.errors.code[0]).toMatch(/^This recovery code has already been used/);
    }
    expect((await passwordSignIn(account, payload.password)).response.status).toBe(200);
  });

  it('tells every sign-in racing with one recovery code on one challenge that the code was used', async () => {
    const { payload, user, recoveryCodes } = await customerWithTwoFactor();
    const account: string = user.account_number;
    const { client, response } = await passwordSignIn(account, payload.password);
    const token: string = response.body.data.challenge_token;
    const before = await lastPosition();
    const send = () =>
      client.post('/api/login/two-factor', { challenge_token: token, code: recoveryCodes[0] });
    const answers = await Promise.all(Array.from({ length: 20 }, send));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers.map((a) => [a.status, a.body.code])).toEqual(
      losers.map(() => [422, 'INVALID_TWO_FACTOR_CODE']),
    );
    for (const loser of losers) {
      expect(loser.body.errors.code[0]).toMatch(/^This recovery code has already been used/);
    }
    // The one sign-in is all that was recorded: the code spent once, no wrong code counted.
    expect(await eventTypesSince(before, user.id)).toEqual([
      'CustomerRecoveryCodeUsed',
      'NotificationRaised',
    ]);
    const late = await send();
    expect(late.status).toBe(422);
    expect(late.body.errors.code[0]).toMatch(/^This recovery code has already been used/);
    expect((await passwordSignIn(account, payload.password)).response.status).toBe(200);
  });

  it('tells the customer about each new sign-in with the time and the device', async () => {
    const { client, payload } = await signedUpCustomer(bank);
    const account = (await client.get('/api/accounts')).body.data.accounts[0];
    const anonymous = new ApiClient(bank);
    const signIn = await anonymous.post(
      '/api/login',
      { account_number: account.account_number, password: payload.password },
      { 'user-agent': CHROME_ON_LINUX },
    );
    expect(signIn.status).toBe(200);
    await bank.runner.catchUp();
    const notices = (await client.get('/api/notifications?type=security')).body.data
      .notifications as { title: string; message: string }[];
    const notice = notices.find((n) => n.title === 'New sign-in');
    // On the bank's clock, as the web app shows every time, not in UTC.
    expect(notice?.message).toMatch(
      /on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T from Chrome on Linux/,
    );
  });

  it('tells the customer of a sign-in only from a browser new to them', async () => {
    const { client, payload } = await signedUpCustomer(bank);
    const other = await signedUpCustomer(bank);
    const account = (await client.get('/api/accounts')).body.data.accounts[0];
    const credentials = { account_number: account.account_number, password: payload.password };
    const browser = new ApiClient(bank);
    const signInNotices = async () => {
      await bank.runner.catchUp();
      const notices = (await client.get('/api/notifications?type=security&per_page=100')).body.data
        .notifications as { title: string }[];
      return notices.filter((n) => n.title === 'New sign-in').length;
    };
    const before = await signInNotices();

    const first = await browser.post('/api/login', credentials);
    expect(first.status).toBe(200);
    expect(await signInNotices()).toBe(before + 1);

    // The same browser again, its trusted-device cookie sent: nothing new to tell.
    const cookie = { cookie: first.headers['set-cookie']!.split(';')[0]! };
    for (let i = 0; i < 2; i += 1) {
      expect((await browser.post('/api/login', credentials, cookie)).status).toBe(200);
    }
    expect(await signInNotices()).toBe(before + 1);

    // Another customer's browser is not one of theirs.
    const othersAccount = (await other.client.get('/api/accounts')).body.data.accounts[0];
    const othersBrowser = await browser.post('/api/login', {
      account_number: othersAccount.account_number,
      password: other.payload.password,
    });
    const othersCookie = { cookie: othersBrowser.headers['set-cookie']!.split(';')[0]! };
    expect((await browser.post('/api/login', credentials, othersCookie)).status).toBe(200);
    expect(await signInNotices()).toBe(before + 2);
  });
});

describe('step-up before sensitive actions', () => {
  it('refuses them with STEP_UP_REQUIRED once sign-in is a few minutes old, until the password is given again', async () => {
    const { client, payload, user } = await signedUpCustomer(bank);
    const cards = (await client.get('/api/cards')).body.data.cards as {
      id: string;
      card_type: string;
      application: { is_pending: boolean };
    }[];
    const offer = cards.find((c) => c.card_type === 'debit' && c.application.is_pending)!;
    expect(
      (
        await client.post(`/api/cards/${offer.id}/apply`, {
          agreed_to_terms: true,
          delivery_address: '',
          express_delivery: false,
        })
      ).status,
    ).toBe(201);
    // Freshly signed in: the card is revealed at once.
    expect((await client.get(`/api/cards/${offer.id}`)).status).toBe(200);

    await ageStepUp(bank, user.id);
    const payee = {
      name: 'City Water',
      category: 'utilities',
      account_number: '55667788',
    };
    const refused = [
      await client.get(`/api/cards/${offer.id}`),
      await client.put('/api/profile', { email: `new.${Date.now()}@example.com` }),
      await client.put('/api/profile', { phone: '2075550199' }),
      await client.post('/api/bill-payments/payees', payee),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('STEP_UP_REQUIRED');
    }
    // Details that are not contact details still change without asking, and so does the
    // password: its form asks for the current one, which is the same proof.
    expect((await client.put('/api/profile', { city: 'Portland' })).status).toBe(200);
    const changed = await client.post('/api/change-password', {
      current_password: payload.password,
      new_password: 'Another-Long-Pass-42',
      new_password_confirmation: 'Another-Long-Pass-42',
    });
    expect(changed.status).toBe(200);
    payload.password = 'Another-Long-Pass-42';

    const wrong = await client.post('/api/step-up', { password: 'not-my-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual(['The password is incorrect.']);
    const steppedUp = await client.post('/api/step-up', { password: payload.password });
    expect(steppedUp.status).toBe(200);

    const details = await client.get(`/api/cards/${offer.id}`);
    expect(details.status).toBe(200);
    expect(details.body.data.card.full_details.cvv).toMatch(/^\d{3}$/);
    expect((await client.post('/api/bill-payments/payees', payee)).status).toBe(201);

    // Another customer's card stays hidden whatever the session proved.
    const other = await signedUpCustomer(bank);
    expect((await other.client.get(`/api/cards/${offer.id}`)).status).toBe(404);
  });

  it('asks for step-up before two-factor is turned on from a session a few minutes old', async () => {
    const { client, payload, user } = await signedUpCustomer(bank);
    await ageStepUp(bank, user.id);
    for (const response of [
      await client.post('/api/two-factor/setup', {}),
      await client.post('/api/two-factor/confirm', { code: '123456' }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('STEP_UP_REQUIRED');
    }
    expect((await client.get('/api/two-factor')).body.data.enabled).toBe(false);

    expect((await client.post('/api/step-up', { password: payload.password })).status).toBe(200);
    const setup = await client.post('/api/two-factor/setup', {});
    expect(setup.status).toBe(200);
    const confirmed = await client.post('/api/two-factor/confirm', {
      code: totpCode(setup.body.data.secret, Date.now()),
    });
    expect(confirmed.status).toBe(200);
  });

  it('ends a sign-in waiting for its code once the password changed', async () => {
    const { client, payload, user, secret } = await customerWithTwoFactor();
    const { response: opened } = await passwordSignIn(user.account_number, payload.password);
    expect(opened.status).toBe(200);
    const challenge: string = opened.body.data.challenge_token;
    expect(challenge).toBeTruthy();
    const changed = await client.post('/api/change-password', {
      current_password: payload.password,
      new_password: 'Another-Long-Pass-42',
      new_password_confirmation: 'Another-Long-Pass-42',
    });
    expect(changed.status).toBe(200);
    const late = await new ApiClient(bank).post('/api/login/two-factor', {
      challenge_token: challenge,
      code: totpCode(secret, Date.now()),
    });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('takes a current authenticator code, and asks again before two-factor is turned off', async () => {
    const { client, payload, user, secret } = await customerWithTwoFactor();
    await ageStepUp(bank, user.id);
    const off = await client.post('/api/two-factor/disable', { password: payload.password });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('STEP_UP_REQUIRED');

    // Step-up takes the app's code only: a wrong one is not told to try a recovery code.
    const wrongCode = await client.post('/api/step-up', { code: '000000' });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.errors.code).toEqual([
      'The code is not correct. Enter the current code from your authenticator app.',
    ]);
    const code = totpCode(secret, Date.now() + 30_000);
    expect((await client.post('/api/step-up', { code })).status).toBe(200);
    const tooLong = await client.post('/api/two-factor/disable', { password: 'p'.repeat(129) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.password).toEqual([
      'The password field must not be greater than 128 characters.',
    ]);
    const wrongPassword = await client.post('/api/two-factor/disable', { password: 'nope-nope' });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors.password).toEqual(['The password is incorrect.']);
    expect((await client.get('/api/two-factor')).body.data.enabled).toBe(true);

    const turnedOff = await client.post('/api/two-factor/disable', { password: payload.password });
    expect(turnedOff.status).toBe(200);
    expect((await client.get('/api/two-factor')).body.data.enabled).toBe(false);
    // Signing in asks for the password only again.
    const account = (await client.get('/api/accounts')).body.data.accounts[0].account_number;
    const signIn = await passwordSignIn(account, payload.password);
    expect(signIn.response.body.data.token).toEqual(expect.any(String));
  });
});

describe('a password asked for again', () => {
  it('counts wrong ones given to turn two-factor off towards the sign-in lockout', async () => {
    const { client, payload, user } = await customerWithTwoFactor();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await client.post('/api/two-factor/disable', { password: `nope-${i}` })).status,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422]);
    // Locked now: the right password is not even checked, and two-factor stays on.
    const right = await client.post('/api/two-factor/disable', { password: payload.password });
    expect(right.status).toBe(423);
    expect((await client.get('/api/two-factor')).body.data.enabled).toBe(true);
    expect((await passwordSignIn(user.account_number, payload.password)).response.status).toBe(423);
  });
});

describe('password strength', () => {
  it('refuses easily guessed passwords at registration and on change, after the length rule', async () => {
    const client = new ApiClient(bank);
    for (const weak of ['password1', '12345678', 'qwertyuiop']) {
      const refused = await client.post(
        '/api/register',
        registrationPayload({ password: weak, password_confirmation: weak }),
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors.password).toEqual([
        'This password is too easy to guess. Use a longer phrase or add unusual words.',
      ]);
    }
    const short = await client.post(
      '/api/register',
      registrationPayload({ password: 'abc', password_confirmation: 'abc' }),
    );
    expect(short.body.errors.password).toEqual(['Password must be at least 8 characters long.']);

    const { client: signedIn, payload } = await signedUpCustomer(bank);
    const change = await signedIn.post('/api/change-password', {
      current_password: payload.password,
      new_password: 'Password1',
      new_password_confirmation: 'Password1',
    });
    expect(change.status).toBe(422);
    expect(change.body.errors.new_password[0]).toMatch(/too easy to guess/);
  });
});

describe('new recovery codes', () => {
  it('asks for step-up, then replaces every earlier code with ten new ones', async () => {
    const { client, payload, user, recoveryCodes } = await customerWithTwoFactor();
    const account: string = user.account_number;
    await ageStepUp(bank, user.id);
    const refused = await client.post('/api/two-factor/recovery-codes', {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');

    expect((await client.post('/api/step-up', { password: payload.password })).status).toBe(200);
    const fresh = await client.post('/api/two-factor/recovery-codes', {});
    expect(fresh.status).toBe(200);
    const codes: string[] = fresh.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await client.get('/api/two-factor')).body.data.recovery_codes_left).toBe(10);

    const old = await passwordSignIn(account, payload.password);
    const withOld = await old.client.post('/api/login/two-factor', {
      challenge_token: old.response.body.data.challenge_token,
      code: recoveryCodes[0],
    });
    expect(withOld.status).toBe(422);
    const withNew = await old.client.post('/api/login/two-factor', {
      challenge_token: old.response.body.data.challenge_token,
      code: codes[0],
    });
    expect(withNew.status).toBe(200);

    // Without two-factor there is nothing to regenerate.
    const plain = await signedUpCustomer(bank);
    expect((await plain.client.post('/api/two-factor/recovery-codes', {})).status).toBe(409);
  });
});

describe('a sign-in racing a password change', () => {
  it('leaves no challenge open for a sign-in that checked the old password', async () => {
    const { client, payload, user } = await customerWithTwoFactor();
    // The change lands after the sign-in checked the old password, before its challenge exists.
    let changed = false;
    const pool = new Proxy(bank.ctx.pool, {
      get(target, key) {
        if (key !== 'query') return Reflect.get(target, key);
        return async (text: unknown, values?: unknown[]) => {
          if (!changed && String(text).includes('INSERT INTO two_factor_challenges')) {
            changed = true;
            const answer = await client.post('/api/change-password', {
              current_password: payload.password,
              new_password: 'Another-Pass-9',
              new_password_confirmation: 'Another-Pass-9',
            });
            expect(answer.status).toBe(200);
          }
          return target.query(text as string, values);
        };
      },
    });
    const signIn = login(
      { ...bank.ctx, pool },
      user.account_number,
      payload.password,
      'Racing browser',
      { deviceToken: undefined, client: '127.0.0.1' },
      { actor: 'anonymous' },
    );
    await expect(signIn).rejects.toMatchObject({ statusCode: 401, code: 'INVALID_CREDENTIALS' });
    expect(changed).toBe(true);
    const open = await bank.pool.query(
      'SELECT count(*)::int AS n FROM two_factor_challenges WHERE customer_id = $1 AND used_at IS NULL',
      [user.id],
    );
    expect(open.rows[0].n).toBe(0);
  });
});
