import { randomUUID } from 'node:crypto';
import { ContactRequestSubmitted, streams } from '@bank/events';
import { parsePosition, waitForProjections } from '@bank/infra';
import { allProjectionNames } from '@bank/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCli } from '../cli/ops-cli.ts';
import {
  ApiClient,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank?.stop();
});

const staff = () => {
  const client = new ApiClient(bank);
  client.token = bank.opsToken;
  return client;
};

const contactRequests = async () =>
  (await staff().get('/api/ops/contact-requests')).body.data.contact_requests as {
    first_name: string;
    message: string | null;
  }[];

const contactEvent = (requestId: string, firstName: string, message = 'Hello') =>
  ContactRequestSubmitted.create({
    requestId,
    kind: 'message',
    firstName,
    lastName: 'Visitor',
    email: 'visitor@example.com',
    subject: 'Other',
    message,
    appointmentType: null,
    preferredDate: null,
    preferredTime: null,
    meetingPreference: null,
  });

const appendTo = (streamId: string, event: ReturnType<typeof contactEvent>) =>
  bank.store.append([{ streamId, expectedVersion: 'any', events: [event] }], {
    correlationId: randomUUID(),
    actor: 'visitor',
  });

describe('poison events already in the log', () => {
  it('a NUL stored by an earlier version projects (as U+FFFD) and the events after it too', async () => {
    // What the contact form stored before the text policy: the NUL hides in sealed text.
    const requestId = randomUUID();
    await appendTo(
      streams.contactRequest(requestId),
      contactEvent(requestId, 'Nul\u0000', "it's \u0000 here\\"),
    );
    const later = await new ApiClient(bank).post('/api/contact/messages', {
      first_name: 'Later',
      last_name: 'Visitor',
      email: 'later@example.com',
      subject: 'Other',
      message: 'After the poison.',
    });
    expect(later.status).toBe(201);
    await bank.runner.catchUp();
    const rows = await contactRequests();
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ first_name: 'Nul\uFFFD', message: "it's \uFFFD here\\" }),
        expect.objectContaining({ first_name: 'Later', message: 'After the poison.' }),
      ]),
    );
  });

  it('passes over events no reader can parse: sign-in, jobs and consistent reads carry on', async () => {
    // As a newer version (a rolling deploy) or a bad writer would leave them (as the schema
    // owner: the bank's own role cannot write the log beside the append function).
    const raw = (type: string, version: number, data: unknown) =>
      bank.ownerPool.query(
        `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data)
         VALUES ($1, $2, 1, $3, $4, $5)`,
        [randomUUID(), `future-${randomUUID()}`, type, version, JSON.stringify(data)],
      );
    await raw('AccountFrozenByNewerVersion', 1, { accountId: randomUUID() });
    await raw('ContactRequestSubmitted', 7, {});
    await raw('ContactRequestSubmitted', 1, { requestId: 'not a uuid' });

    // Registration waits for its read models; the welcome notification is a job.
    const { client } = await signedUpCustomer(bank);
    expect((await client.get('/api/accounts')).status).toBe(200);
    await expect
      .poll(
        async () =>
          (await client.get('/api/notifications')).body.data.notifications.map(
            (n: { title: string }) => n.title,
          ),
        { timeout: 30_000, interval: 250 },
      )
      .toContain('Welcome to Harborview Community Bank');
    const metrics = (await staff().get('/api/ops/metrics')).body as string;
    expect(metrics).toContain(
      'bank_events_skipped_total{type="AccountFrozenByNewerVersion",reason="unknown_type_or_version"} 1',
    );
    expect(metrics).toContain(
      'bank_events_skipped_total{type="ContactRequestSubmitted",reason="invalid_data"} 1',
    );
  });

  it('parks an event a projection cannot apply, carries on, and lets ops skip or retry it', async () => {
    const requestId = randomUUID();
    await appendTo(streams.contactRequest(requestId), contactEvent(requestId, 'First'));
    // A second request with the same id: the read model's key refuses it every time.
    await appendTo(`${streams.contactRequest(requestId)}-again`, contactEvent(requestId, 'Again'));
    const afterId = randomUUID();
    await appendTo(streams.contactRequest(afterId), contactEvent(afterId, 'Afterwards'));
    await bank.runner.catchUp();

    const names = (await contactRequests()).map((r) => r.first_name);
    expect(names).toEqual(expect.arrayContaining(['First', 'Afterwards']));
    expect(names).not.toContain('Again');
    const listed = (await staff().get('/api/ops/parked-events')).body.data.parked_events as {
      projection: string;
      event_id: string;
      type: string;
      error: string;
      status: string;
    }[];
    const parked = listed.filter((p) => p.projection === 'contact-requests');
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ type: 'ContactRequestSubmitted', status: 'parked' });
    expect(parked[0]!.error).toMatch(/duplicate key/);
    expect((await staff().get('/api/ops/metrics')).body).toContain(
      'bank_projection_parked_events{projection="contact-requests"} 1',
    );

    const lines: string[] = [];
    const ops = (...args: string[]) =>
      runOpsCli(args, { baseUrl: bank.baseUrl, token: bank.opsToken }, (line) => lines.push(line));
    const eventId = parked[0]!.event_id;
    // Retrying fails the same way: it stays parked (409).
    expect(await ops('parked-events', 'retry', 'contact-requests', eventId)).toBe(1);
    expect(lines.at(-1)).toMatch(/^Error 409: The event failed again and stays parked/);
    expect(await ops('parked-events', 'skip', 'contact-requests', eventId)).toBe(0);
    expect(lines.at(-1)).toBe('The event was skipped.');
    expect(await ops('parked-events')).toBe(0);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ parked_events: [] });
    expect(await ops('parked-events', 'skip', 'contact-requests', eventId)).toBe(1);
    expect((await staff().get('/api/ops/metrics')).body).toContain(
      'bank_projection_parked_events{projection="contact-requests"} 0',
    );
  });

  it('keeps the parked-event routes to the ops token', async () => {
    const visitor = new ApiClient(bank);
    expect((await visitor.get('/api/ops/parked-events')).status).toBe(401);
    const { client } = await signedUpCustomer(bank);
    expect(
      (
        await client.post('/api/ops/parked-events/skip', {
          projection: 'contact-requests',
          event_id: randomUUID(),
        })
      ).status,
    ).toBe(403);
  });
});

