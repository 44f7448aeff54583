import { verifyLog } from '@bank/audit';
import { addMonthsIso, bankMonth, bankMonthStart } from '@bank/events';
import { Prng } from '@bank/infra/testing';
import { cardPurchase, deposit, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPayClock, billPayStreams, runAutopayOccurrence } from '../services/bill-pay.ts';
import {
  type Customer,
  customer,
  expectAsModelled,
  expectRebuildEqualsLive,
  plusDays,
  setBillPayDay,
  seeingTheLog,
  startMoneyBank,
} from './money-test-helpers.ts';

/**
 * Random sequences of AutoPay and card spending, and the cashback they earn. Payees with AutoPay
 * are added (and some deleted as their day's payment runs); each day the due AutoPay payments run
 * two or three times at once; a handled date is run again; card purchases are posted with value
 * dates back in this month or the months before, in no order, some on the last evening of a
 * month in New York. After every step: each date of a payee's AutoPay is paid or failed at most
 * once, only what the log says was paid leaves the account, no balance is below zero, the books
 * balance, and the dashboard's cashback (1% of each purchase and bill payment, rounded down to
 * the cent; this month's by the bank's months) is what the model says. At the end the auditors'
 * verify finds nothing and the read models equal a rebuild from the log.
 */
const SEED = Number(process.env.AUTOPAY_SEED ?? 20261201);
const STEPS = Number(process.env.AUTOPAY_STEPS ?? 70);

let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  billPayClock.now = () => new Date();
  await bank.stop();
});

interface AutopayPayee {
  id: string;
  owner: Customer;
  /** The next date its AutoPay waits for, as the log says; null once the payee is removed. */
  next: string | null;
}

class Sequence {
  readonly expected = new Map<string, number>();
  readonly customers: Customer[] = [];
  readonly payees: AutopayPayee[] = [];
  /** "payeeId|date" → paid or failed. */
  readonly handled = new Map<string, string>();
  /** Cashback earned per customer, by the bank month of the spending's value date. */
  readonly cashback = new Map<string, Map<string, number>>();
  /** Bill pay's day: years ahead, so the jobs the bank queues stay in the future (the test's). */
  today = '2031-01-10';
  private payeeCount = 0;

  constructor(readonly rng: Prng) {}

  private move(accountId: string, delta: number) {
    this.expected.set(accountId, (this.expected.get(accountId) ?? 0) + delta);
  }

  private earn(c: Customer, cents: number, valueDate: Date) {
    const months = this.cashback.get(c.id) ?? new Map<string, number>();
    const month = bankMonth(valueDate);
    months.set(month, (months.get(month) ?? 0) + Math.floor(cents / 100));
    this.cashback.set(c.id, months);
  }

  async setUp() {
    setBillPayDay(this.today);
    for (let i = 0; i < 3; i += 1) {
      const c = await customer(bank, `AutoPay ${this.rng.seed} ${i}`, 1_500);
      this.customers.push(c);
      this.move(c.checking.id, 1_500_00);
      this.move(c.savings.id, 0);
    }
    for (const c of this.customers) await this.addPayee(c);
  }

