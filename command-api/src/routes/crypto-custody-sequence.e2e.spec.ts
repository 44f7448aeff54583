import { verifyLog } from '@bank/audit';
import { coinsToUnits } from '@bank/events';
import { Prng } from '@bank/infra/testing';
import { deposit, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customer,
  type Customer,
  expectAsModelled,
  expectRebuildEqualsLive,
  opsClient,
  startMoneyBank,
} from './money-test-helpers.ts';

/**
 * Random sequences of the crypto desk's custody moves: coins bought and sold against checking,
 * withdrawn to outside addresses, and deposits claimed and reviewed by operations, where an
 * approval races a second approval or a rejection. After every step: each customer's dollars and
 * coins are what the acknowledged answers make them, none below zero; the books balance in
 * dollars and in every coin (custody moves with what customers hold, never short of it); and a
 * claim is credited once at most, and only when approved. At the end the auditors' verify finds
 * nothing and the read models equal a rebuild from the log.
 */
const SEED = Number(process.env.CRYPTO_SEED ?? 20261201);
const STEPS = Number(process.env.CRYPTO_STEPS ?? 60);

const COINS = {
  BTC: {
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    txHash: (rng: Prng) => hex(rng, 64),
  },
  ETH: {
    address: '0x1111222233334444555566667777888899990000',
    txHash: (rng: Prng) => `0x${hex(rng, 64)}`,
  },
} as const;
type Coin = keyof typeof COINS;
const SYMBOLS = Object.keys(COINS) as Coin[];

function hex(rng: Prng, length: number) {
  return Array.from({ length }, () => rng.int(0, 15).toString(16)).join('');
}

const units = (text: string) => coinsToUnits(text)!;
const cents = (dollars: number) => Math.round(dollars * 100);
/** Units as coins for a request: 8 decimals, by the digits. */
const coinText = (u: number) => `${Math.trunc(u / 1e8)}.${String(u % 1e8).padStart(8, '0')}`;

let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});

interface Claim {
  id: string;
  owner: Customer;
  symbol: Coin;
  units: number;
}

type Reply = { status: number; body: any };

class Sequence {
  /** Cents on each checking account. */
  readonly dollars = new Map<string, number>();
  /** "customerId|symbol" → coin units held. */
  readonly coins = new Map<string, number>();
  readonly customers: Customer[] = [];
  readonly claims: Claim[] = [];
  /** Deposit id → approved or rejected. */
  readonly reviewed = new Map<string, string>();
  /** Custody less what customers hold, per coin, as the books stood at the start. */
  readonly margin = new Map<string, bigint>();

  constructor(readonly rng: Prng) {}

  private held(c: Customer, symbol: Coin) {
    return this.coins.get(`${c.id}|${symbol}`) ?? 0;
  }

  private addCoins(c: Customer, symbol: Coin, delta: number) {
    this.coins.set(`${c.id}|${symbol}`, this.held(c, symbol) + delta);
  }

  async setUp() {
    for (let i = 0; i < 3; i += 1) {
      const c = await customer(bank, `Crypto ${this.rng.seed} ${i}`, 5_000);
      this.customers.push(c);
      this.dollars.set(c.checking.id, 5_000_00);
    }
    for (const { symbol, customer_units, custody_units } of await this.books()) {
      this.margin.set(symbol, BigInt(custody_units) - BigInt(customer_units));
    }
    this.startUnits = new Map(
      (await this.books()).map((b) => [b.symbol, BigInt(b.customer_units)]),
    );
  }

  private startUnits = new Map<string, bigint>();

  private async books() {
    const body = (await opsClient(bank).get('/api/ops/ledger')).body.data as {
      crypto: { symbol: string; customer_units: string; custody_units: string }[];
    };
    return body.crypto;
  }

