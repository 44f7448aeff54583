import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '@bank/infra';
import {
  cardPurchase,
  deposit,
  signedUpCustomer,
  startTestBank,
  testDatabaseUrlAs,
  type TestBank,
} from '../testing/index.ts';
import { readPublishedHeads } from '@bank/audit';
import { appendUnreadableCredit } from '@bank/audit/testing';
import { PUBLISH_DIGEST_JOB } from '../digest-job.ts';
import { EVENT_COLUMNS } from './audit-commands.ts';
import { auditCli } from '../testing/audit-cli.ts';

let bank: TestBank;
/** The CLI's connection (the schema owner's) and an intruder's (the cluster's superuser). */
let operator: Pool;
let superuser: Pool;
let accountId: string;
let customerId: string;

const audit = auditCli(
  () => operator,
  () => bank.config,
);

/** Runs SQL as the database superuser with user triggers off, as an intruder would. */
async function asSuperuser(sql: string, params: unknown[] = []) {
  const client = await superuser.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await client.query(sql, params);
  } finally {
    await client.query('RESET session_replication_role');
    client.release();
  }
}

beforeAll(async () => {
  bank = await startTestBank();
  operator = createPool(testDatabaseUrlAs(bank.config.databaseUrl!, 'owner'), 4);
  superuser = createPool(testDatabaseUrlAs(bank.config.databaseUrl!, 'superuser'), 4);
  const customer = await signedUpCustomer(bank);
  customerId = customer.user.id;
  accountId = customer.accounts[0]!.id;
  await deposit(bank, customer.accounts[0]!.account_number, 120);
  await deposit(bank, customer.accounts[0]!.account_number, 30);
  await bank.runner.catchUp();
});
afterAll(async () => {
  await operator?.end();
  await superuser?.end();
  await bank?.stop();
});

