import { randomUUID } from 'node:crypto';
import { ContactRequestSubmitted, streams } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestBank, type TestBank } from '../testing/index.ts';

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

describe('poison events already in the log', () => {
  it('a NUL stored by an earlier version projects (as U+FFFD) and the events after it too', async () => {
    // What the contact form stored before the text policy: the NUL hides in sealed text.
    const requestId = randomUUID();
    await bank.store.append(
      [
        {
          streamId: streams.contactRequest(requestId),
          expectedVersion: 'no_stream',
          events: [
            ContactRequestSubmitted.create({
              requestId,
              kind: 'message',
              firstName: 'Nul\u0000',
              lastName: 'Visitor',
              email: 'nul@example.com',
              subject: 'Other',
              message: "it's \u0000 here\\",
              appointmentType: null,
              preferredDate: null,
              preferredTime: null,
              meetingPreference: null,
            }),
          ],
        },
      ],
      { correlationId: randomUUID(), actor: 'visitor' },
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
});
