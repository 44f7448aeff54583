import { appendUnreadableCredit } from '@bank/audit/testing';
import { bankDate } from '@bank/events';
import { createPool } from '@bank/infra';
import {
  ApiClient,
  deposit,
  longestHoldDuring,
  pdfText,
  repeatCredits,
  signedUpCustomer,
  startTestBank,
  testDatabaseUrlAs,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let bank: TestBank;
let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
let auditor: ApiClient;
let checking: { id: string; account_number: string };
let afterFirstDeposit: Date;

beforeAll(async () => {
  bank = await startTestBank();
  customer = await signedUpCustomer(bank);
  checking = customer.accounts[0]!;
  await deposit(bank, checking.account_number, 100);
  await new Promise((r) => setTimeout(r, 30));
  afterFirstDeposit = new Date();
  await new Promise((r) => setTimeout(r, 30));
  await deposit(bank, checking.account_number, 50.25);
  await bank.runner.catchUp();

  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  const issued = await ops.post('/api/ops/auditors', { name: 'External auditor' });
  expect(issued.status).toBe(201);
  auditor = new ApiClient(bank);
  auditor.token = issued.body.data.token;
});
afterAll(() => bank?.stop());

/**
 * Longest the event loop may be held while twenty thousand steps of one customer's history are
 * replayed and written (25 MB): 30–85 ms on a quiet machine, more on one running three test files
 * on its two cores; gathered and written in one go, they held it for 310–870 ms on a quiet one.
 */
const LONG_REPLAY_MAX_HOLD_MS = 200;

describe('auditor credentials and role separation', () => {
  it('only the ops token issues auditor credentials, and the name is required', async () => {
    const anonymous = new ApiClient(bank);
    expect((await anonymous.post('/api/ops/auditors', { name: 'x' })).status).toBe(401);
    expect((await customer.client.post('/api/ops/auditors', { name: 'x' })).status).toBe(403);
    expect((await auditor.post('/api/ops/auditors', { name: 'x' })).status).toBe(403);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const missing = await ops.post('/api/ops/auditors', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.name).toEqual(['The name field is required.']);
    const { rows } = await bank.pool.query('SELECT token_hash FROM auditor_credentials');
    expect(rows.map((r) => r.token_hash.toString())).not.toContain(auditor.token);
  });

  it('accepts an auditor token on /api/audit only; customer and ops tokens are refused there', async () => {
    const url = `/api/audit/accounts/${checking.id}/balance`;
    expect((await auditor.get(url)).status).toBe(200);
    expect((await customer.client.get(url)).status).toBe(403);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    expect((await ops.get(url)).status).toBe(403);
    expect((await new ApiClient(bank).get(url)).status).toBe(401);
    const forged = new ApiClient(bank);
    forged.token = 'not-a-real-auditor-token-0123456789';
    expect((await forged.get(url)).status).toBe(401);
    // ...and an auditor token opens nothing else.
    expect((await auditor.get('/api/accounts')).status).toBe(401);
    expect((await auditor.get('/api/user')).status).toBe(401);
    expect((await auditor.get('/api/ops/ledger')).status).toBe(403);
  });
});

describe('audit API', () => {
  it('lists an account’s events with positions and metadata', async () => {
    const response = await auditor.get(`/api/audit/accounts/${checking.id}/events`);
    expect(response.status).toBe(200);
    const events = response.body.data.events;
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'AccountOpened',
      'AccountCredited',
      'AccountCredited',
    ]);
    expect(events[1]).toMatchObject({
      version: 2,
      actor: 'ops',
      data: { amount: 10_000, contra: 'cash:teller' },
    });
    expect(events[1].position).toBeGreaterThan(events[0].position);
    expect(typeof events[1].correlation_id).toBe('string');
    expect(Date.parse(events[1].recorded_at)).not.toBeNaN();
    expect(events[1].hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('re-derives the balance at any instant from the events', async () => {
    const past = await auditor.get(
      `/api/audit/accounts/${checking.id}/balance?at=${afterFirstDeposit.toISOString()}`,
    );
    expect(past.body.data).toMatchObject({ balance: 100, held: 0, available_balance: 100 });
    const before = await auditor.get(`/api/audit/accounts/${checking.id}/balance?at=2000-01-01`);
    expect(before.body.data.balance).toBe(0);
    const now = await auditor.get(`/api/audit/accounts/${checking.id}/balance`);
    expect(now.body.data).toMatchObject({ balance: 150.25, source: 'event_log' });
    const accounts = await customer.client.get('/api/accounts');
    const shown = accounts.body.data.accounts.find((a: { id: string }) => a.id === checking.id);
    expect(shown.balance).toBe(now.body.data.balance);
    const bad = await auditor.get(`/api/audit/accounts/${checking.id}/balance?at=yesterday`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.at[0]).toMatch(/ISO 8601/);
    const unknown = await auditor.get(`/api/audit/accounts/${crypto.randomUUID()}/balance`);
    expect(unknown.status).toBe(404);
  });

  it('answers the balance without an event it cannot read, and names that event', async () => {
    const other = await signedUpCustomer(bank);
    const account = other.accounts[0]!;
    await deposit(bank, account.account_number, 80);
    // Appended by the cluster's superuser (the bank's own role cannot write the log).
    const superuser = createPool(testDatabaseUrlAs(bank.config.databaseUrl!, 'superuser'), 1);
    try {
      const unreadable = await appendUnreadableCredit(superuser, account.id);
      await bank.runner.catchUp();
      const response = await auditor.get(`/api/audit/accounts/${account.id}/balance`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        balance: 80,
        held: 0,
        available_balance: 80,
        events_applied: 1,
      });
      expect(response.body.data.skipped_events).toEqual([
        {
          stream_id: `account-${account.id}`,
          version: unreadable.version,
          position: unreadable.position,
          type: 'AccountCredited',
          schema_version: 1,
          reason: expect.stringMatching(/^amount: .*number/),
        },
      ]);
      // The bank passed over it too: the figure is the customer's own.
      const accounts = await other.client.get('/api/accounts');
      const shown = accounts.body.data.accounts.find((a: { id: string }) => a.id === account.id);
      expect(shown.balance).toBe(80);
      // A statement over it adds up without it, rather than failing.
      const statement = await auditor.get(
        `/api/audit/accounts/${account.id}/statement?from=2000-01-01&to=2100-01-01&format=json`,
      );
      expect(statement.status).toBe(200);
      expect(statement.body.data.closing_balance).toBe(80);
    } finally {
      await superuser.end();
    }
    // Without one, the field is absent.
    const clean = await auditor.get(`/api/audit/accounts/${checking.id}/balance`);
    expect(clean.body.data).not.toHaveProperty('skipped_events');
  });

  it('produces a CSV statement that adds up: opening + lines = closing', async () => {
    const from = afterFirstDeposit.toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const response = await auditor.get(
      `/api/audit/accounts/${checking.id}/statement?from=${from}&to=${to}&format=csv`,
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const rows = String(response.body)
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]).toEqual([
      'date',
      'description',
      'reference',
      'kind',
      'amount',
      'balance',
      'stream_version',
      'position',
    ]);
    const cents = (text: string) => Math.round(Number(text) * 100);
    const opening = cents(rows[1]![5]!);
    const closing = cents(rows[rows.length - 1]![5]!);
    const lines = rows.slice(2, -1);
    expect(opening).toBe(10_000);
    expect(lines).toHaveLength(1);
    expect(lines[0]![4]).toBe('50.25');
    expect(opening + lines.reduce((sum, line) => sum + cents(line[4]!), 0)).toBe(closing);
    expect(closing).toBe(15_025);
  });

  it('produces a valid PDF statement showing the figures', async () => {
    const response = await bank.app.inject({
      method: 'GET',
      url: `/api/audit/accounts/${checking.id}/statement?from=2000-01-01&to=2100-12-31&format=pdf`,
      headers: { authorization: `Bearer ${auditor.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const text = pdfText(pdf);
    expect(text).toContain('Opening balance: $0.00');
    expect(text).toContain('Closing balance: $150.25');
    expect(text).toContain('$100.00');
    expect(text).toContain('$50.25');
    expect(text).toContain(checking.account_number);
  });

  it("draws a customer's statement month with ?month=, to the cent of the customer's own", async () => {
    const month = bankDate(new Date()).slice(0, 7);
    const audited = await auditor.get(
      `/api/audit/accounts/${checking.id}/statement?month=${month}&format=json`,
    );
    expect(audited.status).toBe(200);
    const theirs = await customer.client.get(`/api/accounts/${checking.id}/statements/${month}`);
    expect(theirs.status).toBe(200);
    const figures = (s: Record<string, unknown>) => ({
      opening: s.opening_balance,
      credits: s.total_credits,
      debits: s.total_debits,
      closing: s.closing_balance,
    });
    expect(figures(audited.body.data)).toEqual(figures(theirs.body.data));
    expect(audited.body.data.closing_balance).toBe(150.25);
    expect(audited.body.data.lines).toHaveLength(2);
    // The month in progress ends now, as the customer's statement to date does.
    expect(new Date(audited.body.data.to).getTime()).toBeLessThanOrEqual(Date.now());
    const csv = await auditor.get(`/api/audit/accounts/${checking.id}/statement?month=${month}`);
    expect(String(csv.body)).toContain('Interest paid to date');
  });

  it('refuses a bad statement period with field errors', async () => {
    const base = `/api/audit/accounts/${checking.id}/statement`;
    const reversed = await auditor.get(`${base}?from=2025-02-01&to=2025-01-01`);
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.to).toEqual(['The to date must be after the from date.']);
    const missing = await auditor.get(`${base}?to=2025-01-01`);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toContain('from');
    const format = await auditor.get(`${base}?from=2025-01-01&to=2025-02-01&format=xls`);
    expect(format.status).toBe(422);
    const both = await auditor.get(`${base}?month=2025-01&from=2025-01-01&to=2025-02-01`);
    expect(both.body.errors.month).toEqual(['Give either a month or from and to, not both.']);
    for (const month of ['2025-13', '2999-01', 'January', '2025-1']) {
      const bad = await auditor.get(`${base}?month=${month}`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors.month).toEqual([
        'The month must be a month begun already, as YYYY-MM.',
      ]);
    }
  });

  it("refuses statement and balance dates outside the bank's era, 1900-01-01 to 9999-12-31", async () => {
    const base = `/api/audit/accounts/${checking.id}/statement`;
    const era = (field: string) => [`The ${field} date must be between 1900-01-01 and 9999-12-31.`];
    const refused = [
      ['from=0000-01-01&to=2025-01-01', 'from'],
      ['from=1899-12-31&to=2025-01-01', 'from'],
      // One hour before 1900-01-01 in UTC.
      ['from=1900-01-01T00:00:00%2B01:00&to=2025-01-01', 'from'],
      ['from=2025-01-01&to=0000-01-01', 'to'],
      // Four hours into the year 10000 in UTC.
      ['from=2025-01-01&to=9999-12-31T23:00:00-05:00', 'to'],
    ] as const;
    for (const [query, field] of refused) {
      const bad = await auditor.get(`${base}?${query}&format=json`);
      expect(bad.status, query).toBe(422);
      expect(bad.body.errors, query).toEqual({ [field]: era(field) });
    }
    // The era's first and last days are in it.
    const whole = await auditor.get(`${base}?from=1900-01-01&to=9999-12-31&format=json`);
    expect(whole.status).toBe(200);
    expect(whole.body.data.from).toBe('1900-01-01T00:00:00.000Z');
    expect(whole.body.data.closing_balance).toBe(150.25);
    // An inverted or empty range is still refused as one.
    for (const query of [
      'from=2025-02-01&to=2025-01-01',
      'from=2025-01-01T12:00Z&to=2025-01-01T12:00Z',
    ]) {
      const inverted = await auditor.get(`${base}?${query}`);
      expect(inverted.status, query).toBe(422);
      expect(inverted.body.errors, query).toEqual({
        to: ['The to date must be after the from date.'],
      });
    }

    const balance = `/api/audit/accounts/${checking.id}/balance`;
    for (const at of ['0000-01-01', '1899-12-31T23:59:59Z']) {
      const bad = await auditor.get(`${balance}?at=${at}`);
      expect(bad.status, at).toBe(422);
      expect(bad.body.errors, at).toEqual({ at: era('at') });
    }
    expect((await auditor.get(`${balance}?at=1900-01-01`)).body.data.balance).toBe(0);
  });

  it('replays a customer’s history step by step with the balances after each event', async () => {
    const response = await auditor.get(`/api/audit/customers/${customer.user.id}/replay`);
    expect(response.status).toBe(200);
    const steps = response.body.data.steps;
    const positions = steps.map((s: { event: { position: number } }) => s.event.position);
    expect(positions).toEqual([...positions].sort((a: number, b: number) => a - b));
    const credits = steps.filter(
      (s: { event: { type: string; stream_id: string } }) =>
        s.event.type === 'AccountCredited' && s.event.stream_id === `account-${checking.id}`,
    );
    const balanceOf = (step: { balances: { account_id: string; balance: number }[] }) =>
      step.balances.find((b) => b.account_id === checking.id)!.balance;
    expect(credits.map(balanceOf)).toEqual([100, 150.25]);
    expect(balanceOf(steps[steps.length - 1])).toBe(150.25);
    expect((await auditor.get(`/api/audit/customers/${crypto.randomUUID()}/replay`)).status).toBe(
      404,
    );
  });
});

describe('GET /api/ops/metrics', () => {
  it('shows per-projection lag in the Prometheus text format, with the ops token only', async () => {
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const response = await ops.get('/api/ops/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
    expect(response.body).toContain('# TYPE bank_projection_lag_events gauge');
    expect(response.body).toMatch(/bank_projection_lag_events\{projection="accounts"\} \d+/);
    expect(response.body).toMatch(/bank_projection_lag_milliseconds\{projection="accounts"\} \d+/);
    expect((await auditor.get('/api/ops/metrics')).status).toBe(403);
    expect((await customer.client.get('/api/ops/metrics')).status).toBe(403);
  });
});

describe('a long history', () => {
  it('is replayed for an auditor without holding other requests', async () => {
    const long = await signedUpCustomer(bank, { name: 'Long History' });
    const account = long.accounts[0]!;
    await deposit(bank, account.account_number, 1);
    const copies = 20_000;
    await repeatCredits(bank, account.id, copies);
    const replay = (payloadAsStream: boolean) =>
      bank.app.inject({
        method: 'GET',
        url: `/api/audit/customers/${long.user.id}/replay`,
        headers: { authorization: `Bearer ${auditor.token}` },
        payloadAsStream,
      });
    // Read as a client reads it, chunk by chunk, counted and dropped: joining and decoding 25 MB
    // is this test's work, not the bank's, and would be measured with it otherwise.
    const replayedBytes = async () => {
      const answer = await replay(true);
      expect(answer.statusCode).toBe(200);
      let bytes = 0;
      for await (const chunk of answer.stream()) bytes += (chunk as Buffer).length;
      return bytes;
    };
    const longestHolds: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const { result: bytes, longestHoldMs } = await longestHoldDuring(replayedBytes);
      expect(bytes).toBeGreaterThan(copies * 500);
      longestHolds.push(longestHoldMs);
    }
    const steps = (await replay(false)).json().data.steps as {
      step: number;
      balances: { account_id: string; balance: number }[];
    }[];
    expect(steps.map((s) => s.step)).toEqual(steps.map((_, i) => i + 1));
    const last = steps.at(-1)!.balances.find((b) => b.account_id === account.id);
    expect(last?.balance).toBe(copies + 1);
    expect(Math.min(...longestHolds)).toBeLessThan(LONG_REPLAY_MAX_HOLD_MS);
  }, 120_000);
});