describe('npm run audit -- verify', () => {
  it('finds nothing wrong in an untouched log', async () => {
    const result = await audit('verify');
    expect(result.out).toMatch(/: 0 findings;/);
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/verify .*events\/s/);
  });

  it('catches an event altered directly in the database by a superuser', async () => {
    const { rows } = await bank.pool.query<{ global_position: number; data: object }>(
      `SELECT global_position, data FROM events WHERE stream_id = $1 AND stream_version = 2`,
      [`account-${accountId}`],
    );
    const original = rows[0]!;
    await asSuperuser(
      `UPDATE events SET data = jsonb_set(data, '{amount}', '99900') WHERE global_position = $1`,
      [original.global_position],
    );
    const tampered = await audit('verify');
    expect(tampered.code).toBe(1);
    const where = `[stream account-${accountId}, version 2, position ${original.global_position}]`;
    expect(tampered.out).toContain(`tampered_event: account-${accountId} v2`);
    expect(tampered.out).toContain(where);
    // The read model still shows what really happened: the difference names the altered event.
    expect(tampered.out).toMatch(
      new RegExp(
        `balance_mismatch: .*shows balance 150\\.00, the events give 1029\\.00; caused by the altered event`,
      ),
    );
    expect(tampered.out.split('\n').filter((l) => l.includes(where)).length).toBeGreaterThanOrEqual(
      2,
    );

    await asSuperuser('UPDATE events SET data = $2 WHERE global_position = $1', [
      original.global_position,
      original.data,
    ]);
    expect((await audit('verify')).code).toBe(0);
  });

  describe('catches a superuser who alters any field that matters, and names the event', () => {
    const stream = () => `account-${accountId}`;
    const renamed = '0b9d7a52-5c3e-4f0a-9d1e-2f1b3c4d5e6f';
    let v2: string;
    let v3: string;

    beforeAll(async () => {
      const { rows } = await bank.pool.query<{ global_position: string; stream_version: number }>(
        `SELECT global_position::text, stream_version FROM events
         WHERE stream_id = $1 AND stream_version IN (2, 3) ORDER BY stream_version`,
        [stream()],
      );
      [v2, v3] = rows.map((r) => r.global_position) as [string, string];
      await superuser.query(
        'CREATE TABLE tamper_saved AS SELECT * FROM events WHERE stream_id = $1',
        [stream()],
      );
    });
    afterAll(() => superuser.query('DROP TABLE tamper_saved'));

    // Each alteration is made as a superuser with the log's triggers off, then undone.
    const cases: [string, () => string, () => string[]][] = [
      [
        'metadata (who did it)',
        () =>
          `UPDATE events SET metadata = metadata || '{"actor":"intruder"}' WHERE global_position = ${v2}`,
        () => [`tampered_event: ${stream()} v2 (position ${v2})`],
      ],
      [
        'type (a credit made a debit)',
        () => `UPDATE events SET type = 'AccountDebited' WHERE global_position = ${v2}`,
        () => [
          `tampered_event: ${stream()} v2 (position ${v2})`,
          `balance_mismatch: account ${accountId}: rm_accounts shows balance 150.00, the events give -90.00; caused by the altered event ${stream()} v2`,
        ],
      ],
      [
        'stream (the account renamed)',
        () => `UPDATE events SET stream_id = 'account-${renamed}' WHERE stream_id = '${stream()}'`,
        () => [`tampered_event: account-${renamed} v1`, `account_unknown_to_log`],
      ],
      [
        'version (two events swapped)',
        () => `UPDATE events SET stream_version = 1000 WHERE global_position = ${v2};
               UPDATE events SET stream_version = 2 WHERE global_position = ${v3};
               UPDATE events SET stream_version = 3 WHERE global_position = ${v2}`,
        () => [`tampered_event: ${stream()} v2 (position ${v3})`],
      ],
      [
        'global position (two events swapped)',
        () => `UPDATE events SET global_position = -1 WHERE global_position = ${v2};
               UPDATE events SET global_position = ${v2} WHERE global_position = ${v3};
               UPDATE events SET global_position = ${v3} WHERE global_position = -1`,
        () => [`reordered_event: ${stream()} v3 (position ${v2})`],
      ],
      [
        'recorded_at',
        () =>
          `UPDATE events SET recorded_at = recorded_at - interval '1 day' WHERE global_position = ${v2}`,
        () => [`tampered_event: ${stream()} v2 (position ${v2})`],
      ],
      [
        'schema version (one the catalogue does not know)',
        () => `UPDATE events SET schema_version = 99 WHERE global_position = ${v2}`,
        () => [
          `tampered_event: ${stream()} v2 (position ${v2})`,
          `unreadable_event: ${stream()} v2 (position ${v2}) (AccountCredited schema version 99) cannot be read`,
        ],
      ],
      [
        'the stored hash itself',
        () => `UPDATE events SET hash = sha256('forged') WHERE global_position = ${v2}`,
        () => [
          `tampered_event: ${stream()} v2 (position ${v2})`,
          `tampered_event: ${stream()} v3 (position ${v3})`,
        ],
      ],
    ];

    it.each(cases)('%s', async (_field, alteration, expected) => {
      await asSuperuser(alteration());
      try {
        const result = await audit('verify');
        expect(result.code).toBe(1);
        for (const text of expected()) expect(result.out).toContain(text);
      } finally {
        await asSuperuser(`DELETE FROM events WHERE event_id IN (SELECT event_id FROM tamper_saved);
                           INSERT INTO events SELECT * FROM tamper_saved`);
      }
      expect((await audit('verify')).code).toBe(0);
    });
  });

  it('catches a deleted event (ALTER TABLE … DISABLE TRIGGER USER)', async () => {
    const copy = await superuser.connect();
    try {
      await copy.query('ALTER TABLE events DISABLE TRIGGER USER');
      await copy.query(
        `CREATE TEMP TABLE saved AS SELECT * FROM events WHERE stream_id = $1 AND stream_version = 2`,
        [`account-${accountId}`],
      );
      await copy.query('DELETE FROM events WHERE stream_id = $1 AND stream_version = 2', [
        `account-${accountId}`,
      ]);
      await copy.query('ALTER TABLE events ENABLE TRIGGER USER');
      const result = await audit('verify');
      expect(result.code).toBe(1);
      expect(result.out).toContain(
        `missing_event: account-${accountId}: versions 2..2 are missing`,
      );
      await copy.query('ALTER TABLE events DISABLE TRIGGER USER');
      await copy.query('INSERT INTO events SELECT * FROM saved');
      await copy.query('ALTER TABLE events ENABLE TRIGGER USER');
    } finally {
      copy.release();
    }
    expect((await audit('verify')).code).toBe(0);
  });

  it('reports a read model that disagrees with the log, with the event it should show', async () => {
    await bank.pool.query(
      'UPDATE rm_accounts SET balance_cents = balance_cents + 1 WHERE account_id = $1',
      [accountId],
    );
    const result = await audit('verify');
    expect(result.code).toBe(1);
    const { rows } = await bank.pool.query<{ global_position: number }>(
      `SELECT global_position FROM events WHERE stream_id = $1 AND stream_version = 3`,
      [`account-${accountId}`],
    );
    expect(result.out).toContain(
      `balance_mismatch: account ${accountId}: rm_accounts shows balance 150.01, the events give 150.00`,
    );
    expect(result.out).toContain(
      `[stream account-${accountId}, version 3, position ${rows[0]!.global_position}]`,
    );
    expect(result.out).not.toContain('tampered_event');
    await bank.pool.query(
      'UPDATE rm_accounts SET balance_cents = balance_cents - 1 WHERE account_id = $1',
      [accountId],
    );
  });
});