  async step(): Promise<string> {
    const kind = this.rng.weighted([
      ['buy', 4],
      ['sell', 3],
      ['withdraw', 2],
      ['sell-beside-withdraw', 2],
      ['claim', 2],
      ['approve', 2],
      ['reject', 1],
      ['approve-twice', 1],
      ['approve-and-reject', 2],
      ['deposit', 1],
    ] as const);
    const c = this.rng.pick(this.customers);
    const symbol = this.rng.pick(SYMBOLS);
    switch (kind) {
      case 'deposit': {
        const amount = this.rng.int(100_00, 2_000_00);
        expect((await deposit(bank, c.checking.account_number, amount / 100)).status).toBe(201);
        this.dollars.set(c.checking.id, this.dollars.get(c.checking.id)! + amount);
        return `deposit ${amount}`;
      }
      case 'buy': {
        const amount = this.rng.int(10_00, 900_00);
        const bought = await c.client.post(
          '/api/crypto/buy',
          { symbol, amount_usd: amount / 100, bank_account_id: c.checking.id },
          { 'idempotency-key': this.rng.key() },
        );
        if (bought.status !== 201) return this.refused(`buy ${symbol} ${amount}`, bought);
        const t = bought.body.data.transaction;
        this.dollars.set(c.checking.id, this.dollars.get(c.checking.id)! - cents(t.total_value));
        this.addCoins(c, symbol, units(t.crypto_amount_exact));
        return `buy ${symbol} ${amount}: ${t.crypto_amount_exact}`;
      }
      case 'sell':
      case 'withdraw': {
        const held = this.held(c, symbol);
        // Sometimes more than held: refused, changing nothing.
        const ask = this.rng.chance(0.15) ? held + 100_000 : this.rng.int(100_000, held || 100_000);
        const sent = await c.client.post(
          kind === 'sell' ? '/api/crypto/sell' : '/api/crypto/withdraw',
          kind === 'sell'
            ? { symbol, crypto_amount: coinText(ask), bank_account_id: c.checking.id }
            : { symbol, amount: coinText(ask), to_address: COINS[symbol].address },
          { 'idempotency-key': this.rng.key() },
        );
        if (sent.status !== 201) {
          return this.refused(`${kind} ${symbol} ${coinText(ask)} of ${coinText(held)}`, sent);
        }
        const t = sent.body.data.transaction;
        expect(units(t.crypto_amount_exact)).toBe(ask);
        expect(ask, `${kind} beyond the coins held`).toBeLessThanOrEqual(held);
        this.addCoins(c, symbol, -ask);
        if (kind === 'sell') {
          this.dollars.set(c.checking.id, this.dollars.get(c.checking.id)! + cents(t.total_value));
        }
        return `${kind} ${symbol} ${t.crypto_amount_exact}`;
      }
      case 'sell-beside-withdraw': {
        // Each alone fits the coins held; both together may not: at most what is held leaves.
        const held = this.held(c, symbol);
        if (held < 200_000) return `${kind}: too few ${symbol}`;
        const [sellAsk, withdrawAsk] = [0, 1].map(() => this.rng.int(100_000, held));
        const [sold, withdrawn] = await Promise.all([
          c.client.post(
            '/api/crypto/sell',
            { symbol, crypto_amount: coinText(sellAsk!), bank_account_id: c.checking.id },
            { 'idempotency-key': this.rng.key() },
          ),
          c.client.post(
            '/api/crypto/withdraw',
            { symbol, amount: coinText(withdrawAsk!), to_address: COINS[symbol].address },
            { 'idempotency-key': this.rng.key() },
          ),
        ]);
        let taken = 0;
        for (const [answer, ask] of [
          [sold, sellAsk!],
          [withdrawn, withdrawAsk!],
        ] as const) {
          if (answer.status !== 201) {
            this.refused(`${kind} ${symbol}`, answer);
            continue;
          }
          taken += ask;
          this.addCoins(c, symbol, -ask);
          if (answer === sold) {
            const net = cents(answer.body.data.transaction.total_value);
            this.dollars.set(c.checking.id, this.dollars.get(c.checking.id)! + net);
          }
        }
        expect(taken, `${kind}: ${coinText(taken)} of ${coinText(held)} left`).toBeLessThanOrEqual(
          held,
        );
        return `${kind} ${symbol} ${coinText(sellAsk!)} + ${coinText(withdrawAsk!)} of ${coinText(held)}: ${sold.status}/${withdrawn.status}`;
      }
      case 'claim': {
        const ask = this.rng.int(100_000, 5_000_000);
        const sent = await c.client.post(
          '/api/crypto/deposit',
          {
            symbol,
            amount: coinText(ask),
            tx_hash: COINS[symbol].txHash(this.rng),
            from_address: COINS[symbol].address,
          },
          { 'idempotency-key': this.rng.key() },
        );
        if (sent.status !== 201) return this.refused(`claim ${symbol} ${coinText(ask)}`, sent);
        const id = sent.body.data.transaction.id as string;
        this.claims.push({ id, owner: c, symbol, units: ask });
        return `claim ${symbol} ${coinText(ask)}: ${id}`;
      }
      default: {
        if (this.claims.length === 0) return `${kind}: no claim`;
        const claim = this.rng.pick(this.claims);
        const decisions =
          kind === 'approve'
            ? ['approve']
            : kind === 'reject'
              ? ['reject']
              : kind === 'approve-twice'
                ? ['approve', 'approve']
                : ['approve', 'reject'];
        const answers = await Promise.all(decisions.map((d) => this.review(claim, d)));
        const won = answers.flatMap((a, i) => (a.status === 200 ? [decisions[i]!] : []));
        for (const a of answers) {
          if (a.status !== 200) expect(a.status, JSON.stringify(a.body)).toBe(409);
        }
        const before = this.reviewed.get(claim.id);
        expect(won.length, `${kind} of ${claim.id}: ${answers.map((a) => a.status)}`).toBe(
          before ? 0 : 1,
        );
        if (!before) {
          this.reviewed.set(claim.id, won[0]!);
          if (won[0] === 'approve') this.addCoins(claim.owner, claim.symbol, claim.units);
        }
        return `${kind} ${claim.id.slice(0, 8)}: ${this.reviewed.get(claim.id)}`;
      }
    }
  }

