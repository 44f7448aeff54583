import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { opsClient } from './money-test-helpers.ts';

const bank: TestBank = await startTestBank();
afterAll(() => bank.stop());
const ops = opsClient(bank);

interface OutboxRow {
  account_number: string | null;
}

/** Live messages for customers nobody called about, newer than the one staff look for. */
async function flood(table: 'password_resets' | 'zelle_claim_codes') {
  await bank.pool.query(
    table === 'password_resets'
      ? `INSERT INTO password_resets (token_hash, customer_id, expires_at)
         SELECT sha256(gen_random_uuid()::text::bytea), gen_random_uuid(), now() + interval '1 hour'
         FROM generate_series(1, 150)`
      : `INSERT INTO zelle_claim_codes (code_id, customer_id, contact_kind, code_hash, expires_at)
         SELECT gen_random_uuid(), gen_random_uuid(), 'email', 'flood', now() + interval '15 minutes'
         FROM generate_series(1, 150)`,
  );
}

describe('the staff outboxes, for the customer on the phone', () => {
  it('finds a customer’s reset link by their account number, however many others wait', async () => {
    const { user } = await signedUpCustomer(bank);
    const other = await signedUpCustomer(bank);
    for (const who of [user, other.user]) {
      const asked = await new ApiClient(bank).post('/api/forgot-password', {
        account_number: who.account_number,
      });
      expect(asked.status).toBe(200);
    }
    await flood('password_resets');

    const everyone = (await ops.get('/api/ops/password-resets')).body.data.password_resets;
    expect(everyone).toHaveLength(100);
    expect(everyone.map((r: OutboxRow) => r.account_number)).not.toContain(user.account_number);

    const theirs = await ops.get(`/api/ops/password-resets?account_number=${user.account_number}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.password_resets).toEqual([
      expect.objectContaining({
        account_number: user.account_number,
        reset_link: expect.stringContaining('token='),
      }),
    ]);
  });

  it('finds a customer’s Zelle claim code by their account number, however many others wait', async () => {
    const { client, user } = await signedUpCustomer(bank, {}, { proveContacts: false });
    expect((await client.post('/api/zelle/claims/code', { kind: 'email' })).status).toBe(201);
    await flood('zelle_claim_codes');

    const everyone = (await ops.get('/api/ops/zelle-claim-codes')).body.data.zelle_claim_codes;
    expect(everyone.map((r: OutboxRow) => r.account_number)).not.toContain(user.account_number);

    const theirs = await ops.get(
      `/api/ops/zelle-claim-codes?account_number=${user.account_number}`,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.zelle_claim_codes).toEqual([
      expect.objectContaining({
        account_number: user.account_number,
        message: expect.stringMatching(/\d{6}/),
      }),
    ]);
  });

  it('says plainly when the number is malformed or names no customer', async () => {
    for (const outbox of ['password-resets', 'zelle-claim-codes']) {
      for (const [number, message] of [
        ['12345', 'The account number must be exactly 12 digits.'],
        ['12345678901x', 'The account number must be exactly 12 digits.'],
        ['000000000000', 'No customer signs in with this account number.'],
      ] as const) {
        const answer = await ops.get(`/api/ops/${outbox}?account_number=${number}`);
        expect(answer.status, `${outbox} ${number}`).toBe(422);
        expect(answer.body.errors.account_number).toEqual([message]);
      }
    }
  });
});