  private async addPayee(c: Customer) {
    this.payeeCount += 1;
    const day = this.rng.chance(0.2) ? this.rng.int(29, 31) : this.rng.int(1, 28);
    const added = await c.client.post(
      '/api/bill-payments/payees',
      {
        name: `Utility ${this.rng.seed} ${this.payeeCount}`,
        category: 'utilities',
        account_number: `5500-1234-${String(this.payeeCount).padStart(4, '0')}`,
        autopay_enabled: true,
        autopay_day: day,
        autopay_amount: this.rng.int(5_00, 450_00) / 100,
        autopay_account_id: c.checking.id,
      },
      { 'idempotency-key': this.rng.key() },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.data.payee.id as string;
    const events = await bank.store.readStream(billPayStreams.payees(c.id));
    const event = events.find(
      (e) => e.type === 'BillPayeeAdded' && (e.event.data as { payeeId: string }).payeeId === id,
    )!;
    const autopay = (event.event.data as { autopay: { firstDate: string } }).autopay;
    this.payees.push({ id, owner: c, next: autopay.firstDate });
    return `add payee ${id.slice(0, 8)} (AutoPay day ${day}, first ${autopay.firstDate})`;
  }

  /** A value date this month or up to two months back, some on a month's last evening. */
  private valueDate(): Date {
    const now = Date.now();
    const month = addMonthsIso(bankMonth(new Date()), -this.rng.int(0, 2));
    const edge = bankMonthStart(month).getTime() + (this.rng.chance(0.5) ? -30 : 30) * 60_000;
    const at = this.rng.chance(0.4) ? edge : now - this.rng.int(0, 70) * 86_400_000;
    return new Date(Math.min(at, now - 60_000));
  }

  async step(): Promise<string> {
    const kind = this.rng.weighted([
      ['card', 4],
      ['deposit', 1],
      ['add-payee', 1],
      ['next-day', 5],
      ['run-again', 1],
      ['run-off-day', 1],
    ] as const);
    if (kind === 'card') {
      const c = this.rng.pick(this.customers);
      const room = this.expected.get(c.checking.id)!;
      if (room < 1_00) return 'card: no money';
      const amount = this.rng.int(50, Math.min(room, 300_00));
      const occurredAt = this.valueDate();
      await cardPurchase(bank, c.checking.id, amount, { name: 'Corner Store', occurredAt });
      this.move(c.checking.id, -amount);
      this.earn(c, amount, occurredAt);
      return `card ${amount} dated ${occurredAt.toISOString()}`;
    }
    if (kind === 'deposit') {
      const c = this.rng.pick(this.customers);
      const amount = this.rng.int(50_00, 500_00);
      expect((await deposit(bank, c.checking.account_number, amount / 100)).status).toBe(201);
      this.move(c.checking.id, amount);
      return `deposit ${amount}`;
    }
    if (kind === 'add-payee') return this.addPayee(this.rng.pick(this.customers));
    if (kind === 'run-again') {
      const done = [...this.handled.keys()];
      if (done.length === 0) return 'run-again: nothing handled yet';
      const [payeeId, date] = this.rng.pick(done).split('|') as [string, string];
      const p = this.payees.find((q) => q.id === payeeId)!;
      const again = await runAutopayOccurrence(bank.ctx, p.owner.id, p.id, date);
      expect(['done', 'payee_removed'], `${payeeId} ${date} again`).toContain(again.result);
      await this.fromLog(p, date, undefined);
      return `run-again ${payeeId.slice(0, 8)} ${date}: ${again.result}`;
    }
    if (kind === 'run-off-day') {
      // A job for a date that is none of the payee's AutoPay dates pays nothing.
      const waiting = this.payees.filter(
        (p) =>
          p.next !== null && p.next !== this.today && !this.handled.has(`${p.id}|${this.today}`),
      );
      if (waiting.length === 0) return 'run-off-day: no payee waiting';
      const p = this.rng.pick(waiting);
      const off = await runAutopayOccurrence(bank.ctx, p.owner.id, p.id, this.today);
      expect(['not_due'], `${p.id} on ${this.today}, due ${p.next}`).toContain(off.result);
      await this.fromLog(p, this.today, undefined);
      return `run-off-day ${p.id.slice(0, 8)} ${this.today}: ${off.result}`;
    }
    // A new day: every AutoPay due runs two or three times at once; a payee may be deleted as
    // its payment runs.
    this.today = plusDays(this.today, 1);
    setBillPayDay(this.today);
    const due = this.payees.filter((p) => p.next === this.today);
    const removed = due.length > 0 && this.rng.chance(0.15) ? this.rng.pick(due) : undefined;
    const [runs, answer] = await Promise.all([
      Promise.all(
        due.map((p) =>
          Promise.all(
            Array.from({ length: this.rng.int(2, 3) }, () =>
              runAutopayOccurrence(bank.ctx, p.owner.id, p.id, this.today),
            ),
          ),
        ),
      ),
      removed ? removed.owner.client.delete(`/api/bill-payments/payees/${removed.id}`) : undefined,
    ]);
    if (answer) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const outcomes: string[] = [];
    for (const [i, racing] of runs.entries()) {
      const p = due[i]!;
      const effects = racing.map((r) => r.result).filter((r) => r === 'paid' || r === 'failed');
      expect(effects.length, `${p.id} ${this.today}: ${racing.map((r) => r.result)}`).toBeLessThan(
        2,
      );
      await this.fromLog(p, this.today, effects[0]);
      outcomes.push(`${p.id.slice(0, 8)} ${effects[0] ?? racing[0]!.result}`);
    }
    if (removed) removed.next = null;
    return `day ${this.today}: ${outcomes.join(', ') || 'nothing due'}${removed ? ` [removed ${removed.id.slice(0, 8)}]` : ''}`;
  }

  /** The occurrence as the log has it, and the money it moved and the cashback it earned. */
  private async fromLog(p: AutopayPayee, date: string, outcome: string | undefined) {
    const events = await bank.store.readStream(billPayStreams.occurrence('autopay', p.id, date));
    const handled = events.filter(
      (e) => e.type === 'BillPaymentPaid' || e.type === 'BillPaymentFailed',
    );
    const key = `${p.id}|${date}`;
    const before = this.handled.get(key);
    const want = outcome ?? before;
    expect(
      handled.map((e) => e.type),
      key,
    ).toEqual(
      want === 'paid' ? ['BillPaymentPaid'] : want === 'failed' ? ['BillPaymentFailed'] : [],
    );
    if (!outcome) return;
    expect(before, `${key} handled twice`).toBeUndefined();
    this.handled.set(key, outcome);
    const data = handled[0]!.event.data as {
      fromAccountId: string;
      amountCents: number;
      entryId?: string;
      nextDate: string | null;
    };
    p.next = data.nextDate;
    if (outcome !== 'paid') return;
    this.move(data.fromAccountId, -data.amountCents);
    // The bill payment's posting earns cashback in the month of its value date.
    const { rows } = await bank.ownerPool.query<{ at: Date }>(
      `SELECT coalesce((data->>'occurredAt')::timestamptz, recorded_at) AS at FROM events
        WHERE type = 'AccountDebited' AND data->>'entryId' = $1`,
      [data.entryId],
    );
    expect(rows, `${key}: its posting`).toHaveLength(1);
    this.earn(p.owner, data.amountCents, rows[0]!.at);
  }

  async check(where: string) {
    await expectAsModelled(
      bank,
      this.customers,
      (id) => {
        const cents = this.expected.get(id);
        return cents === undefined ? undefined : { balance: cents, available: cents };
      },
      where,
    );
    await seeingTheLog(bank, this.customers);
    const month = bankMonth(new Date());
    for (const c of this.customers) {
      const months = this.cashback.get(c.id) ?? new Map<string, number>();
      const total = [...months.values()].reduce((a, b) => a + b, 0);
      const shown = (await c.client.get('/api/dashboard')).body.data.cashback as {
        available_balance: number;
        this_month_earned: number;
      };
      expect(
        {
          total: Math.round(shown.available_balance * 100),
          month: Math.round(shown.this_month_earned * 100),
        },
        `${where}: cashback of ${c.name}`,
      ).toEqual({ total, month: months.get(month) ?? 0 });
    }
  }
}

describe('random sequences of AutoPay and card spending, and their cashback', () => {
  for (const seed of [SEED, SEED + 1]) {
    it(
      `pays each AutoPay date at most once, earns cashback by the bank's months and keeps every invariant (seed ${seed})`,
      { timeout: 240_000 },
      async () => {
        const sequence = new Sequence(new Prng(seed));
        await sequence.setUp();
        for (let i = 0; i < STEPS; i += 1) {
          const what = await sequence.step();
          if (process.env.AUTOPAY_LOG) console.log(what);
          await sequence.check(`seed ${seed} step ${i} (${what})`);
        }
        expect([...sequence.handled.values()]).toContain('paid');
        expect((await verifyLog(bank.pool)).findings).toEqual([]);
        await expectRebuildEqualsLive(bank, [
          'accounts',
          'transactions',
          'bill-pay',
          'money-limits',
          'cashback',
        ]);
      },
    );
  }
});
