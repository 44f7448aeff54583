import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '@bank/infra';
import { createBankStore } from '../bank-store.ts';
import {
  createTestDatabase,
  proveContact,
  registrationPayload,
  staffOutboxCode,
  startTestBank,
  testDatabaseUrlAs,
  testRedisUrl,
  type TestBank,
} from '../testing/index.ts';
import { startKafkaBroker, type KafkaBroker } from '../testing/kafka.ts';
import { startTogether } from '../testing/process-launcher.ts';
import { startService, type ServiceProcess } from '../testing/service-process.ts';
import { SCALE_TOPOLOGY, type ServiceScript } from './flow-topology.ts';
import { rebuildAll, readModelHashes, waitForProjections } from './read-model-hash.ts';

const STARTUP_TIMEOUT_MS = 240_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Answer {
  status: number;
  body: any;
  consistencyToken: string | undefined;
}
type Send = (
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<Answer>;

/** A customer (or the teller, with the ops token) talking JSON to one bank. */
class Caller {
  token: string | undefined;
  consistencyToken: string | undefined;
  constructor(private readonly send: () => Send) {}

  async call(method: string, url: string, body?: unknown): Promise<Answer> {
    const answer = await this.send()(method, url, body, {
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...(this.consistencyToken ? { 'x-consistency-token': this.consistencyToken } : {}),
    });
    if (answer.consistencyToken) this.consistencyToken = answer.consistencyToken;
    return answer;
  }

  /** A command: must be accepted. */
  async command(method: string, url: string, body: unknown): Promise<Answer> {
    const answer = await this.call(method, url, body);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer;
  }

  /**
   * A read that waits for the projections (the consistency token). A 503 says they did not catch
   * up within the bank's wait (a killed worker's partitions move after the session timeout): ask
   * again, as a client would.
   */
  async read(url: string): Promise<any> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const answer = await this.call('GET', url);
      if (answer.status === 200) return answer.body.data;
      if (answer.status !== 503 || Date.now() > deadline) {
        throw new Error(`GET ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

interface FlowHooks {
  /** After a burst of deposits is acknowledged, while the workers are still projecting it. */
  afterBurst?(): Promise<void>;
  /** Between the own-account transfer and the transfer to another customer. */
  beforePayingOthers?(): Promise<void>;
}

const cents = (amount: number) => Math.round(amount * 100);
const [CHECKING, SAVINGS, MONEY_MARKET] = [
  'Premium Checking',
  'High Yield Savings',
  'Money Market',
];

/**
 * One customer journey, the same commands on any bank: two customers register, the teller
 * deposits, Maya moves money between her own accounts, pays Sam by a same-bank transfer and by
 * Zelle; then what each of them sees. Answers are reduced to what does not depend on generated
 * ids or clocks, so two banks given the same commands must answer the same.
 */
async function customerFlow(send: () => Send, opsToken: string, hooks: FlowHooks = {}) {
  const teller = new Caller(send);
  teller.token = opsToken;
  const register = async (name: string) => {
    const caller = new Caller(send);
    const payload = registrationPayload({ name });
    const registered = await caller.command('POST', '/api/register', payload);
    caller.token = registered.body.data.token;
    const accounts = (await caller.read('/api/accounts')).accounts as {
      id: string;
      account_number: string;
      name: string;
    }[];
    const account = (name: string) => accounts.find((a) => a.name === name)!;
    return { caller, payload, id: registered.body.data.user.id as string, account };
  };
  const maya = await register('Maya Chen');
  const sam = await register('Sam Lee');
  // Sam proves his email with the code the staff outbox holds: Maya's payments then reach him.
  await proveContact(
    (url, body) => sam.caller.call('POST', url, body),
    (kind) =>
      staffOutboxCode((url) => teller.call('GET', url), sam.account(CHECKING).account_number, kind),
    'email',
  );
  const deposit = (accountNumber: string, amount: number, description: string) =>
    teller.command('POST', '/api/ops/deposits', {
      account_number: accountNumber,
      amount,
      description,
    });

  await deposit(maya.account(CHECKING).account_number, 1000, 'Opening deposit');
  await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      deposit(maya.account(MONEY_MARKET).account_number, (100 + i) / 100, `Burst ${i}`),
    ),
  );
  await hooks.afterBurst?.();

  maya.caller.consistencyToken = teller.consistencyToken;
  await maya.caller.command('POST', '/api/transfers/between-accounts', {
    fromAccount: maya.account(CHECKING).id,
    toAccount: maya.account(SAVINGS).id,
    amount: 200,
    memo: 'Rainy day',
  });
  await hooks.beforePayingOthers?.();

  await maya.caller.command('POST', '/api/transfers/same-bank', {
    fromAccount: maya.account(CHECKING).id,
    amount: 75,
    memo: 'Dinner',
    recipientEmail: sam.payload.email,
    recipientId: sam.id,
  });
  await maya.caller.command('POST', '/api/zelle/send', {
    bank_account_id: maya.account(CHECKING).id,
    amount: 42.5,
    recipient_name: 'Sam Lee',
    recipient_email: sam.payload.email,
    memo: 'Tickets',
  });
  for (let i = 0; i < 4; i += 1) {
    await deposit(sam.account(SAVINGS).account_number, 10 + i, `After the kills ${i}`);
  }

  const seen = async (customer: typeof maya) => {
    // The teller's deposits came last: their token covers every command of the journey.
    customer.caller.consistencyToken = teller.consistencyToken;
    const dashboard = await customer.caller.read('/api/dashboard');
    const history = await customer.caller.read('/api/dashboard/comprehensive-history');
    const notifications = await customer.caller.read('/api/notifications?per_page=200');
    return {
      accounts: (
        dashboard.accounts as { name: string; balance: number; available_balance: number }[]
      )
        .map((a) => ({ name: a.name, balance: a.balance, available: a.available_balance }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      total: dashboard.total_balance as number,
      history: (
        history.transactions as {
          description: string;
          amount: number;
          type: string;
          status: string;
        }[]
      )
        .map((t) => `${t.type} ${t.amount} ${t.status} ${t.description}`)
        .sort(),
      notifications: (notifications.notifications as { title: string }[])
        .map((n) => n.title)
        .sort(),
    };
  };
  return { maya: await seen(maya), sam: await seen(sam) };
}

function fetchSend(base: () => string): () => Send {
  return () => async (method, url, body, headers) => {
    const send = () =>
      fetch(`${base()}${url}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    let response = await send();
    // As a client does: a 503 with Retry-After (the edge found an instance gone) is sent again.
    for (
      let retry = 0;
      response.status === 503 && response.headers.has('retry-after');
      retry += 1
    ) {
      if (retry === 3) break;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      response = await send();
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return {
      status: response.status,
      body: parsed,
      consistencyToken: response.headers.get('x-consistency-token') ?? undefined,
    };
  };
}

function injectSend(bank: TestBank): () => Send {
  return () => async (method, url, body, headers) => {
    const response = await bank.app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    let parsed: unknown = response.body;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      /* not JSON */
    }
    const token = response.headers['x-consistency-token'];
    return {
      status: response.statusCode,
      body: parsed,
      consistencyToken: typeof token === 'string' ? token : undefined,
    };
  };
}

/** `npm run <script> -- args` as an operator runs it: exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Scale mode as the README tells an operator to run it: a KRaft broker, PostgreSQL
 * and Redis, then every service as a separate `npm run start:*` process (command-api ×2,
 * query-api, projections ×2, jobs, the edge). A customer journey goes through the edge while a
 * projection worker and a command-api are SIGKILLed; the books and read models must end exact,
 * equal to a rebuild from the log, to `npm run audit -- verify`, and to what the embedded
 * one-process bank answers for the same commands.
 */
describe('scale mode flow, as separate processes behind the edge', () => {
  let broker: KafkaBroker;
  let pool: Pool;
  let ownerUrl: string;
  let env: Record<string, string>;
  const running: Partial<Record<ServiceScript, ServiceProcess[]>> = {};
  let edgeUrl = '';
  let embedded: TestBank | undefined;

  const startEdge = async () => {
    const urls = (script: ServiceScript) => running[script]!.map((s) => s.url).join(',');
    const edge = await startService(
      'start:edge',
      {
        COMMAND_API_URLS: urls('start:command-api'),
        QUERY_API_URLS: urls('start:query-api'),
        PROJECTIONS_URLS: urls('start:projections'),
        JOBS_URLS: urls('start:jobs'),
      },
      STARTUP_TIMEOUT_MS,
    );
    running['start:edge'] = [edge];
    edgeUrl = edge.url;
  };

  beforeAll(async () => {
    broker = await startKafkaBroker();
    const databaseUrl = await createTestDatabase();
    ownerUrl = testDatabaseUrlAs(databaseUrl, 'owner');
    pool = createPool(ownerUrl, 4);
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: testRedisUrl(),
      KAFKA_BROKERS: broker.brokers.join(','),
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      OPS_TOKEN: `ops-${randomBytes(8).toString('hex')}`,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bank-flow-')),
      PG_POOL_SIZE: '6',
    };
    // All at once, as a service manager would; on a busy machine each takes a while to start.
    const scripts = (Object.keys(SCALE_TOPOLOGY) as ServiceScript[]).filter(
      (script) => script !== 'start:edge',
    );
    const started = await startTogether(
      scripts.flatMap((script) =>
        Array.from({ length: SCALE_TOPOLOGY[script] }, () =>
          startService(script, env, STARTUP_TIMEOUT_MS),
        ),
      ),
    );
    for (const service of started) (running[service.name as ServiceScript] ??= []).push(service);
    await startEdge();
  }, 3 * STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(
      Object.values(running)
        .flat()
        .map((s) => s.stop()),
    );
    await embedded?.stop();
    await pool?.end();
    await broker?.destroy();
  });

  it('runs a customer journey through the edge while a worker and a command-api die, and ends exact', async () => {
    // As an operator does: wait until the edge reports the instances up. A projection worker
    // may report itself degraded while it waits for partitions; its answer is printed.
    const health = async () =>
      (
        (await (await fetch(`${edgeUrl}/api/health`)).json()) as {
          data: { services: Record<string, boolean> };
        }
      ).data.services;
    await expect.poll(health, { timeout: STARTUP_TIMEOUT_MS, interval: 1000 }).toMatchObject({
      'command-api#1': true,
      'command-api#2': true,
      'jobs#1': true,
      'query-api#1': true,
    });
    expect(Object.keys(await health()).sort()).toEqual([
      'command-api#1',
      'command-api#2',
      'jobs#1',
      'projections#1',
      'projections#2',
      'query-api#1',
    ]);
    for (const worker of running['start:projections']!) {
      const answer = await fetch(`${worker.url}/api/health`);
      if (answer.status !== 200) console.log('projection worker health', await answer.text());
    }

    const killed: string[] = [];
    const viaServices = await customerFlow(
      fetchSend(() => edgeUrl),
      env.OPS_TOKEN!,
      {
        async afterBurst() {
          await running['start:projections']![0]!.kill();
          killed.push('projections#1');
        },
        async beforePayingOthers() {
          await running['start:command-api']![0]!.kill();
          killed.push('command-api#1');
          // The edge takes the dead instance out of its rotation by itself: the journey goes on
          // through the same edge.
          running['start:command-api']!.shift();
          running['start:projections']!.shift();
        },
      },
    );
    expect(killed).toEqual(['projections#1', 'command-api#1']);

    // Exact books: what the journey moved, to the cent.
    const balance = (seen: typeof viaServices.maya, name: string) =>
      cents(seen.accounts.find((a) => a.name === name)!.balance);
    expect(balance(viaServices.maya, CHECKING)).toBe(100_000 - 20_000 - 7_500 - 4_250);
    expect(balance(viaServices.maya, SAVINGS)).toBe(20_000);
    expect(balance(viaServices.maya, MONEY_MARKET)).toBe(
      Array.from({ length: 12 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0),
    );
    expect(balance(viaServices.sam, CHECKING)).toBe(7_500 + 4_250);
    expect(balance(viaServices.sam, SAVINGS)).toBe(1_000 + 1_100 + 1_200 + 1_300);
    expect(viaServices.sam.history).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^credit 42\.5 completed Zelle payment from Maya Chen$/),
      ]),
    );
    expect(viaServices.sam.notifications).toContain('Money received');

    // The read models equal a rebuild from the log (the embedded runner's code), table by table.
    // The jobs service stops first: its price refresh appends every 30 s, and one appended between
    // the two readings would be in the rebuild only.
    await Promise.all(running['start:jobs']!.map((jobs) => jobs.stop()));
    await waitForProjections(pool);
    const viaKafka = await readModelHashes(pool);
    const { store } = createBankStore(pool, Buffer.from(env.SECRETS_KEY!, 'hex'));
    await rebuildAll(pool, store);
    expect(await readModelHashes(pool)).toEqual(viaKafka);

    // The auditors' check of hash chains, books and read models, as an operator runs it.
    const verify = await runScript('audit', ['verify'], {
      DATABASE_URL: env.DATABASE_URL!,
      MIGRATION_DATABASE_URL: ownerUrl,
      DATA_DIR: env.DATA_DIR!,
    });
    expect(verify.output).toMatch(/: 0 findings;/);
    expect(verify.code, verify.output).toBe(0);

    // The one-process bank given the same commands answers the same, cent for cent.
    embedded = await startTestBank();
    const viaEmbedded = await customerFlow(injectSend(embedded), embedded.opsToken);
    expect(viaServices).toEqual(viaEmbedded);
  }, 900_000);
});
