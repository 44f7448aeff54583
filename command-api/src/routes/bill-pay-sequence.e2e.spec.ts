import { verifyLog } from '@bank/audit';
import { Prng } from '@bank/infra/testing';
import { deposit, type TestBank } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { billPayStreams, runScheduledOccurrence } from '../services/bill-pay.ts';
import { billPayBankForFile } from './bill-pay-test-helpers.ts';
import {
  type Customer,
  customer,
  expectAsModelled,
  expectRebuildEqualsLive,
  plusDays,
  setBillPayDay,
  startMoneyBank,
} from './money-test-helpers.ts';

/**
 * Random sequences of scheduled bill payments: one-off and recurring payments scheduled, edited
 * and cancelled while the days go by, each day's occurrences run by two racing jobs, now and then
 * beside an edit or a cancel of the same payment. Each date of a payment is paid or failed at most
 * once, and only what the log says was paid leaves the account; after every day the books balance
 * and no balance is below zero; at the end the auditors' verify finds nothing and the read models
 * equal a rebuild from the log.
 */
const SEED = Number(process.env.BILL_SEED ?? 20261201);
const DAYS = Number(process.env.BILL_DAYS ?? 45);

let bank: TestBank;
billPayBankForFile((started) => (bank = started), startMoneyBank);

interface Scheduled {
  id: string;
  owner: Customer;
}

class Sequence {
  readonly expected = new Map<string, number>();
  readonly customers: { c: Customer; payeeId: string }[] = [];
  readonly payments: Scheduled[] = [];
  /** "paymentId|date" → paid or failed. */
  readonly handled = new Map<string, string>();
  today = '2031-01-10';

  constructor(readonly rng: Prng) {}

  async setUp() {
    setBillPayDay(this.today);
    for (let i = 0; i < 3; i += 1) {
      const c = await customer(bank, `Bills ${this.rng.seed} ${i}`, 1_200);
      this.expected.set(c.checking.id, 1_200_00);
      this.expected.set(c.savings.id, 0);
      const payee = await c.client.post('/api/bill-payments/payees', {
        name: `Utility ${i}`,
        category: 'utilities',
        account_number: `5500-1234-98${i}${i}`,
      });
      expect(payee.status, JSON.stringify(payee.body)).toBe(201);
      this.customers.push({ c, payeeId: payee.body.data.payee.id });
    }
  }

  private plan(c: Customer) {
    const recurring = this.rng.chance(0.6);
    return {
      from_account_id: c.checking.id,
      amount: this.rng.int(5_00, 400_00) / 100,
      scheduled_date: plusDays(this.today, this.rng.int(1, 12)),
      is_recurring: recurring,
      ...(recurring ? { recurring_frequency: this.rng.pick(['weekly', 'monthly']) } : {}),
    };
  }

  private edit(p: Scheduled) {
    return p.owner.client.put(`/api/bill-payments/scheduled/${p.id}`, this.plan(p.owner));
  }

  private cancel(p: Scheduled) {
    return p.owner.client.delete(`/api/bill-payments/scheduled/${p.id}`);
  }