describe('published digests', () => {
  const stream = () => `account-${accountId}`;
  let digests: string;
  /** A digest file with nothing published in it yet: verify then has the chains alone. */
  let empty: string;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'digests-'));
    digests = path.join(dir, 'digests.log');
    empty = path.join(dir, 'empty.log');
    writeFileSync(empty, '');
    const published = await audit('publish-digest', '--out', digests);
    expect(published.code).toBe(0);
    expect(published.out).toMatch(/Published the heads of \d+ streams/);
  });

  it('are published by the bank at start and on schedule, to DATA_DIR/digests.log', async () => {
    const file = path.join(bank.config.dataDir, 'digests.log');
    await expect.poll(() => existsSync(file), { timeout: 30_000 }).toBe(true);
    // The scheduled run, now: it adds the streams changed since the first line.
    await bank.jobs!.queue.add(PUBLISH_DIGEST_JOB, {});
    await expect
      .poll(() => readPublishedHeads(file).get(stream())?.version, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(2);
  });

  it('must be there and be digest records when an auditor names them, or nothing is verified', async () => {
    const missing = await audit('verify', '--digests', path.join(path.dirname(digests), 'no-such'));
    expect(missing.code).toBe(2);
    expect(missing.out).toBe('');
    expect(missing.err).toMatch(/^No digest file at .*no-such\.\n/);

    const garbled = path.join(path.dirname(digests), 'garbled.log');
    const lines = readFileSync(digests, 'utf8').trim().split('\n');
    for (const bad of [
      '{"at":',
      '{"at":"2026-01-01T00:00:00Z","upTo":"1","heads":{"s":[1,"x"]}}',
      '42',
    ]) {
      writeFileSync(garbled, `${lines[0]}\n\n${bad}\n`);
      const refused = await audit('verify', '--digests', garbled);
      expect(refused.code, bad).toBe(2);
      expect(refused.out, bad).toBe('');
      expect(refused.err, bad).toContain(
        `${garbled}, line 3: not a digest record: nothing was verified.`,
      );
    }

    const alone = await audit('verify', '--digests', empty);
    expect(alone.code).toBe(0);
    expect(alone.err).toContain(`No published digest in ${empty}`);
  });

  it('tell a stream re-hashed after an alteration, which the chains alone cannot', async () => {
    const { rows } = await superuser.query<{ global_position: string; metadata: object }>(
      `SELECT global_position::text, metadata FROM events WHERE stream_id = $1
        ORDER BY stream_version DESC LIMIT 1`,
      [stream()],
    );
    const last = rows[0]!;
    const rehash = `UPDATE events e SET hash = event_hash(p.hash, e.event_id, e.stream_id,
                      e.stream_version, e.type, e.schema_version, e.data, e.metadata, e.recorded_at)
                      FROM events p WHERE p.stream_id = e.stream_id
                       AND p.stream_version = e.stream_version - 1 AND e.global_position = $1`;
    await asSuperuser(
      `UPDATE events SET metadata = metadata || '{"actor":"intruder"}' WHERE global_position = $1`,
      [last.global_position],
    );
    await asSuperuser(rehash, [last.global_position]);
    try {
      const alone = await audit('verify', '--digests', empty);
      expect(alone.out).toMatch(/: 0 findings;/);
      expect(alone.err).toMatch(/No published digest/);

      const compared = await audit('verify', '--digests', digests);
      expect(compared.code).toBe(1);
      expect(compared.out).toMatch(
        new RegExp(
          `rewritten_since_published: ${stream()} v\\d+ \\(position ${last.global_position}\\) does not have the hash the digest published`,
        ),
      );
    } finally {
      await asSuperuser('UPDATE events SET metadata = $2 WHERE global_position = $1', [
        last.global_position,
        last.metadata,
      ]);
      await asSuperuser(rehash, [last.global_position]);
    }
    expect((await audit('verify', '--digests', digests)).code).toBe(0);
  });

  it('tell a stream whose newest events were removed', async () => {
    await superuser.query(
      `CREATE TABLE digest_saved AS SELECT * FROM events WHERE stream_id = $1
        ORDER BY stream_version DESC LIMIT 1`,
      [stream()],
    );
    try {
      await asSuperuser('DELETE FROM events WHERE event_id IN (SELECT event_id FROM digest_saved)');
      const alone = await audit('verify', '--digests', empty);
      expect(alone.out).not.toContain('truncated_since_published');
      const compared = await audit('verify', '--digests', digests);
      expect(compared.code).toBe(1);
      expect(compared.out).toMatch(
        new RegExp(
          `truncated_since_published: ${stream()} ends at version \\d+, but the digest published at .* recorded version`,
        ),
      );
    } finally {
      await asSuperuser('INSERT INTO events SELECT * FROM digest_saved');
      await superuser.query('DROP TABLE digest_saved');
    }
    expect((await audit('verify', '--digests', digests)).code).toBe(0);
  });
});

