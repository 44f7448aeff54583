import { signedUpCustomer, type ApiClient, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsClient, poll, startMoneyBank, zelleWaitingForNewcomer } from './money-test-helpers.ts';

/** The limits on claim codes: how many a customer may ask for, and how many wrong ones enter. */
let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});

let counter = 0;

/** A payment pending for a fresh email, and the newcomer who enrolls that email. */
function pendingPayment() {
  counter += 1;
  return zelleWaitingForNewcomer(bank, `Limit ${counter}`);
}

/** The outbox messages sent to this email, newest first (blanked once replaced or spent). */
async function outbox(email: string) {
  const codes = (await opsClient(bank).get('/api/ops/zelle-claim-codes')).body.data
    .zelle_claim_codes as { sent_to: string; message: string | null }[];
  return codes.filter((m) => m.sent_to === email).map((m) => m.message);
}

async function liveCode(email: string): Promise<string> {
  const live = (await outbox(email)).find((m) => m !== null) ?? '';
  return /\d{6}/.exec(live)![0];
}

async function storedCodes(customerId: string) {
  const { rows } = await bank.pool.query<{ attempts: number; closed: boolean }>(
    `SELECT attempts, closed_at IS NOT NULL AS closed FROM zelle_claim_codes
     WHERE customer_id = $1 ORDER BY created_at`,
    [customerId],
  );
  return rows;
}

function askCode(client: ApiClient) {
  return client.post('/api/zelle/claims/code', { kind: 'email' });
}

function claim(client: ApiClient, code: string) {
  return client.post('/api/zelle/claims', { kind: 'email', code });
}

const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 1e6).padStart(6, '0');

