import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { AccountCredited, CryptoDepositConfirmed } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';
import { runAudit } from './audit-commands.ts';

let bank: TestBank;

async function verify() {
  await bank.runner.catchUp();
  const lines: string[] = [];
  const code = await runAudit(bank.pool, ['verify'], {
    out: (line) => lines.push(line),
    err: new PassThrough(),
  });
  return { code, out: lines.join('\n') };
}

async function opsLedger() {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  await bank.runner.catchUp();
  return (await ops.get('/api/ops/ledger')).body.data as {
    balanced: boolean;
    breaks: { kind: string; message: string }[];
    crypto: { symbol: string; customer_coins: string; custody_coins: string }[];
  };
}

/** Appends events through the real event store, hash chain and all, as a faulty path would. */
async function forge(
  stream: string,
  event: { type: string; data: unknown; schemaVersion: number },
) {
  await bank.ctx.bus.execute({ actor: 'intruder' }, async (uow) => {
    uow.appendAny(stream, [event]);
  });
}

let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
let checking: string;

beforeAll(async () => {
  bank = await startTestBank();
  customer = await signedUpCustomer(bank);
  checking = customer.accounts[0]!.id;
  const funded = await deposit(bank, customer.accounts[0]!.account_number, 5_000);
  customer.client.consistencyToken = funded.headers['x-consistency-token'];
  // Honest business: a purchase, an approved deposit claim, a withdrawal.
  const c = customer.client;
  expect(
    (
      await c.post('/api/crypto/buy', {
        symbol: 'BTC',
        amount_usd: 1_000,
        bank_account_id: checking,
      })
    ).status,
  ).toBe(201);
  const claim = await c.post('/api/crypto/deposit', {
    symbol: 'ETH',
    amount: 2,
    tx_hash: `0x${'5e'.repeat(32)}`,
    from_address: '0x1111222233334444555566667777888899990000',
  });
  expect(claim.status).toBe(201);
  await bank.runner.catchUp();
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  expect(
    (await ops.post(`/api/ops/crypto-deposits/${claim.body.data.transaction.id}/approve`)).status,
  ).toBe(200);
  expect(
    (
      await c.post('/api/crypto/withdraw', {
        symbol: 'ETH',
        amount: 0.5,
        to_address: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd',
      })
    ).status,
  ).toBe(201);
  await bank.runner.catchUp();
}, 120_000);
afterAll(() => bank?.stop());

describe('the crypto books', () => {
  it('pass verify and the ops ledger when every coin is backed by custody', async () => {
    const result = await verify();
    expect(result.out).toMatch(/: 0 findings;/);
    expect(result.code).toBe(0);
    const ledger = await opsLedger();
    expect(ledger.breaks).toEqual([]);
    expect(ledger.balanced).toBe(true);
    const eth = ledger.crypto.find((c) => c.symbol === 'ETH')!;
    expect(eth).toMatchObject({ customer_coins: '1.50000000', custody_coins: '1.50000000' });
  });

  it('report coins credited without custody, even when sold for real dollars', async () => {
    // A confirmation no review approved: correctly hashed, but nothing came into custody.
    await forge(
      `crypto-wallet-${customer.user.id}`,
      CryptoDepositConfirmed.create({
        customerId: customer.user.id,
        depositId: randomUUID(),
        symbol: 'BTC',
        units: 1_000 * 100_000_000,
      }),
    );
    const sold = await customer.client.post('/api/crypto/sell', {
      symbol: 'BTC',
      crypto_amount: 1,
      bank_account_id: checking,
    });
    expect(sold.status).toBe(201);

    const result = await verify();
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /custody_shortfall: BTC: customers hold 999\.\d{8} but custody holds only -?0\.\d{8}/,
    );
    const ledger = await opsLedger();
    expect(ledger.balanced).toBe(false);
    expect(ledger.breaks.map((b) => b.kind)).toContain('custody_shortfall');
  });

  it('report dollars posted against clearing:crypto with no trade behind them, past its bound', async () => {
    await forge(
      `account-${checking}`,
      AccountCredited.create({
        accountId: checking,
        entryId: randomUUID(),
        amount: 65_900_000_000_00,
        description: 'Sold 1,000,050 BTC',
        kind: 'crypto',
        contra: 'clearing:crypto',
        reference: 'CRY-FORGED',
      }),
    );
    const result = await verify();
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/clearing_mismatch: clearing:crypto: account postings give -65900/);
    expect(result.out).toMatch(
      /clearing_out_of_bounds: ledger account clearing:crypto stands at -65900\d+\.\d\d, past its bound/,
    );
    const ledger = await opsLedger();
    expect(ledger.balanced).toBe(false);
    expect(ledger.breaks.map((b) => b.kind)).toContain('clearing_out_of_bounds');
  });
});