describe('the other audit commands', () => {
  it('lists events, balances, statements, replays and lag', async () => {
    const events = await audit('events', accountId);
    expect(events.code).toBe(0);
    const [header, ...lines] = events.out.split('\n');
    expect(header!.split(/ +/)).toEqual([...EVENT_COLUMNS]);
    expect(EVENT_COLUMNS).toContain('value_date');
    expect(lines).toHaveLength(3);
    // A teller deposit counts when it was recorded: it has no value date of its own.
    expect(events.out).toMatch(/v2 +AccountCredited +120\.00 +\S+Z +- +.* ops /);

    // A posting dated back shows both dates, the value date being the one statements use.
    const other = await signedUpCustomer(bank);
    await deposit(bank, other.accounts[0]!.account_number, 10);
    const occurredAt = new Date('2024-03-31T15:00:00Z');
    await cardPurchase(bank, other.accounts[0]!.id, 1_25, { name: 'Bakery', occurredAt });
    const dated = await audit('events', other.accounts[0]!.id);
    expect(dated.out).toMatch(
      /v3 +AccountDebited +1\.25 +\S+Z +2024-03-31T15:00:00\.000Z +system:card-network /,
    );

    const balance = await audit('balance', accountId, '--at', new Date().toISOString());
    expect(balance.out).toMatch(/balance +150\.00/);
    expect((await audit('balance', accountId, '--at', '1999-12-31')).out).toMatch(/balance +0\.00/);

    const csv = await audit('statement', accountId, '--from', '2000-01-01', '--to', '2100-01-01');
    expect(csv.out.split('\r\n')[1]).toMatch(/Opening balance,,opening,,0\.00/);
    expect(csv.out).toMatch(/Closing balance,,closing,,150\.00/);
    // A description is shown opened or as [sealed], never as its ciphertext.
    expect(csv.out).not.toContain('pii');
    // Dates outside the bank's era are refused, not shown as a statement opening in year 0.
    for (const period of [
      ['--from', '0000-01-01', '--to', '2100-01-01'],
      ['--from', '2000-01-01', '--to', '9999-12-31T23:00:00-05:00'],
    ]) {
      const refused = await audit('statement', accountId, ...period);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/--from and --to must be between 1900-01-01 and 9999-12-31/);
      expect(refused.out).toBe('');
    }
    const yearZero = await audit('balance', accountId, '--at', '0000-01-01');
    expect(yearZero.code).toBe(2);
    expect(yearZero.err).toMatch(/--at must be between 1900-01-01 and 9999-12-31/);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-'));
    const file = path.join(dir, 'statement.pdf');
    const pdf = await audit(
      'statement',
      accountId,
      '--from',
      '2000-01-01',
      '--to',
      '2100-01-01',
      '--format',
      'pdf',
      '--out',
      file,
    );
    expect(pdf.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    const replay = await audit('replay', customerId);
    expect(replay.code).toBe(0);
    expect(replay.out).toContain('AccountOpened');
    expect(replay.err).toMatch(/events replayed/);

    const lag = await audit('lag');
    expect(lag.out).toMatch(/^accounts +\d+ +\d+$/m);

    const determinism = await audit('determinism', 'accounts');
    expect(determinism.out).toContain('deterministic');
    expect(determinism.code).toBe(0);
  });

  it('takes the account number an auditor is given wherever it takes an account or customer id', async () => {
    const { rows } = await operator.query<{ number: string }>(
      `SELECT data->>'accountNumber' AS number FROM events WHERE stream_id = $1 AND stream_version = 1`,
      [`account-${accountId}`],
    );
    const number = rows[0]!.number;
    const byNumber = await audit('events', number);
    expect(byNumber.code).toBe(0);
    expect(byNumber.out).toBe((await audit('events', accountId)).out);
    expect(byNumber.err).toContain(
      `Account number ${number}: account ${accountId} of customer ${customerId}`,
    );
    const at = new Date().toISOString();
    expect((await audit('balance', number, '--at', at)).out).toBe(
      (await audit('balance', accountId, '--at', at)).out,
    );
    const period = ['--from', '2000-01-01', '--to', '2100-01-01'];
    expect((await audit('statement', number, ...period)).out).toBe(
      (await audit('statement', accountId, ...period)).out,
    );
    const replay = await audit('replay', number);
    expect(replay.code).toBe(0);
    expect(replay.out).toBe((await audit('replay', customerId)).out);

    const unknown = await audit('events', '999999999999');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('No account was opened with number 999999999999.');
  });

  it('explains its usage on a bad command', async () => {
    expect((await audit('frobnicate')).code).toBe(2);
    const bad = await audit('balance', 'not-a-uuid');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('The account id must be a UUID.');
  });
});

