import {
  allProjections,
  dropShadow,
  headPosition,
  readModelHash,
  rebuildWithShadow,
} from '@bank/projections';
import {
  ApiClient,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { expect } from 'vitest';
import { startOfBankDate } from '../domain/bill-pay/calendar.ts';
import { moneyJobModule } from '../jobs/money-jobs.ts';
import { billPayClock } from '../services/bill-pay.ts';
import { runScheduledTransfer, scheduleStream } from '../services/scheduled-transfers.ts';

/** The bank with money movement's jobs, settling external transfers after `settlementDelayMs`. */
export function startMoneyBank(settlementDelayMs = 400): Promise<TestBank> {
  return startTestBank({
    config: { settlementDelayMs },
    jobs: moneyJobModule,
    ...(process.env.DEBUG_MONEY ? { log: (line: string) => console.log(line) } : {}),
  });
}

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Bill pay's clock at noon (New York) of `date`. */
export function setBillPayDay(date: string) {
  const at = new Date(startOfBankDate(date).getTime() + 12 * 3_600_000);
  billPayClock.now = () => at;
}

export interface Customer {
  client: ApiClient;
  id: string;
  name: string;
  email: string;
  phone: string;
  /** To confirm it is them again (step-up); set by customer(). */
  password?: string;
  checking: { id: string; account_number: string; name: string };
  savings: { id: string; account_number: string; name: string };
  accounts: { id: string; account_number: string; name: string; type: string }[];
}

/**
 * $25 sent by Zelle to a fresh email nobody had enrolled, waiting; and the newcomer who then
 * registers with that email without proving it (a claim code is what proves it).
 */
export async function zelleWaitingForNewcomer(bank: TestBank, label: string) {
  const sender = await customer(bank, `${label} Sender`, 500);
  const email = `${label.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  const sent = await sender.client.post('/api/zelle/send', {
    bank_account_id: sender.checking.id,
    amount: 25,
    recipient_name: 'Newcomer',
    recipient_email: email,
  });
  expect(sent.status).toBe(201);
  const newcomer = await signedUpCustomer(
    bank,
    { name: `${label} Newcomer`, email },
    { proveContacts: false },
  );
  await dispatchJobs(bank);
  return { email, newcomer };
}

/** A registered, signed-in customer, optionally with money on checking. */
export async function customer(
  bank: TestBank,
  name: string,
  checkingDollars = 0,
): Promise<Customer> {
  const { client, payload, user, accounts } = await signedUpCustomer(bank, { name });
  if (checkingDollars > 0) {
    const response = await deposit(bank, accounts[0]!.account_number, checkingDollars);
    client.consistencyToken = response.headers['x-consistency-token'];
  }
  return {
    client,
    id: user.id,
    name,
    email: payload.email,
    phone: payload.phone,
    password: payload.password,
    checking: accounts[0]!,
    savings: accounts[1]!,
    accounts,
  };
}

/**
 * Catches the read models up and makes each customer's next read wait for the whole log, runs
 * made by the server's jobs included (which no client holds a token for): catching up alone can
 * stop short of a commit an unrelated open transaction still hides.
 */
export async function seeingTheLog(bank: TestBank, customers: Pick<Customer, 'client'>[]) {
  await bank.runner.catchUp();
  const { rows } = await bank.ownerPool.query<{ head: string }>(
    `SELECT transaction_id::text || '.' || global_position::text AS head FROM events
      ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  for (const c of customers) c.client.consistencyToken = rows[0]!.head;
}

/** Balance and available balance (dollars) of one of the customer's accounts. */
export async function balances(c: Customer, accountId: string) {
  const accounts = (await c.client.get('/api/accounts')).body.data.accounts as {
    id: string;
    balance: number;
    available_balance: number;
  }[];
  const account = accounts.find((a) => a.id === accountId)!;
  return { balance: account.balance, available: account.available_balance };
}

/** Every account of the customer as the API shows it: id → balance and available, in cents. */
export async function accountsInCents(c: Customer) {
  const accounts = (await c.client.get('/api/accounts')).body.data.accounts as {
    id: string;
    balance: number;
    available_balance: number;
  }[];
  return new Map(
    accounts.map((a) => [
      a.id,
      { balance: Math.round(a.balance * 100), available: Math.round(a.available_balance * 100) },
    ]),
  );
}

/**
 * After a step of a random sequence: every customer account the model knows shows its balance and
 * available balance (cents) as the model has them, neither below zero, and the books balance.
 */
export async function expectAsModelled(
  bank: TestBank,
  customers: Customer[],
  model: (accountId: string) => { balance: number; available: number } | undefined,
  where: string,
) {
  await seeingTheLog(bank, customers);
  for (const c of customers) {
    for (const [id, shown] of await accountsInCents(c)) {
      const want = model(id);
      if (!want) continue;
      expect(shown, `${where}: account ${id}`).toEqual(want);
      expect(
        Math.min(want.balance, want.available),
        `${where}: ${id} below zero`,
      ).toBeGreaterThanOrEqual(0);
    }
  }
  expect((await ledger(bank)).balanced, `${where}: books`).toBe(true);
}

export function opsClient(bank: TestBank): ApiClient {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  return ops;
}

/** The books: customer accounts plus internal ledger accounts must sum to zero. */
export async function ledger(bank: TestBank) {
  await bank.runner.catchUp();
  const body = (await opsClient(bank).get('/api/ops/ledger')).body.data as {
    customer_accounts_total: number;
    internal_accounts: { ledger_account: string; balance: number }[];
    balanced: boolean;
  };
  const internal = Object.fromEntries(
    body.internal_accounts.map((a) => [a.ledger_account, a.balance]),
  );
  return { ...body, internal };
}

/** Waits until the job queue has handled what the log asks for (settlement, claims). */
export async function dispatchJobs(bank: TestBank) {
  await bank.jobs!.dispatchPending();
}

export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Rebuilds each named projection from the log into a shadow schema (the live tables untouched)
 * and expects exactly the rows the live projection holds; on a difference, logs the rows each
 * side has that the other has not.
 */
export async function expectRebuildEqualsLive(bank: TestBank, names: string[]) {
  await bank.runner.catchUp();
  const until = await headPosition(bank.pool);
  for (const projection of allProjections.filter((p) => names.includes(p.name))) {
    const live = await readModelHash(bank.pool, projection);
    const rebuilt = await rebuildWithShadow(bank.ownerPool, bank.store, projection, {
      until,
      swap: false,
    });
    try {
      const shadow = await readModelHash(bank.ownerPool, projection, rebuilt.shadowSchema);
      if (shadow.hash !== live.hash) {
        for (const table of projection.tables) {
          const a = await bank.pool.query(
            `SELECT * FROM ${table} EXCEPT SELECT * FROM ${rebuilt.shadowSchema}.${table}`,
          );
          const b = await bank.pool.query(
            `SELECT * FROM ${rebuilt.shadowSchema}.${table} EXCEPT SELECT * FROM ${table}`,
          );
          console.log(table, JSON.stringify(a.rows), JSON.stringify(b.rows));
        }
      }
      expect(shadow, projection.name).toEqual(live);
    } finally {
      await dropShadow(bank.ownerPool, projection);
    }
  }
}

/** How a random sequence runs a schedule's next date. */
export type ScheduleRunKind = 'run' | 'run-racing' | 'run-beside-change' | 'run-beside-cancel';

/**
 * Runs a schedule's next date once, two or three times at once (`run-racing`), or beside the
 * owner's edit (`edit`, the PUT body) or cancel: at most one run handles the date, and a plain run
 * always does. Returns how it was handled (ran or failed; undefined when nothing ran) and a line
 * for the sequence's log.
 */
export async function runScheduleDate(
  bank: TestBank,
  s: { id: string; owner: Customer },
  date: string,
  kind: ScheduleRunKind,
  runs: number,
  edit: () => Record<string, unknown>,
): Promise<{ outcome: string | undefined; line: string }> {
  const beside: Promise<{ status: number; body: unknown }>[] = [];
  if (kind === 'run-beside-change') {
    beside.push(s.owner.client.put(`/api/transfers/scheduled/${s.id}`, edit()));
  }
  if (kind === 'run-beside-cancel') {
    beside.push(s.owner.client.delete(`/api/transfers/scheduled/${s.id}`));
  }
  const count = kind === 'run-racing' ? runs : 1;
  const [outcomes, answers] = await Promise.all([
    Promise.all(Array.from({ length: count }, () => runScheduledTransfer(bank.ctx, s.id, date))),
    Promise.all(beside),
  ]);
  for (const answer of answers) {
    // An edit may be refused (an end before the next date, say): a 4xx that changes nothing.
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
  }
  const done = outcomes.filter((o) => o !== 'not_due');
  expect(done.length, `${kind} ${s.id} ${date}: ${outcomes.join(', ')}`).toBeLessThanOrEqual(1);
  if (kind === 'run' || kind === 'run-racing') expect(done).toHaveLength(1);
  return {
    outcome: done[0],
    line: `${kind} ${s.id} ${date}: ${outcomes.join(', ')}${answers.map((a) => ` [${a.status}]`).join('')}`,
  };
}

/**
 * The log's record of a schedule's date, expected to be exactly one Ran (`ran`) or one Failed:
 * what the run moved (amount in cents, and the transfer it made), undefined for a failed run.
 */
export async function scheduledRunInLog(
  bank: TestBank,
  scheduleId: string,
  date: string,
  outcome: string,
): Promise<{ amount: number; transferId: string } | undefined> {
  const { rows } = await bank.ownerPool.query<{
    type: string;
    amount: string | null;
    transfer: string | null;
  }>(
    `SELECT type, data->>'amountCents' AS amount, data->>'transferId' AS transfer FROM events
      WHERE stream_id = $1 AND type IN ('ScheduledTransferRan', 'ScheduledTransferFailed')
        AND data->>'date' = $2`,
    [scheduleStream(scheduleId), date],
  );
  expect(rows.map((r) => r.type)).toEqual([
    outcome === 'ran' ? 'ScheduledTransferRan' : 'ScheduledTransferFailed',
  ]);
  if (outcome !== 'ran') return undefined;
  return { amount: Number(rows[0]!.amount), transferId: rows[0]!.transfer! };
}

/** The job the scheduler queued for a date of a transfer schedule, once the log is dispatched. */
export async function scheduledJob(bank: TestBank, scheduleId: string, date: string) {
  await bank.jobs!.dispatchPending();
  return bank.jobs!.queue.getJob(`scheduled-transfer-${scheduleId}-${date}`);
}

/**
 * A repeating transfer stopped at its refused run of `date`: the failure recorded as stopping it
 * (no next date), the customer told once, with `notice`, the list showing it stopped with why,
 * no job queued for `skipped` (the date it would have run next), and a run of that date doing
 * nothing.
 */
export async function expectScheduleStopped(
  bank: TestBank,
  c: Customer,
  s: { id: string; date: string; skipped: string; reason: string; notice: string },
) {
  const { rows } = await bank.ownerPool.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM events WHERE stream_id = $1 AND type = 'ScheduledTransferFailed'`,
    [scheduleStream(s.id)],
  );
  expect(rows.map((r) => r.data)).toMatchObject([
    { date: s.date, reason: s.reason, nextDate: null, stopped: true },
  ]);
  const notices = async () => {
    await seeingTheLog(bank, [c]);
    const response = await c.client.get('/api/notifications?type=transfer');
    return response.body.data.notifications as Record<string, unknown>[];
  };
  expect(await notices()).toEqual([
    expect.objectContaining({
      title: 'Repeating transfer stopped',
      message: s.notice,
      priority: 'high',
    }),
  ]);
  const list = await c.client.get('/api/transfers/scheduled');
  expect(list.body.data.scheduled_transfers).toEqual([
    expect.objectContaining({
      id: s.id,
      status: 'stopped',
      next_date: null,
      runs: 1,
      last_run: expect.objectContaining({
        date: s.date,
        status: 'failed',
        failure_reason: s.reason,
      }),
    }),
  ]);
  expect(await scheduledJob(bank, s.id, s.skipped)).toBeUndefined();
  expect(await runScheduledTransfer(bank.ctx, s.id, s.skipped)).toBe('not_due');
  expect(await notices()).toHaveLength(1);
  // It has ended: nothing is left to cancel.
  expect((await c.client.delete(`/api/transfers/scheduled/${s.id}`)).status).toBe(422);
}
