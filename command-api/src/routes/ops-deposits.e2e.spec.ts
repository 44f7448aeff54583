import { startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, customer, ledger, opsClient } from './money-test-helpers.ts';

/** Teller deposits run in the money pipeline: a retried deposit under one key posts once. */
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

describe('ops deposits', () => {
  it('posts once for the same Idempotency-Key, fifty at once, with the stored answer', async () => {
    const c = await customer(bank, 'Cash Depositor');
    const ops = opsClient(bank);
    const body = { account_number: c.checking.account_number, amount: 250, description: 'Cash' };
    const headers = { 'idempotency-key': `teller-${c.id}` };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => ops.post('/api/ops/deposits', body, headers)),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.data.reference_number)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 250, available: 250 });

    const other = await ops.post('/api/ops/deposits', { ...body, amount: 300 }, headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 250, available: 250 });
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('posts the same deposit sent again without a key once, thirty at once or one after another', async () => {
    const c = await customer(bank, 'Twice Told');
    const ops = opsClient(bank);
    const body = {
      account_number: c.checking.account_number,
      amount: 1234.56,
      description: 'Check 1002',
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => ops.post('/api/ops/deposits', body)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([409]));
    expect(new Set(refused.map((a) => a.body.code))).toEqual(new Set(['DUPLICATE_TRANSACTION']));
    // A teller who runs the same deposit again after a timeout is told, and nothing is posted.
    const again = await ops.post('/api/ops/deposits', body);
    expect(again.status).toBe(409);
    // Another deposit of the same account, or this one under a key of its own, is posted.
    const other = await ops.post('/api/ops/deposits', { ...body, description: 'Check 1003' });
    expect(other.status).toBe(201);
    const keyed = await ops.post('/api/ops/deposits', body, { 'idempotency-key': `check-${c.id}` });
    expect(keyed.status).toBe(201);
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 3703.68, available: 3703.68 });
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('refuses a bad amount or account with a 4xx and posts nothing', async () => {
    const c = await customer(bank, 'Careful Teller');
    const ops = opsClient(bank);
    const bad = [
      { account_number: c.checking.account_number, amount: 0 },
      { account_number: c.checking.account_number, amount: 10.005 },
      { account_number: c.checking.account_number, amount: 10_000_000.01 },
      { account_number: '000000000000', amount: 10 },
    ];
    for (const body of bad) {
      const response = await ops.post('/api/ops/deposits', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 0, available: 0 });
  });
});
