import { randomUUID } from 'node:crypto';
import { centsToDollars } from '@bank/events';
import { createPool, type Pool } from '@bank/infra';
import { verifyLog } from '@bank/audit';
import { afterAll, describe, expect, it } from 'vitest';
import { proveContact, registrationPayload, staffOutboxCode } from '../testing/index.ts';
import { httpJson } from '../testing/http-json.ts';
import { bankProcessEnv } from '../testing/service-process.ts';
import { startBankProcess, type BankProcess } from './bank-process.ts';
import { booksFromLog, booksFromReadModels, differences } from './books.ts';

/**
 * Crash safety: thousands of concurrent transfers through real HTTP against the bank running as
 * its own process, which is killed with SIGKILL several times mid-load and restarted. A client
 * that loses its connection retries with the same Idempotency-Key until it gets an answer, as a
 * real client would.
 */
const TRANSFERS = Number(process.env.CRASH_TRANSFERS ?? 2000);
const KILLS = Number(process.env.CRASH_KILLS ?? 4);
const CUSTOMERS = 16;
const CONCURRENCY = 24;
const CHECKING_DEPOSIT_CENTS = 2_500_00;
const SAVINGS_DEPOSIT_CENTS = 500_00;

interface Customer {
  token: string;
  email: string;
  checking: string;
  savings: string;
}

interface Plan {
  key: string;
  customer: Customer;
  url: string;
  body: Record<string, unknown>;
  from: string;
  to: string;
  cents: number;
}

interface Answer {
  status: number;
  body: any;
  attempts: number;
  /** The stored answer of an earlier attempt that committed before its connection was cut. */
  replayed: boolean;
}

