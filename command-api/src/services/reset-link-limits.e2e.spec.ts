import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_REQUEST_MS } from './auth.ts';
import { RESET_LINK_COOLDOWN_SECONDS, RESET_LINKS_PER_HOUR } from './reset-link-limits.ts';

// Asking for a customer's reset link needs only their account number: whoever asks must not be
// able to cancel the link the customer is about to open, nor send them a link every second.

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank?.stop();
});

const anonymous = () => new ApiClient(bank);

async function ask(accountNumber: string) {
  const started = performance.now();
  const answer = await anonymous().post('/api/forgot-password', { account_number: accountNumber });
  return { status: answer.status, body: answer.body, ms: performance.now() - started };
}

/** The tokens of the customer's links that staff can still deliver, newest first. */
async function liveTokens(accountNumber: string): Promise<string[]> {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  const answer = await ops.get(`/api/ops/password-resets?account_number=${accountNumber}`);
  expect(answer.status).toBe(200);
  return (answer.body.data.password_resets as { reset_link: string | null }[])
    .filter((r) => r.reset_link)
    .map((r) => new URL(r.reset_link!).searchParams.get('token')!);
}

const opens = async (token: string) =>
  (await anonymous().post('/api/reset-password/check', { token })).status === 200;

/** Moves the customer's links back in time, as if they had been asked for that long ago. */
async function age(customerId: string, seconds: number) {
  await bank.pool.query(
    `UPDATE password_resets SET created_at = created_at - make_interval(secs => $2)
     WHERE customer_id = $1`,
    [customerId, seconds],
  );
}

const issued = async (customerId: string) =>
  (
    await bank.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM password_resets WHERE customer_id = $1',
      [customerId],
    )
  ).rows[0]!.n;

describe('asking for a reset link again', () => {
  it('leaves the earlier link working; using either one ends both', async () => {
    const { user } = await signedUpCustomer(bank);
    expect((await ask(user.account_number)).status).toBe(200);
    const [first] = await liveTokens(user.account_number);
    await age(user.id, RESET_LINK_COOLDOWN_SECONDS + 1);
    expect((await ask(user.account_number)).status).toBe(200);
    const live = await liveTokens(user.account_number);
    expect(live).toHaveLength(2);
    const second = live.find((token) => token !== first)!;
    expect(await opens(first!)).toBe(true);
    expect(await opens(second)).toBe(true);

    const reset = await anonymous().post('/api/reset-password', {
      token: first,
      password: 'Brand-New-Pass-1',
      password_confirmation: 'Brand-New-Pass-1',
    });
    expect(reset.status).toBe(200);
    expect(await opens(second)).toBe(false);
    expect(await liveTokens(user.account_number)).toEqual([]);
  });

  it('issues one link a minute and five an hour, answering the rest alike and as slowly', async () => {
    const { user } = await signedUpCustomer(bank);
    const nobody = await ask('100000000001');
    // Seven at once, as the finding sent: one link, seven identical answers.
    const burst = await Promise.all(Array.from({ length: 7 }, () => ask(user.account_number)));
    for (const answer of burst) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(nobody.body);
      expect(answer.ms).toBeGreaterThanOrEqual(RESET_REQUEST_MS - 1);
    }
    expect(await issued(user.id)).toBe(1);
    const [first] = await liveTokens(user.account_number);
    expect(await opens(first!)).toBe(true);

    // A minute on, another; within the hour, no more than five in all.
    for (let n = 2; n <= RESET_LINKS_PER_HOUR + 2; n += 1) {
      await age(user.id, RESET_LINK_COOLDOWN_SECONDS + 1);
      const answer = await ask(user.account_number);
      expect(answer.body).toEqual(nobody.body);
      expect(answer.ms).toBeGreaterThanOrEqual(RESET_REQUEST_MS - 1);
      expect(await issued(user.id)).toBe(Math.min(n, RESET_LINKS_PER_HOUR));
    }
    expect(await liveTokens(user.account_number)).toHaveLength(RESET_LINKS_PER_HOUR);
    expect(await opens(first!)).toBe(true);

    // An hour after the last, a new one is issued again.
    await age(user.id, 3600);
    await ask(user.account_number);
    expect((await liveTokens(user.account_number))[0]).not.toBe(first);
    const newest = (
      await bank.pool.query<{ recent: boolean }>(
        `SELECT max(created_at) > now() - interval '1 minute' AS recent
         FROM password_resets WHERE customer_id = $1`,
        [user.id],
      )
    ).rows[0]!;
    expect(newest.recent).toBe(true);
  });
});
