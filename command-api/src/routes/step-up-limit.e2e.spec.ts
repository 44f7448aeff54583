import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { STEP_UP_FAILURES_ALLOWED, STEP_UP_FAILURES_MINUTES } from '@bank/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The step-up's own limit: a session may give a few wrong passwords in a row, then waits. */
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

const TOO_MANY = `Too many incorrect attempts. Please try again in ${STEP_UP_FAILURES_MINUTES} minutes.`;

/** A customer signed in from their own browser, which the bank now knows (a trusted device). */
async function signedInBrowser() {
  const { payload, user } = await signedUpCustomer(bank);
  const browser = new ApiClient(bank);
  const right = { account_number: user.account_number, password: payload.password };
  const signedIn = await browser.post('/api/login', right);
  expect(signedIn.status).toBe(200);
  browser.token = signedIn.body.data.token;
  const cookie = { cookie: signedIn.headers['set-cookie']!.split(';')[0]! };
  return { browser, cookie, user, password: payload.password };
}

/** A step-up sent from an address of its own, as a session used from many places would. */
function stepUpFrom(client: ApiClient, address: string, password: string, cookie = {}) {
  return bank.app.inject({
    method: 'POST',
    url: '/api/step-up',
    remoteAddress: address,
    headers: {
      authorization: `Bearer ${client.token}`,
      'content-type': 'application/json',
      ...cookie,
    },
    payload: JSON.stringify({ password }),
  });
}

describe('wrong step-ups per session', () => {
  it('checks at most five of the guesses a session sends at once from many addresses', async () => {
    const { browser } = await signedInBrowser();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        stepUpFrom(browser, `198.51.100.${i + 1}`, `Wrong-password-${i}`),
      ),
    );
    // Checked: told the password is wrong, or (the one that spent the account's allowance) locked.
    const checked = burst.filter((r) => r.statusCode === 422 || r.statusCode === 423);
    expect(checked.length).toBeLessThanOrEqual(STEP_UP_FAILURES_ALLOWED);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(20 - STEP_UP_FAILURES_ALLOWED);
    for (const r of refused) {
      expect(r.json()).toMatchObject({
        status: 'error',
        code: 'RATE_LIMITED',
        message: TOO_MANY,
        errors: { password: [TOO_MANY] },
      });
    }
  });

  it('refuses a sixth wrong step-up in a row unchecked, even where the sign-in lockout would not, and the right one after it until the wait is over', async () => {
    const { browser, cookie, user, password } = await signedInBrowser();
    // Five wrong through the browser's own count: the browser is locked, the account is not.
    for (let i = 0; i < STEP_UP_FAILURES_ALLOWED - 1; i += 1) {
      expect((await browser.post('/api/step-up', { password: `Wrong-${i}` }, cookie)).status).toBe(
        422,
      );
    }
    expect((await browser.post('/api/step-up', { password: 'Wrong-4' }, cookie)).status).toBe(423);
    // Without the browser's cookie the account's own count would have five more to give.
    const sixth = await browser.post('/api/step-up', { password: 'Wrong-5' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY });
    expect(sixth.body.errors).toEqual({ password: [TOO_MANY] });
    const right = await browser.post('/api/step-up', { password });
    expect(right.status).toBe(429);

    // The limit is the session's: another session of the customer steps up at once.
    const other = new ApiClient(bank);
    const signedIn = await other.post('/api/login', {
      account_number: user.account_number,
      password,
    });
    expect(signedIn.status).toBe(200);
    other.token = signedIn.body.data.token;
    expect((await other.post('/api/step-up', { password })).status).toBe(200);

    // Once the last counted wrong one is older than the window, the session may try again, and a
    // right step-up starts its count afresh.
    await bank.ownerPool.query(
      `UPDATE sessions SET step_up_failed_at = now() - make_interval(mins => $2)
       WHERE customer_id = $1 AND step_up_failures > 0`,
      [user.id, STEP_UP_FAILURES_MINUTES + 1],
    );
    expect((await browser.post('/api/step-up', { password })).status).toBe(200);
    const { rows } = await bank.ownerPool.query<{ step_up_failures: number }>(
      'SELECT step_up_failures FROM sessions WHERE customer_id = $1',
      [user.id],
    );
    expect(rows.map((r) => r.step_up_failures)).toEqual(rows.map(() => 0));
  });
});

describe('a right step-up and the sign-in lockout', () => {
  it.each([
    ['the account number', false],
    ['the trusted browser', true],
  ])(
    'forgets the wrong passwords before it, counted against %s, as a right sign-in does',
    async (_counted, withCookie) => {
      const { browser, cookie, user, password } = await signedInBrowser();
      const from = withCookie ? cookie : {};
      for (let i = 0; i < 4; i += 1) {
        const wrong = await browser.post('/api/step-up', { password: `Wrong-${i}` }, from);
        expect(wrong.status).toBe(422);
      }
      expect((await browser.post('/api/step-up', { password }, from)).status).toBe(200);
      // One typo after it is the first of a new run, not the fifth of the old one.
      expect((await browser.post('/api/step-up', { password: 'Wrong-4' }, from)).status).toBe(422);
      const right = { account_number: user.account_number, password };
      expect((await new ApiClient(bank).post('/api/login', right, from)).status).toBe(200);
    },
  );
});