  private review(claim: Claim, decision: string): Promise<Reply> {
    return opsClient(bank).post(
      `/api/ops/crypto-deposits/${claim.id}/${decision}`,
      decision === 'reject' ? { reason: 'Not found on the network' } : {},
    );
  }

  private refused(what: string, answer: Reply) {
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    return `${what}: refused ${answer.status} ${answer.body.message}`;
  }

  async check(where: string) {
    await expectAsModelled(
      bank,
      this.customers,
      (id) => {
        const c = this.dollars.get(id);
        return c === undefined ? undefined : { balance: c, available: c };
      },
      where,
    );
    for (const c of this.customers) {
      const shown = (await c.client.get('/api/crypto/portfolio')).body.data.portfolio as {
        symbol: Coin;
        balance_exact: string;
      }[];
      for (const symbol of SYMBOLS) {
        const line = shown.find((p) => p.symbol === symbol);
        expect(line ? units(line.balance_exact) : 0, `${where}: ${c.name} ${symbol}`).toBe(
          this.held(c, symbol),
        );
      }
    }
    for (const { symbol, customer_units, custody_units } of await this.books()) {
      if (!(symbol in COINS)) continue;
      const modelled = this.customers.reduce((sum, c) => sum + this.held(c, symbol as Coin), 0);
      expect(BigInt(customer_units), `${where}: customers' ${symbol}`).toBe(
        (this.startUnits.get(symbol) ?? 0n) + BigInt(modelled),
      );
      // Custody moves by exactly what customers' holdings do.
      expect(BigInt(custody_units) - BigInt(customer_units), `${where}: ${symbol} custody`).toBe(
        this.margin.get(symbol) ?? 0n,
      );
    }
  }
}

describe('random sequences of crypto custody moves', () => {
  for (const seed of [SEED, SEED + 1]) {
    it(
      `keeps every coin booked against custody and credits each claim once (seed ${seed})`,
      { timeout: 240_000 },
      async () => {
        const sequence = new Sequence(new Prng(seed));
        await sequence.setUp();
        for (let i = 0; i < STEPS; i += 1) {
          const what = await sequence.step();
          if (process.env.CRYPTO_LOG) console.log(what);
          await sequence.check(`seed ${seed} step ${i} (${what})`);
        }
        expect([...sequence.reviewed.values()]).toContain('approve');
        expect((await verifyLog(bank.pool)).findings).toEqual([]);
        await expectRebuildEqualsLive(bank, ['accounts', 'transactions', 'crypto', 'money-limits']);
      },
    );
  }
});