describe('parked events of a projection retried at once', () => {
  it('retries every parked event of a projection in one call, saying how many applied', async () => {
    const requestIds = [randomUUID(), randomUUID()];
    for (const requestId of requestIds) {
      // A second request with the same id: the read model's key refuses it, and it is parked.
      await appendTo(streams.contactRequest(requestId), contactEvent(requestId, 'First'));
      await appendTo(
        `${streams.contactRequest(requestId)}-again`,
        contactEvent(requestId, 'Again'),
      );
    }
    await bank.runner.catchUp();
    const lines: string[] = [];
    const ops = (...args: string[]) =>
      runOpsCli(args, { baseUrl: bank.baseUrl, token: bank.opsToken }, (line) => lines.push(line));
    expect(await ops('parked-events', 'retry', 'contact-requests', '--all')).toBe(1);
    expect(lines.at(-1)).toBe('0 applied, 2 parked again.');

    // The cause removed (here, the rows that refused them): one call applies both.
    await bank.ownerPool.query('DELETE FROM rm_contact_requests WHERE request_id = ANY($1)', [
      requestIds,
    ]);
    expect(await ops('parked-events', 'retry', 'contact-requests', '--all')).toBe(0);
    expect(lines.at(-1)).toBe('2 applied, 0 parked again.');
    const { rows } = await bank.pool.query<{ first_name: string }>(
      'SELECT first_name FROM rm_contact_requests WHERE request_id = ANY($1)',
      [requestIds],
    );
    expect(rows.map((r) => r.first_name)).toEqual(['Again', 'Again']);
    expect(await ops('parked-events', 'retry', 'contact-requests', '--all')).toBe(0);
    expect(lines.at(-1)).toBe('0 applied, 0 parked again.');
    expect(await ops('parked-events', 'retry', 'no-such-projection', '--all')).toBe(1);
    expect(lines.at(-1)).toBe('Error 404: No projection is named "no-such-projection".');
  });
});

const health = async () => {
  const response = await staff().get('/api/health');
  const { failing } = (response.body.data as { projections: { failing: FailingProjection[] } })
    .projections;
  return {
    status: response.status,
    failing: failing.map((f) => f.projection),
    errors: failing.map((f) => f.error ?? ''),
  };
};

interface FailingProjection {
  projection: string;
  error?: string;
}

/** Events of the notifications projection ever parked, whatever became of them. */
const notificationsParked = async () =>
  (
    await bank.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM parked_events WHERE projection = 'notifications'",
    )
  ).rows[0]!.n;

describe('a read model the application may no longer write', () => {
  it('stalls its projection, failing health, parks nothing, and catches up once the grant is back', async () => {
    const customer = await signedUpCustomer(bank);
    const account = customer.accounts[0]!.account_number;
    const { rows } = await bank.pool.query<{ role: string }>('SELECT current_user AS role');
    const role = rows[0]!.role;
    // What an operator's mistake (or a migration that forgot a grant) does.
    await bank.ownerPool.query(`REVOKE INSERT, UPDATE ON rm_notifications FROM ${role}`);
    let last = '';
    try {
      for (const amount of [11, 12, 13]) {
        const answer = await deposit(bank, account, amount, { waitForReadModels: false });
        last = answer.headers['x-consistency-token'] ?? '';
      }
      await expect
        .poll(health, { timeout: 15_000 })
        .toMatchObject({ status: 503, failing: ['notifications'] });
      // Still failing a while later, not parked after a few tries.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const later = await health();
      expect(later).toMatchObject({ status: 503, failing: ['notifications'] });
      expect(await notificationsParked()).toBe(0);
      expect(later.errors[0]).toMatch(/permission denied for table rm_notifications/);
      expect((await staff().get('/api/ops/metrics')).body).toMatch(
        /bank_projection_lag_events\{projection="notifications"\} [1-9]/,
      );
    } finally {
      await bank.ownerPool.query(`GRANT INSERT, UPDATE ON rm_notifications TO ${role}`);
    }
    const position = parsePosition(last);
    expect(position).toBeDefined();
    expect(await waitForProjections(bank.pool, position!, allProjectionNames, 15_000)).toBe(true);
    await expect.poll(health, { timeout: 15_000 }).toMatchObject({ status: 200, failing: [] });
    expect(await notificationsParked()).toBe(0);
  });
});