describe('an event the bank cannot read (a credit of amount "oops" appended by a superuser)', () => {
  it('is left out of the balance with a warning, and is one finding of verify, never NaN', async () => {
    const customer = await signedUpCustomer(bank);
    const account = customer.accounts[0]!;
    const stream = `account-${account.id}`;
    await deposit(bank, account.account_number, 40);
    await deposit(bank, account.account_number, 2.5);
    // The trigger gives it a valid hash: the chain holds, only its data cannot be read.
    const unreadable = await appendUnreadableCredit(superuser, account.id);
    await bank.runner.catchUp();
    const { rows } = await bank.pool.query<{ balance_cents: number }>(
      'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
      [account.id],
    );
    expect(rows[0]!.balance_cents).toBe(42_50);
    const named = `${stream} v${unreadable.version} (position ${unreadable.position}`;
    try {
      const balance = await audit('balance', account.id);
      expect(balance.code).toBe(0);
      expect(balance.out).toMatch(/balance +42\.50/);
      expect(balance.out).toMatch(/available +42\.50/);
      expect(balance.out).not.toContain('NaN');
      expect(balance.err).toContain(`skipped an event it cannot read`);
      expect(balance.err).toContain(named);
      expect(balance.err).toMatch(/: amount: .*number/);

      const verify = await audit('verify');
      expect(verify.code).toBe(1);
      expect(verify.out).not.toContain('NaN');
      const findings = verify.out.split('\n').filter((line) => /^[a-z_]+: /.test(line));
      expect(findings).toHaveLength(1);
      const [finding] = findings as [string];
      expect(
        finding.startsWith(`unreadable_event: ${named}) (AccountCredited schema version 1)`),
      ).toBe(true);
      expect(finding).toMatch(/cannot be read.*: amount: .*number/);
      expect(finding).toContain(
        `[stream ${stream}, version ${unreadable.version}, position ${unreadable.position}]`,
      );

      // With a real alteration beside it, the difference is blamed on the altered event, and
      // the unreadable one stays its own finding.
      await asSuperuser(
        `UPDATE events SET data = jsonb_set(data, '{amount}', '1000') WHERE stream_id = $1 AND stream_version = 3`,
        [stream],
      );
      const both = await audit('verify');
      expect(both.code).toBe(1);
      expect(both.out).not.toContain('NaN');
      expect(both.out.match(/^unreadable_event: /gm)).toHaveLength(1);
      expect(both.out).toContain(
        `balance_mismatch: account ${account.id}: rm_accounts shows balance 42.50, the events give 50.00; caused by the altered event ${stream} v3`,
      );
      await asSuperuser(
        `UPDATE events SET data = jsonb_set(data, '{amount}', '250') WHERE stream_id = $1 AND stream_version = 3`,
        [stream],
      );
    } finally {
      await asSuperuser('DELETE FROM events WHERE global_position = $1', [unreadable.position]);
    }
    expect((await audit('verify')).code).toBe(0);
  });
});
