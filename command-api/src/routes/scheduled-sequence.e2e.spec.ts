import { verifyLog } from '@bank/audit';
import { Prng } from '@bank/infra/testing';
import { deposit, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferScheduleAggregate } from '../domain/transfers/schedule.ts';
import {
  runScheduledTransfer,
  scheduleClock,
  scheduleStream,
} from '../services/scheduled-transfers.ts';
import {
  customer,
  type Customer,
  expectAsModelled,
  expectRebuildEqualsLive,
  runScheduleDate,
  scheduledRunInLog,
  startMoneyBank,
} from './money-test-helpers.ts';

/**
 * Random sequences of scheduled and recurring transfers (to the customer's own savings and to
 * another customer) that are created, edited and cancelled while their occurrences run, often
 * two or three runs of one date at once or a run beside an edit or a cancel, mixed with deposits.
 * Each date of a schedule is handled once (ran or failed); after every step the books balance,
 * no balance is below zero and each account shows what the runs in the log make it; at the end
 * the auditors' verify finds nothing and the read models equal a rebuild from the log.
 */
const SEED = Number(process.env.SCHEDULED_SEED ?? 20261201);
const STEPS = Number(process.env.SCHEDULED_STEPS ?? 60);
// Scheduling's clock is years ahead, so the queued jobs stay in the future: each run is the test's.
const FUTURE_NOW = new Date('2031-01-10T17:00:00Z');

let bank: TestBank;
beforeAll(async () => {
  scheduleClock.now = () => FUTURE_NOW;
  bank = await startMoneyBank();
});
afterAll(async () => {
  scheduleClock.now = () => new Date();
  await bank.stop();
});

interface Schedule {
  id: string;
  owner: Customer;
  toAccountId: string;
}

const FREQUENCIES = [undefined, 'weekly', 'biweekly', 'monthly'] as const;

class Sequence {
  readonly expected = new Map<string, number>();
  readonly customers: Customer[] = [];
  readonly schedules: Schedule[] = [];
  /** "scheduleId|date" → how the occurrence was handled. */
  readonly handled = new Map<string, string>();

  constructor(readonly rng: Prng) {}

  private move(accountId: string, delta: number) {
    this.expected.set(accountId, (this.expected.get(accountId) ?? 0) + delta);
  }

  async setUp() {
    for (let i = 0; i < 3; i += 1) {
      const c = await customer(bank, `Scheduled ${this.rng.seed} ${i}`, 1_500);
      this.customers.push(c);
      this.move(c.checking.id, 1_500_00);
      this.move(c.savings.id, 0);
    }
  }

  private date() {
    const day = new Date(Date.UTC(2031, 0, 11 + this.rng.int(0, 60)));
    return day.toISOString().slice(0, 10);
  }

  private plan() {
    const frequency = this.rng.pick(FREQUENCIES);
    return {
      amount: this.rng.int(5_00, 600_00) / 100,
      transferDate: this.date(),
      ...(frequency ? { frequency } : {}),
      ...(frequency && this.rng.chance(0.5) ? { endCount: this.rng.int(1, 4) } : {}),
    };
  }

  private async state(s: Schedule) {
    const { result } = await bank.ctx.bus.execute(
      {},
      async (uow) => (await uow.load(scheduleStream(s.id), transferScheduleAggregate)).state,
    );
    return result;
  }

  async step(): Promise<string> {
    const kind = this.rng.weighted([
      ['schedule', 4],
      ['run', 6],
      ['run-racing', 4],
      ['run-beside-change', 2],
      ['run-beside-cancel', 2],
      ['run-stale', 1],
      ['deposit', 1],
    ] as const);
    if (kind === 'schedule') return this.schedule();
    if (kind === 'deposit') {
      const to = this.rng.pick(this.customers);
      const amount = this.rng.int(50_00, 600_00);
      expect((await deposit(bank, to.checking.account_number, amount / 100)).status).toBe(201);
      this.move(to.checking.id, amount);
      return `deposit ${amount}`;
    }
    const open: Schedule[] = [];
    for (const s of this.schedules) if ((await this.state(s)).nextDate) open.push(s);
    if (open.length === 0) return `${kind}: nothing scheduled`;
    const s = this.rng.pick(open);
    const state = await this.state(s);
    const date = state.nextDate!;
    if (kind === 'run-stale') {
      const stale = state.lastHandled ?? '2031-01-10';
      expect(await runScheduledTransfer(bank.ctx, s.id, stale)).toBe('not_due');
      return `${kind} ${s.id} ${stale}`;
    }
    const { outcome, line } = await runScheduleDate(
      bank,
      s,
      date,
      kind,
      this.rng.int(2, 3),
      () => ({
        fromAccount: s.owner.checking.id,
        ...this.plan(),
        ...(this.rng.chance(0.5) ? { transferDate: date } : {}),
      }),
    );
    if (outcome) await this.handledBy(s, date, outcome);
    return line;
  }

  private async schedule() {
    const owner = this.rng.pick(this.customers);
    const toOther = this.rng.chance(0.5);
    const other = this.rng.pick(this.customers.filter((c) => c !== owner));
    const sent = await owner.client.post(
      '/api/transfers/scheduled',
      {
        fromAccount: owner.checking.id,
        ...(toOther
          ? { type: 'same-bank', recipientEmail: other.email }
          : { type: 'between-accounts', toAccount: owner.savings.id }),
        ...this.plan(),
      },
      { 'idempotency-key': this.rng.key() },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = sent.body.data.scheduled_transfer.id as string;
    this.schedules.push({ id, owner, toAccountId: toOther ? other.checking.id : owner.savings.id });
    return `schedule ${id} ${toOther ? 'to another customer' : 'to savings'}`;
  }

  /** The log's record of the occurrence: one Ran (money moved once) or one Failed (none). */
  private async handledBy(s: Schedule, date: string, outcome: string) {
    const key = `${s.id}|${date}`;
    expect(this.handled.get(key), `${key} handled twice`).toBeUndefined();
    this.handled.set(key, outcome);
    const ran = await scheduledRunInLog(bank, s.id, date, outcome);
    if (!ran) return;
    this.move(s.owner.checking.id, -ran.amount);
    this.move(s.toAccountId, ran.amount);
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
  }
}

describe('random sequences of scheduled and recurring transfers', () => {
  for (const seed of [SEED, SEED + 1, SEED + 2]) {
    it(
      `runs each occurrence once and keeps every invariant (seed ${seed})`,
      {
        timeout: 240_000,
      },
      async () => {
        const sequence = new Sequence(new Prng(seed));
        await sequence.setUp();
        for (let i = 0; i < STEPS; i += 1) {
          const what = await sequence.step();
          if (process.env.SCHEDULED_LOG) console.log(what);
          await sequence.check(`seed ${seed} step ${i} (${what})`);
        }
        expect([...sequence.handled.values()]).toContain('ran');
        expect((await verifyLog(bank.pool)).findings).toEqual([]);
        await expectRebuildEqualsLive(bank, [
          'accounts',
          'transactions',
          'transfers',
          'scheduled-transfers',
          'money-limits',
        ]);
      },
    );
  }
});