describe('limits on claim codes', () => {
  it('sends three codes an hour to a contact and refuses a fourth, sending nothing', async () => {
    const { email, newcomer } = await pendingPayment();
    for (let i = 0; i < 3; i += 1) expect((await askCode(newcomer.client)).status).toBe(201);
    const third = await liveCode(email);

    const fourth = await askCode(newcomer.client);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({
      status: 'error',
      message: 'Too many codes requested. Please try again later.',
      code: 'RATE_LIMITED',
      errors: { kind: ['Too many codes requested. Please try again later.'] },
    });
    expect(await storedCodes(newcomer.user.id)).toHaveLength(3);
    expect(await outbox(email)).toEqual([expect.stringContaining(third), null, null]);

    // Once the earliest code is an hour old, one more may be sent, and it claims the money.
    await bank.pool.query(
      `UPDATE zelle_claim_codes SET created_at = created_at - interval '1 hour'
       WHERE code_id = (SELECT code_id FROM zelle_claim_codes WHERE customer_id = $1
                        ORDER BY created_at LIMIT 1)`,
      [newcomer.user.id],
    );
    expect((await askCode(newcomer.client)).status).toBe(201);
    expect(await storedCodes(newcomer.user.id)).toHaveLength(4);
    expect((await claim(newcomer.client, await liveCode(email))).status).toBe(200);
  });

  it('issues at most three codes to twenty racing requests', async () => {
    const { email, newcomer } = await pendingPayment();
    // The table held until all twenty wait on a lock: they race for real, not one after another.
    const holder = await bank.ownerPool.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE zelle_claim_codes IN SHARE ROW EXCLUSIVE MODE');
    const racing = Promise.all(Array.from({ length: 20 }, () => askCode(newcomer.client)));
    try {
      await poll(
        async () =>
          (
            await holder.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted',
            )
          ).rows[0]!.n,
        (n) => n >= 20,
      );
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    const answers = await racing;
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(17).fill(429)]);
    const stored = await storedCodes(newcomer.user.id);
    expect(stored).toHaveLength(3);
    expect(stored.filter((c) => !c.closed)).toHaveLength(1);
    expect((await outbox(email)).filter((m) => m !== null)).toHaveLength(1);
  });

  it('refuses any try, even the right code, and any new code, after ten wrong codes in a day', async () => {
    const { email, newcomer } = await pendingPayment();
    const tooManyWrong = 'Too many wrong codes. Please try again tomorrow.';
    // Nine wrong codes on two codes, then a third code and a tenth wrong one.
    for (const wrong of [5, 4, 1]) {
      expect((await askCode(newcomer.client)).status).toBe(201);
      const code = await liveCode(email);
      for (let i = 0; i < wrong; i += 1) {
        expect((await claim(newcomer.client, wrongFor(code, i))).status).toBe(422);
      }
    }
    expect((await storedCodes(newcomer.user.id)).map((c) => c.attempts)).toEqual([5, 4, 1]);

    const code = await liveCode(email);
    const refused = await claim(newcomer.client, code);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      message: tooManyWrong,
      code: 'RATE_LIMITED',
      errors: { code: [tooManyWrong] },
    });
    // Refused without a look at the code: it took no attempt and stays open.
    expect(await storedCodes(newcomer.user.id)).toEqual([
      { attempts: 5, closed: true },
      { attempts: 4, closed: true },
      { attempts: 1, closed: false },
    ]);

    // An hour on (the codes' hourly limit no longer applies, their wrong codes still count), a
    // new code would be one more message the customer cannot use: none is sent.
    const shift = async (interval: string) =>
      bank.pool.query(
        `UPDATE zelle_claim_codes SET created_at = created_at - $2::interval,
           expires_at = expires_at - $2::interval
         WHERE customer_id = $1`,
        [newcomer.user.id, interval],
      );
    await shift('1 hour');
    const before = await outbox(email);
    const noCode = await askCode(newcomer.client);
    expect(noCode.status).toBe(429);
    expect(noCode.body).toMatchObject({ code: 'RATE_LIMITED', errors: { kind: [tooManyWrong] } });
    expect(await outbox(email)).toEqual(before);
    expect(await storedCodes(newcomer.user.id)).toHaveLength(3);

    // A day after the codes expired (no try on them can be more recent), their wrong codes no
    // longer count: a new code is sent, and it claims the money.
    await shift('1 day');
    expect((await askCode(newcomer.client)).status).toBe(201);
    const claimed = await claim(newcomer.client, await liveCode(email));
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.total).toBe(25);
  });

  it('counts codes and wrong codes per contact too, across the customers who carried it', async () => {
    const { email, newcomer: squatter } = await pendingPayment();
    // Two codes and ten wrong ones, then the squatter moves on to another email.
    for (let round = 0; round < 2; round += 1) {
      expect((await askCode(squatter.client)).status).toBe(201);
      const code = await liveCode(email);
      for (let i = 0; i < 5; i += 1) await claim(squatter.client, wrongFor(code, i));
    }
    const elsewhere = `elsewhere.${Date.now()}.${counter}@example.com`;
    expect((await squatter.client.put('/api/profile', { email: elsewhere })).status).toBe(200);

    // The next customer to register with that email gets no fresh allowance.
    const next = await signedUpCustomer(bank, { email }, { proveContacts: false });
    const refused = await askCode(next.client);
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toEqual({
      kind: ['Too many wrong codes. Please try again tomorrow.'],
    });
    expect(await storedCodes(next.user.id)).toEqual([]);
  });

  it('sends at most three codes an hour to one contact, whoever asks', async () => {
    const { email, newcomer: first } = await pendingPayment();
    for (let i = 0; i < 3; i += 1) expect((await askCode(first.client)).status).toBe(201);
    const elsewhere = `moved.${Date.now()}.${counter}@example.com`;
    expect((await first.client.put('/api/profile', { email: elsewhere })).status).toBe(200);
    const next = await signedUpCustomer(bank, { email }, { proveContacts: false });
    const refused = await askCode(next.client);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many codes requested. Please try again later.');
  });

  it('does not count the right code as a wrong one', async () => {
    const { email, newcomer } = await pendingPayment();
    await askCode(newcomer.client);
    const code = await liveCode(email);
    expect((await claim(newcomer.client, wrongFor(code, 0))).status).toBe(422);
    expect((await claim(newcomer.client, code)).status).toBe(200);
    expect(await storedCodes(newcomer.user.id)).toEqual([{ attempts: 1, closed: true }]);
  });
});
