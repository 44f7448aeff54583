import { randomBytes } from 'node:crypto';
import type { TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandBus } from '../kernel/command-bus.ts';
import { submitDeposit } from '../services/crypto-deposits.ts';
import { customer, opsClient, startMoneyBank, type Customer } from './money-test-helpers.ts';

/**
 * What a withdrawal is sent to, and which claims a transaction hash: a withdrawal cannot be
 * undone, so an address whose checksum fails (a typo) is refused before coins move; and only a
 * claim waiting for review or approved keeps its hash, so a rejected one (a mistyped amount, a
 * squatter) does not lock the sender out of their own transaction.
 */
let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});

const DUPLICATE_TX = 'This transaction hash has already been submitted.';

async function holdings(c: Customer): Promise<Record<string, string>> {
  const data = (await c.client.get('/api/crypto/portfolio')).body.data;
  return Object.fromEntries(
    (
      data.portfolio as { symbol: string; balance_exact: string; pending_balance_exact: string }[]
    ).map((p) => [p.symbol, `${p.balance_exact}/${p.pending_balance_exact}`]),
  );
}

/** Coins in the bank's custody, per symbol, as operations' ledger reports them. */
async function custody(): Promise<Record<string, string>> {
  const coins = (await opsClient(bank).get('/api/ops/ledger')).body.data.crypto as {
    symbol: string;
    custody_units: string;
  }[];
  return Object.fromEntries(coins.map((c) => [c.symbol, c.custody_units]));
}