let bank: BankProcess | undefined;
let pool: Pool | undefined;
afterAll(async () => {
  await bank?.stop();
  await pool?.end();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

describe('crash safety', () => {
  it(
    'loses no acknowledged transfer, moves none twice, creates no money, and the projections converge after SIGKILLs',
    async () => {
      const { env, databaseUrl, opsToken, base } = await bankProcessEnv('crash');
      const started = Date.now();
      bank = await startBankProcess(env);
      pool = createPool(databaseUrl, 4);

      const call = (
        method: string,
        url: string,
        token: string | undefined,
        body?: unknown,
        headers: Record<string, string> = {},
      ) => httpJson(base, method, url, token, body, headers);

      // Funded customers, set up while the bank is healthy.
      const customers: Customer[] = [];
      let totalDeposits = 0;
      for (let i = 0; i < CUSTOMERS; i += 1) {
        const payload = registrationPayload({ name: `Crash Tester ${i}` });
        const registered = await call('POST', '/api/register', undefined, payload);
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        const token = registered.body.data.token as string;
        // Same-bank transfers find a recipient by email only once its owner has proved it.
        await proveContact(
          (url, body, headers) => call('POST', url, token, body, headers),
          (kind) =>
            staffOutboxCode(
              (url) => call('GET', url, opsToken),
              registered.body.data.user.account_number as string,
              kind,
            ),
          'email',
        );
        const accounts = (
          await call('GET', '/api/accounts', token, undefined, {
            'x-consistency-token': registered.headers.get('x-consistency-token') ?? '',
          })
        ).body.data.accounts as { id: string; account_number: string; name: string }[];
        const checking = accounts.find((a) => a.name === 'Premium Checking')!;
        const savings = accounts.find((a) => a.name === 'High Yield Savings')!;
        for (const [account, cents] of [
          [checking, CHECKING_DEPOSIT_CENTS],
          [savings, SAVINGS_DEPOSIT_CENTS],
        ] as const) {
          const deposited = await call('POST', '/api/ops/deposits', opsToken, {
            account_number: account.account_number,
            amount: centsToDollars(cents),
            description: 'Crash test funding',
          });
          expect(deposited.status).toBe(201);
          totalDeposits += cents;
        }
        customers.push({ token, email: payload.email, checking: checking.id, savings: savings.id });
      }

      const plans: Plan[] = Array.from({ length: TRANSFERS }, () => {
        const customer = customers[randomInt(0, CUSTOMERS - 1)]!;
        const cents = randomInt(5_00, 40_00);
        const amount = centsToDollars(cents);
        if (Math.random() < 0.5) {
          const [from, to] =
            Math.random() < 0.6
              ? [customer.checking, customer.savings]
              : [customer.savings, customer.checking];
          return {
            key: randomUUID(),
            customer,
            url: '/api/transfers/between-accounts',
            body: { fromAccount: from, toAccount: to, amount, memo: 'crash test' },
            from,
            to,
            cents,
          };
        }
        let other = customer;
        while (other === customer) other = customers[randomInt(0, CUSTOMERS - 1)]!;
        return {
          key: randomUUID(),
          customer,
          url: '/api/transfers/same-bank',
          body: { fromAccount: customer.checking, recipientEmail: other.email, amount },
          from: customer.checking,
          to: other.checking,
          cents,
        };
      });

      // The load: each plan is sent until it gets an HTTP answer, with the same key every time.
      const answers = new Map<Plan, Answer>();
      /** The output of every bank process, for the cause of anything unexpected. */
      const logs: string[] = [];
      const errorsLogged = () =>
        [...logs, bank!.output()]
          .join('\n')
          .split('\n')
          .filter((line) => /error|Error|at /.test(line))
          .slice(0, 60)
          .join('\n');
      let networkErrors = 0;
      let next = 0;
      const send = async (plan: Plan): Promise<Answer> => {
        for (let attempts = 1; ; attempts += 1) {
          try {
            const response = await call('POST', plan.url, plan.customer.token, plan.body, {
              'idempotency-key': plan.key,
            });
            // 503 while the bank restarts is no answer about this transfer: ask again.
            if (response.status !== 503) {
              const replayed = response.headers.get('idempotent-replayed') === 'true';
              return { ...response, attempts, replayed };
            }
          } catch {
            networkErrors += 1;
          }
          await sleep(randomInt(200, 400));
        }
      };
      const worker = async () => {
        while (next < plans.length) {
          const plan = plans[next++]!;
          answers.set(plan, await send(plan));
        }
      };
      const killer = async () => {
        const kills: { atAnswered: number; inFlight: number; restartMs: number }[] = [];
        for (let k = 1; k <= KILLS; k += 1) {
          const threshold = Math.floor((k / (KILLS + 1)) * TRANSFERS);
          while (answers.size < threshold) await sleep(20);
          const inFlight = next - answers.size;
          const atAnswered = answers.size;
          const killedAt = Date.now();
          logs.push(bank!.output());
          await bank!.kill();
          bank = await startBankProcess(env);
          kills.push({ atAnswered, inFlight, restartMs: Date.now() - killedAt });
        }
        return kills;
      };
      const [kills] = await Promise.all([
        killer(),
        ...Array.from({ length: CONCURRENCY }, () => worker()),
      ]);
      const loadSeconds = (Date.now() - started) / 1000;

      const successes = [...answers].filter(([, a]) => a.status === 201);
      const statuses: Record<number, number> = {};
      for (const [, a] of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      // Everything refused is refused for a stated business reason, never a 5xx.
      for (const [, a] of answers) {
        if (a.status >= 500) expect.fail(`${JSON.stringify(a.body)}\n${errorsLogged()}`);
        if (a.status !== 201) expect(a.body.message).toEqual(expect.any(String));
      }
      expect(successes.length).toBeGreaterThan(TRANSFERS * 0.5);

      // One more crash after the load, then every acknowledged request is asked again.
      await bank.kill();
      bank = await startBankProcess(env);
      const before = await booksFromLog(pool);
      const replays = [...successes];
      const replayed = await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          const seen: [Plan, Answer, Awaited<ReturnType<typeof call>>][] = [];
          for (let item = replays.pop(); item; item = replays.pop()) {
            const [plan, first] = item;
            const again = await call('POST', plan.url, plan.customer.token, plan.body, {
              'idempotency-key': plan.key,
            });
            seen.push([plan, first, again]);
          }
          return seen;
        }),
      );
      for (const [, first, again] of replayed.flat()) {
        expect(again.status).toBe(201);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.body.data.transfer.id).toBe(first.body.data.transfer.id);
        expect(again.body.data.transfer.reference_number).toBe(
          first.body.data.transfer.reference_number,
        );
      }

      // Every acknowledged transfer is in the log exactly once, and nothing else is.
      const initiated = await pool.query<{ transfer_id: string; reference: string; n: string }>(
        `SELECT data->>'transferId' AS transfer_id, data->>'reference' AS reference, count(*) AS n
           FROM events WHERE type = 'TransferInitiated' GROUP BY 1, 2`,
      );
      expect(initiated.rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
      const acknowledged = new Set(successes.map(([, a]) => a.body.data.transfer.id as string));
      expect(acknowledged.size).toBe(successes.length);
      expect(new Set(initiated.rows.map((r) => r.transfer_id))).toEqual(acknowledged);
      const legs = await pool.query<{ reference: string; debits: string; credits: string }>(
        `SELECT data->>'reference' AS reference,
                count(*) FILTER (WHERE type = 'AccountDebited') AS debits,
                count(*) FILTER (WHERE type = 'AccountCredited') AS credits
           FROM events WHERE type IN ('AccountCredited', 'AccountDebited') AND data->>'kind' = 'transfer'
          GROUP BY 1`,
      );
      expect(legs.rows.length).toBe(successes.length);
      expect(legs.rows.filter((r) => Number(r.debits) !== 1 || Number(r.credits) !== 1)).toEqual(
        [],
      );

      // The replays moved nothing.
      const books = await booksFromLog(pool);
      expect(differences(books.accounts, before.accounts)).toEqual([]);

      // No money created or destroyed: the log holds exactly the deposits and the successes.
      const expected = new Map<string, number>();
      const add = (id: string, cents: number) => expected.set(id, (expected.get(id) ?? 0) + cents);
      for (const c of customers) {
        add(c.checking, CHECKING_DEPOSIT_CENTS);
        add(c.savings, SAVINGS_DEPOSIT_CENTS);
      }
      for (const [plan] of successes) {
        add(plan.from, -plan.cents);
        add(plan.to, plan.cents);
      }
      expect(differences(books.accounts, expected)).toEqual([]);
      expect(books.customerTotal).toBe(totalDeposits);
      expect(books.internalTotal).toBe(-totalDeposits);
      expect([...books.accounts.values()].filter((cents) => cents < 0)).toEqual([]);

      // The read models converge to what the log says.
      await expect
        .poll(
          async () => differences((await booksFromReadModels(pool!)).accounts, books.accounts),
          {
            timeout: 60_000,
            interval: 500,
          },
        )
        .toEqual([]);
      const readModels = await booksFromReadModels(pool);
      expect(differences(readModels.internal, books.internal)).toEqual([]);
      expect(readModels.customerTotal).toBe(totalDeposits);
      expect(readModels.customerTotal + readModels.internalTotal).toBe(0);
      const ledger = await call('GET', '/api/ops/ledger', opsToken);
      expect(ledger.body.data.balanced).toBe(true);
      // The auditors' independent check: hash chains intact, read models equal to the log.
      const report = await verifyLog(pool);
      expect(report.findings).toEqual([]);

      const figures = {
        transfers: TRANSFERS,
        acknowledged: successes.length,
        statuses,
        kills: kills.length + 1,
        killedAt: kills,
        networkErrors,
        retriedAfterCrash: [...answers.values()].filter((a) => a.attempts > 1).length,
        committedBeforeCrashAnsweredOnRetry: [...answers.values()].filter((a) => a.replayed).length,
        replayedAfterLastKill: replayed.flat().length,
        seconds: Math.round((Date.now() - started) / 1000),
        loadSeconds: Math.round(loadSeconds),
      };
      console.log(`crash safety figures: ${JSON.stringify(figures)}`);
    },
    15 * 60_000,
  );
});