  async step(): Promise<string> {
    const kind = this.rng.weighted([
      ['schedule', 3],
      ['edit', 1],
      ['cancel', 1],
      ['deposit', 1],
      ['next-day', 4],
    ] as const);
    if (kind === 'schedule') {
      const { c, payeeId } = this.rng.pick(this.customers);
      const made = await c.client.post(
        '/api/bill-payments/schedule',
        // A plan that happens to match one already scheduled is meant all the same: confirmed.
        { payee_id: payeeId, ...this.plan(c), confirm_duplicate: true },
        { 'idempotency-key': this.rng.key() },
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      this.payments.push({ id: made.body.data.payment.id, owner: c });
      return `schedule ${made.body.data.payment.id}`;
    }
    if (kind === 'deposit') {
      const { c } = this.rng.pick(this.customers);
      const amount = this.rng.int(50_00, 500_00);
      expect((await deposit(bank, c.checking.account_number, amount / 100)).status).toBe(201);
      this.expected.set(c.checking.id, this.expected.get(c.checking.id)! + amount);
      return `deposit ${amount}`;
    }
    if (kind === 'edit' || kind === 'cancel') {
      if (this.payments.length === 0) return `${kind}: nothing scheduled`;
      const p = this.rng.pick(this.payments);
      const answer = await (kind === 'edit' ? this.edit(p) : this.cancel(p));
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      return `${kind} ${p.id}: ${answer.status}`;
    }
    // A new day: every payment's job for it runs twice at once, one payment perhaps edited or
    // cancelled as its job runs.
    this.today = plusDays(this.today, 1);
    setBillPayDay(this.today);
    const disturbed = this.payments.length > 0 && this.rng.chance(0.4);
    const target = disturbed ? this.rng.pick(this.payments) : undefined;
    const [runs, answer] = await Promise.all([
      Promise.all(
        this.payments.map((p) =>
          Promise.all([
            runScheduledOccurrence(bank.ctx, p.id, this.today),
            runScheduledOccurrence(bank.ctx, p.id, this.today),
          ]),
        ),
      ),
      target ? (this.rng.chance(0.5) ? this.edit(target) : this.cancel(target)) : undefined,
    ]);
    if (answer) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    const outcomes: string[] = [];
    for (const [i, pair] of runs.entries()) {
      const p = this.payments[i]!;
      const effects = pair.map((r) => r.result).filter((r) => r === 'paid' || r === 'failed');
      expect(effects.length, `${p.id} ${this.today}: ${pair.map((r) => r.result)}`).toBeLessThan(2);
      await this.fromLog(p, effects[0]);
      if (effects[0]) outcomes.push(`${p.id.slice(0, 8)} ${effects[0]}`);
    }
    return `day ${this.today}: ${outcomes.join(', ') || 'nothing due'}${answer ? ` [${answer.status}]` : ''}`;
  }

  /** The occurrence as the log has it, and the money it moved. */
  private async fromLog(p: Scheduled, outcome: string | undefined) {
    const events = await bank.store.readStream(
      billPayStreams.occurrence('scheduled', p.id, this.today),
    );
    const handled = events.filter(
      (e) => e.type === 'BillPaymentPaid' || e.type === 'BillPaymentFailed',
    );
    expect(handled.map((e) => e.type)).toEqual(
      outcome === 'paid' ? ['BillPaymentPaid'] : outcome === 'failed' ? ['BillPaymentFailed'] : [],
    );
    if (!outcome) return;
    const key = `${p.id}|${this.today}`;
    expect(this.handled.get(key)).toBeUndefined();
    this.handled.set(key, outcome);
    if (outcome !== 'paid') return;
    const data = handled[0]!.event.data as { fromAccountId: string; amountCents: number };
    this.expected.set(
      data.fromAccountId,
      this.expected.get(data.fromAccountId)! - data.amountCents,
    );
  }

  async check(where: string) {
    await expectAsModelled(
      bank,
      this.customers.map(({ c }) => c),
      (id) => {
        const cents = this.expected.get(id);
        return cents === undefined ? undefined : { balance: cents, available: cents };
      },
      where,
    );
  }
}

describe('random sequences of scheduled bill payments', () => {
  for (const seed of [SEED, SEED + 1]) {
    it(
      `pays each date at most once and keeps every invariant (seed ${seed})`,
      {
        timeout: 240_000,
      },
      async () => {
        const sequence = new Sequence(new Prng(seed));
        await sequence.setUp();
        let days = 0;
        for (let i = 0; days < DAYS; i += 1) {
          const what = await sequence.step();
          if (what.startsWith('day ')) days += 1;
          if (process.env.BILL_LOG) console.log(what);
          await sequence.check(`seed ${seed} step ${i} (${what})`);
        }
        expect([...sequence.handled.values()]).toContain('paid');
        expect((await verifyLog(bank.pool)).findings).toEqual([]);
        await expectRebuildEqualsLive(bank, [
          'accounts',
          'transactions',
          'bill-pay',
          'money-limits',
        ]);
      },
    );
  }
});
