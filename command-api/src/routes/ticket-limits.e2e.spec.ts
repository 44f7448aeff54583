import { signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_OPEN_TICKETS,
  TOO_MANY_OPEN_TICKETS,
  ticketMessages,
} from '../domain/support/ticket.ts';
import { TOO_MANY_NEW_TICKETS } from './support.ts';

/** One customer cannot fill the staff's ticket queue: new tickets per hour, and open ones. */
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({
    rateLimits: {
      auth: { max: 10_000, timeWindow: 60_000 },
      money: { max: 10_000, timeWindow: 60_000 },
      writes: { max: 10_000, timeWindow: 60_000 },
      tickets: { max: MAX_OPEN_TICKETS + 2, timeWindow: 3_600_000 },
    },
  });
});
afterAll(async () => {
  await bank.stop();
});

const TICKET = {
  subject: 'Question about my statement',
  description: 'Where do I find last month?',
  category: 'account',
  priority: 'high',
};

/** A new customer with `MAX_OPEN_TICKETS` open tickets, and their ids. */
async function customerWithOpenTickets() {
  const { client } = await signedUpCustomer(bank);
  const opened: string[] = [];
  for (let i = 0; i < MAX_OPEN_TICKETS; i += 1) {
    const created = await client.post('/api/support/tickets', { ...TICKET, subject: `Q ${i}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    opened.push(created.body.data.ticket.id);
  }
  return { client, opened };
}

describe('open tickets of one customer', () => {
  it(`refuses a new one while ${MAX_OPEN_TICKETS} are open, and takes it once one is closed`, async () => {
    const { client, opened } = await customerWithOpenTickets();
    // The priority the customer chose is kept.
    expect((await client.get(`/api/support/tickets/${opened[0]}`)).body.data.ticket.priority).toBe(
      'high',
    );
    const refused = await client.post('/api/support/tickets', TICKET);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ status: 'error', message: TOO_MANY_OPEN_TICKETS });
    expect(TOO_MANY_OPEN_TICKETS).toBe(
      'You have 20 open requests. Please wait for us to answer them or close some before opening another.',
    );

    // Another customer's queue is their own.
    const neighbour = await signedUpCustomer(bank);
    expect((await neighbour.client.post('/api/support/tickets', TICKET)).status).toBe(201);

    const closed = await client.put(`/api/support/tickets/${opened[0]}/status`, {
      status: 'closed',
    });
    expect(closed.status).toBe(200);
    expect((await client.post('/api/support/tickets', TICKET)).status).toBe(201);
  });

  it(`refuses a reply that would reopen a resolved ticket while ${MAX_OPEN_TICKETS} are open`, async () => {
    const { client, opened } = await customerWithOpenTickets();
    const resolvedId = opened[0]!;
    const resolved = await client.put(`/api/support/tickets/${resolvedId}/status`, {
      status: 'resolved',
    });
    expect(resolved.status).toBe(200);
    // The resolved one's place in the queue is taken by a new one: 20 open again.
    expect((await client.post('/api/support/tickets', TICKET)).status).toBe(201);

    const refused = await client.post(`/api/support/tickets/${resolvedId}/reply`, {
      message: 'Actually it is not fixed',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({
      status: 'error',
      message: ticketMessages.tooManyOpen,
      errors: { message: [ticketMessages.tooManyOpen] },
    });
    const unchanged = await client.get(`/api/support/tickets/${resolvedId}`);
    expect(unchanged.body.data.ticket).toMatchObject({ status: 'resolved', replies: [] });

    // A reply to a ticket that is open already reopens nothing and goes through.
    expect(
      (await client.post(`/api/support/tickets/${opened[1]}/reply`, { message: 'More details' }))
        .status,
    ).toBe(201);

    await client.put(`/api/support/tickets/${opened[2]}/status`, { status: 'closed' });
    const reopened = await client.post(`/api/support/tickets/${resolvedId}/reply`, {
      message: 'Actually it is not fixed',
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(201);
    expect(reopened.body.data.ticket.status).toBe('open');
  });
});

describe('new tickets of one customer in an hour', () => {
  it('are refused with 429 past the limit, per customer; replies still go through', async () => {
    const { client } = await signedUpCustomer(bank);
    const limit = MAX_OPEN_TICKETS + 2;
    let first: string | undefined;
    for (let i = 0; i < limit; i += 1) {
      const created = await client.post('/api/support/tickets', TICKET);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.ticket.id as string;
      // Closing each keeps the open cap out of the way: this is the hourly limit alone.
      if (i === 0) first = id;
      else await client.put(`/api/support/tickets/${id}/status`, { status: 'closed' });
    }
    const refused = await client.post('/api/support/tickets', TICKET);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      status: 'error',
      code: 'RATE_LIMITED',
      message: TOO_MANY_NEW_TICKETS,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const replied = await client.post(`/api/support/tickets/${first}/reply`, {
      message: 'Any news?',
    });
    expect(replied.status).toBe(201);
    const neighbour = await signedUpCustomer(bank);
    expect((await neighbour.client.post('/api/support/tickets', TICKET)).status).toBe(201);
  });
});
