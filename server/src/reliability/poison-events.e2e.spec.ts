import { randomUUID } from 'node:crypto';
import { ContactRequestSubmitted, streams } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCli } from '../cli/ops-cli.ts';
import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';

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