async function buying(c: Customer, symbol: string, dollars: number) {
  const bought = await c.client.post('/api/crypto/buy', {
    symbol,
    amount_usd: dollars,
    bank_account_id: c.checking.id,
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  c.client.consistencyToken = bought.headers['x-consistency-token'];
}

describe('withdrawal addresses', () => {
  it('refuses an address whose checksum fails, and moves nothing; the same address typed right is sent', async () => {
    const c = await customer(bank, 'Checksum', 3_000);
    await buying(c, 'BTC', 1_000);
    await buying(c, 'ETH', 1_000);
    await buying(c, 'DOGE', 500);
    const withdraw = (symbol: string, amount: string, to_address: string) =>
      c.client.post(
        '/api/crypto/withdraw',
        { symbol, amount, to_address },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
    // Each a published address with one character changed (the last, or a letter's case).
    const typos = [
      ['BTC', '0.002', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx', 'Bitcoin'],
      ['DOGE', '2', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7M', 'Dogecoin'],
      ['ETH', '0.011', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'Ethereum (ERC20)'],
    ] as const;
    const heldBefore = await holdings(c);
    const custodyBefore = await custody();
    for (const [symbol, amount, address, label] of typos) {
      const refused = await withdraw(symbol, amount, address);
      expect(refused.status, address).toBe(422);
      expect(refused.body.errors.to_address).toEqual([`This is not a valid ${label} address.`]);
    }
    expect(await holdings(c)).toEqual(heldBefore);
    expect(await custody()).toEqual(custodyBefore);
    const history = (await c.client.get('/api/crypto/transactions?type=withdraw')).body.data;
    expect(history.transactions).toEqual([]);

    for (const [symbol, amount, address] of [
      ['BTC', '0.002', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
      ['DOGE', '2', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
      ['ETH', '0.011', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ] as const) {
      const sent = await withdraw(symbol, amount, address);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
  });

  it('refuses a withdrawal to the customer’s own deposit address, in any spelling, and moves nothing', async () => {
    const c = await customer(bank, 'Roundtrip', 2_000);
    await buying(c, 'BTC', 1_000);
    await buying(c, 'ETH', 500);
    const methods = (await c.client.get('/api/crypto/deposit-methods')).body.data.deposit_methods;
    const own = (symbol: string) =>
      (methods as { symbol: string; address: string }[]).find((m) => m.symbol === symbol)!.address;
    const before = await holdings(c);
    for (const [symbol, amount, address] of [
      ['BTC', '0.002', own('BTC')],
      ['BTC', '0.002', own('BTC').toUpperCase()],
      ['ETH', '0.011', own('ETH').toLowerCase()],
    ] as const) {
      const refused = await c.client.post(
        '/api/crypto/withdraw',
        { symbol, amount, to_address: address },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      expect(refused.status, address).toBe(422);
      expect(refused.body.errors.to_address).toEqual([
        'This is your own deposit address at this bank: coins sent there are already in your wallet.',
      ]);
    }
    expect(await holdings(c)).toEqual(before);
  });

  it('refuses a withdrawal that would deliver less than the minimum after the network fee', async () => {
    const c = await customer(bank, 'Dust', 1_000);
    await buying(c, 'DOGE', 500);
    const before = await holdings(c);
    const withdraw = (amount: string) =>
      c.client.post(
        '/api/crypto/withdraw',
        { symbol: 'DOGE', amount, to_address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
    const dust = await withdraw('1.00000001');
    expect(dust.status).toBe(422);
    expect(dust.body.errors.amount).toEqual([
      'The minimum withdrawal is 0.001. The network fee of 1.00000000 DOGE is deducted first: please withdraw at least 1.00100000 DOGE.',
    ]);
    expect(await holdings(c)).toEqual(before);
    const least = await withdraw('1.001');
    expect(least.status, JSON.stringify(least.body)).toBe(201);
    expect(least.body.data.transaction.amount_received).toBe(0.001);
  });
});

describe('claims of a transaction hash', () => {
  const txHash = () => `0x${randomBytes(32).toString('hex')}`;
  const claim = (c: Customer, hash: string, amount: number | string = 0.5) =>
    c.client.post(
      '/api/crypto/deposit',
      {
        symbol: 'ETH',
        amount,
        tx_hash: hash,
        from_address: '0x1111222233334444555566667777888899990000',
      },
      { 'Idempotency-Key': crypto.randomUUID() },
    );

  async function review(c: Customer, depositId: string, decision: 'approve' | 'reject') {
    const reviewed = await opsClient(bank).post(
      `/api/ops/crypto-deposits/${depositId}/${decision}`,
      decision === 'reject' ? { reason: 'Not found on the network as claimed.' } : undefined,
    );
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    c.client.consistencyToken = reviewed.headers['x-consistency-token'];
  }

  const expectDuplicate = (response: { status: number; body: any }) => {
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.errors.tx_hash).toEqual([DUPLICATE_TX]);
  };

  it('a claim rejected for a mistyped amount frees its hash: the corrected claim is credited, once', async () => {
    const c = await customer(bank, 'Corrected');
    const hash = txHash();
    const mistyped = await claim(c, hash, 5);
    expect(mistyped.status).toBe(201);
    expectDuplicate(await claim(c, hash, 0.5)); // still waiting for review
    await review(c, mistyped.body.data.transaction.id, 'reject');

    const corrected = await claim(c, hash, 0.5);
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expectDuplicate(await claim(c, hash, 0.5)); // one waiting claim at a time
    await review(c, corrected.body.data.transaction.id, 'approve');
    expect(await holdings(c)).toEqual({ ETH: '0.50000000/0.00000000' });
    // Approved: the hash is spent for good, for the customer and for anyone else.
    expectDuplicate(await claim(c, hash, 0.5));
    expectDuplicate(await claim(await customer(bank, 'Latecomer'), hash, 0.5));
    expect(await holdings(c)).toEqual({ ETH: '0.50000000/0.00000000' });
  });

  it("a squatter's rejected claim does not block the real sender", async () => {
    const squatter = await customer(bank, 'Squatter');
    const sender = await customer(bank, 'Sender');
    const hash = txHash();
    const squatted = await claim(squatter, hash);
    expect(squatted.status).toBe(201);
    expectDuplicate(await claim(sender, hash));
    await review(squatter, squatted.body.data.transaction.id, 'reject');
    const real = await claim(sender, hash);
    expect(real.status, JSON.stringify(real.body)).toBe(201);
    await review(sender, real.body.data.transaction.id, 'approve');
    expect(await holdings(sender)).toEqual({ ETH: '0.50000000/0.00000000' });
    expect((await holdings(squatter)).ETH ?? 'none').toMatch(/^(none|0\.00000000\/0\.00000000)$/);
  });

  it('of ten claims of a freed hash at once, one is accepted', async () => {
    const first = await customer(bank, 'First');
    const hash = txHash();
    const rejected = await claim(first, hash);
    expect(rejected.status).toBe(201);
    await review(first, rejected.body.data.transaction.id, 'reject');

    const claimants = await Promise.all(
      Array.from({ length: 10 }, (_, i) => customer(bank, `Racer ${i}`)),
    );
    const answers = await Promise.all(claimants.map((c) => claim(c, hash)));
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted, JSON.stringify(answers.map((a) => a.status))).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) expectDuplicate(answer);

    const ops = opsClient(bank);
    ops.consistencyToken = accepted[0]!.headers['x-consistency-token'];
    const queue = (await ops.get('/api/ops/crypto-deposits')).body.data.crypto_deposits as {
      id: string;
      tx_hash: string;
    }[];
    expect(queue.filter((d) => d.tx_hash === hash).map((d) => d.id)).toEqual([
      accepted[0]!.body.data.transaction.id,
    ]);
  });

  it('of claims of a freed hash by two command processes at once, one is accepted', async () => {
    const first = await customer(bank, 'Freed');
    const hash = txHash();
    const rejected = await claim(first, hash);
    await review(first, rejected.body.data.transaction.id, 'reject');
    // Two buses with their own state caches and no in-process queue, as two API processes would
    // have: only the expected version of the hash's stream stands between their claims.
    const processes = [0, 1].map(() => ({ ...bank.ctx, bus: createCommandBus(bank.store) }));
    const claimants = await Promise.all(
      Array.from({ length: 10 }, (_, i) => customer(bank, `Process racer ${i}`)),
    );
    const outcomes = await Promise.all(
      claimants.map((c, i) =>
        submitDeposit(
          processes[i % 2]!,
          { customerId: c.id, key: crypto.randomUUID(), requestHash: `claim-${i}` },
          {
            symbol: 'ETH',
            units: 50_000_000,
            txHash: hash,
            fromAddress: '0x1111222233334444555566667777888899990000',
          },
          { actor: 'test' },
        ).then(
          () => 'accepted',
          (error: unknown) => (error as Error).message,
        ),
      ),
    );
    expect(
      outcomes.filter((o) => o === 'accepted'),
      JSON.stringify(outcomes),
    ).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => o !== 'accepted'))).toEqual(new Set([DUPLICATE_TX]));
  });
});
