import {
  ApiClient,
  liveAndRebuiltHashes,
  rawRequest,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { SUPPORT_CUSTOMER_REPLIES_MAX } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let bank: TestBank;
let ops: ApiClient;
beforeAll(async () => {
  bank = await startTestBank();
  ops = new ApiClient(bank);
  ops.token = bank.opsToken;
});
afterAll(async () => {
  await bank.stop();
});

const TICKET = {
  subject: 'Card declined at the grocery store',
  description: 'My debit card was declined although I have enough money.',
  category: 'cards',
  priority: 'high',
};

async function openTicket(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/support/tickets', { ...TICKET, ...overrides });
  expect(response.status).toBe(201);
  return response.body.data.ticket;
}

function expectFieldError(response: { status: number; body: any }, field: string, message: string) {
  expect(response.status).toBe(422);
  expect(response.body.message).toBe(message);
  expect(response.body.errors[field]).toEqual([message]);
}

const CLOSED = 'This ticket is closed and can no longer be changed.';

describe('categories', () => {
  it('lists category keys with labels, general being the default', async () => {
    const { client } = await signedUpCustomer(bank);
    const response = await client.get('/api/support/categories');
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.categories.general).toBe('General Inquiry');
    expect(Object.keys(data.categories).length).toBeGreaterThanOrEqual(5);
    expect(data.default_category).toBe('general');
    expect(data.default_priority).toBe('medium');
    expect(Object.keys(data.priorities)).toEqual(['low', 'medium', 'high', 'urgent']);
  });
});

describe('opening a ticket', () => {
  it('opens a ticket with a unique human-readable number, status open and display labels', async () => {
    const { client } = await signedUpCustomer(bank);
    const response = await client.post('/api/support/tickets', TICKET);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Support ticket created successfully!');
    const ticket = response.body.data.ticket;
    expect(ticket.ticket_number).toMatch(new RegExp(`^TKT-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(ticket).toMatchObject({
      subject: TICKET.subject,
      description: TICKET.description,
      category: 'cards',
      priority: 'high',
      priority_display: 'High',
      status: 'open',
      status_display: 'Open',
      time_since_created: 'just now',
      replies: [],
    });
    expect(typeof ticket.created_at).toBe('string');
  });

  it('defaults the priority to medium', async () => {
    const { client } = await signedUpCustomer(bank);
    const ticket = await openTicket(client, { priority: undefined });
    expect(ticket.priority).toBe('medium');
    expect(ticket.priority_display).toBe('Medium');
  });

  it('numbers tickets uniquely even when many are opened at once', async () => {
    const customers = await Promise.all([1, 2, 3].map(() => signedUpCustomer(bank)));
    const tickets = await Promise.all(
      customers.flatMap(({ client }) => [1, 2, 3, 4].map(() => openTicket(client))),
    );
    const numbers = tickets.map((t) => t.ticket_number);
    expect(new Set(numbers).size).toBe(12);
  });

  it.each([
    [{ subject: '' }, 'subject', 'Please enter a subject.'],
    [{ subject: '   ' }, 'subject', 'Please enter a subject.'],
    [{ subject: undefined }, 'subject', 'Please enter a subject.'],
    [{ description: '' }, 'description', 'Please describe your issue.'],
    [{ description: undefined }, 'description', 'Please describe your issue.'],
    [{ category: '' }, 'category', 'Please choose a category.'],
    [{ category: undefined }, 'category', 'Please choose a category.'],
    [{ category: 'lottery' }, 'category', 'The selected category is invalid.'],
    [{ priority: 'asap' }, 'priority', 'The priority must be low, medium, high or urgent.'],
    [
      { subject: 'x'.repeat(256) },
      'subject',
      'The subject must not be greater than 255 characters.',
    ],
  ])('refuses %j with a message on %s and opens nothing', async (override, field, message) => {
    const { client } = await signedUpCustomer(bank);
    expectFieldError(
      await client.post('/api/support/tickets', { ...TICKET, ...override }),
      field,
      message,
    );
    expect((await client.get('/api/support/tickets')).body.data.tickets).toEqual([]);
  });
});

describe('listing, filters and search', () => {
  it('filters by status, category and priority', async () => {
    const { client } = await signedUpCustomer(bank);
    const a = await openTicket(client, { category: 'cards', priority: 'high' });
    const b = await openTicket(client, { category: 'technical', priority: 'low' });
    await client.put(`/api/support/tickets/${b.id}/status`, { status: 'resolved' });
    const ids = async (query: string) =>
      (await client.get(`/api/support/tickets${query}`)).body.data.tickets.map((t: any) => t.id);
    expect(await ids('')).toEqual([b.id, a.id]);
    expect(await ids('?status=resolved')).toEqual([b.id]);
    expect(await ids('?status=open')).toEqual([a.id]);
    expect(await ids('?category=cards')).toEqual([a.id]);
    expect(await ids('?priority=low')).toEqual([b.id]);
    expect(await ids('?priority=urgent')).toEqual([]);
    expect(await ids('?status=all&category=&priority=all')).toEqual([b.id, a.id]);
    const bad = await client.get('/api/support/tickets?status=sleeping');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status).toEqual(['The selected status is invalid.']);
  });

  it('searches subject, description and ticket number of the customer’s own tickets only', async () => {
    const { client } = await signedUpCustomer(bank);
    const other = await signedUpCustomer(bank);
    const statement = await openTicket(client, {
      subject: 'Missing statement',
      description: 'The March statement never arrived.',
      category: 'account',
    });
    const login = await openTicket(client, {
      subject: 'Cannot log in',
      description: 'The app shows a blank page after the zebra animation.',
      category: 'technical',
    });
    await openTicket(other.client, { subject: 'Missing statement too', description: 'zebra' });
    const search = async (query: string) =>
      (
        await client.get(`/api/support/search?query=${encodeURIComponent(query)}`)
      ).body.data.tickets.map((t: any) => t.id);
    expect(await search('statement')).toEqual([statement.id]);
    expect(await search('ZEBRA')).toEqual([login.id]);
    expect(await search(login.ticket_number)).toEqual([login.id]);
    expect(await search('nothing like this')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect((await search('')).sort()).toEqual([statement.id, login.id].sort());
  });

  it('returns at most 10 results by default, or the limit asked for', async () => {
    const { client } = await signedUpCustomer(bank);
    for (let i = 0; i < 12; i += 1) await openTicket(client, { subject: `Question ${i}` });
    expect((await client.get('/api/support/search?query=Question')).body.data.tickets).toHaveLength(
      10,
    );
    expect(
      (await client.get('/api/support/search?query=Question&limit=3')).body.data.tickets,
    ).toHaveLength(3);
  });

  it('pages through the customer’s own tickets, newest first, each once, with filters kept', async () => {
    const { client } = await signedUpCustomer(bank);
    const opened: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      opened.push((await openTicket(client, { subject: `Page ${i}`, priority: 'low' })).id);
    }
    await openTicket(client, { subject: 'Not low', priority: 'urgent' });
    const neighbour = await signedUpCustomer(bank);
    await openTicket(neighbour.client, { subject: 'Someone else’s', priority: 'low' });

    const seen: string[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/support/tickets?priority=low&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await client.get(path);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.tickets.map((t: { id: string }) => t.id));
      pages.push(page.body.data.tickets.length);
      cursor = page.body.data.next_cursor;
    } while (cursor !== null && pages.length < 10);
    expect(seen).toEqual([...opened].reverse());
    // A page that happens to end the list hands out no cursor to an empty page.
    expect(pages).toEqual([2, 2, 1]);

    const all = (await client.get('/api/support/tickets?limit=6')).body.data;
    expect(all.tickets).toHaveLength(6);
    expect(all.next_cursor).toBeNull();

    const refused = await client.get('/api/support/tickets?cursor=not-a-cursor');
    expectFieldError(refused, 'cursor', 'The cursor is not one this list handed out.');
    // Staff's queue writes its cursors under its own name: the customer's list refuses them.
    const staffCursor = (await ops.get('/api/ops/tickets?limit=1')).body.data.next_cursor;
    expect((await client.get(`/api/support/tickets?cursor=${staffCursor}`)).status).toBe(422);
  });
});

describe('conversation and status', () => {
  it('adds replies, refuses an empty one, and shows the conversation in the ticket', async () => {
    const { client, payload } = await signedUpCustomer(bank, { name: 'Maya Chen' });
    const ticket = await openTicket(client);
    const url = `/api/support/tickets/${ticket.id}/reply`;
    expectFieldError(
      await client.post(url, { message: '   ' }),
      'message',
      'Please enter a reply message.',
    );
    expectFieldError(await client.post(url, {}), 'message', 'Please enter a reply message.');
    const replied = await client.post(url, { message: '  It happened again today.  ' });
    expect(replied.status).toBe(201);
    expect(replied.body.message).toBe('Reply added successfully');
    const detail = (await client.get(`/api/support/tickets/${ticket.id}`)).body.data.ticket;
    expect(detail.replies).toHaveLength(1);
    expect(detail.replies[0]).toMatchObject({
      message: 'It happened again today.',
      is_staff_reply: false,
      user: { name: payload.name },
      time_since_created: 'just now',
    });
  });

  it('shows the latest replies of a long conversation and pages back through the rest', async () => {
    // A customer decides how long a conversation is: neither a list of tickets, nor the ticket,
    // nor the answer to each reply may grow with it.
    const { client } = await signedUpCustomer(bank);
    const ticket = await openTicket(client, { subject: 'A long conversation' });
    const messages = Array.from({ length: 56 }, (_, i) => `Reply ${i + 1}: ${'y'.repeat(1_000)}`);
    let answered: { reply_count: number; replies: { id: string; message: string }[] } | undefined;
    for (const message of messages) {
      const response = await client.post(`/api/support/tickets/${ticket.id}/reply`, { message });
      expect(response.status).toBe(201);
      answered = response.body.data.ticket;
    }
    const texts = (replies: { message: string }[]) => replies.map((r) => r.message);
    for (const path of ['/api/support/tickets', '/api/support/search?q=long']) {
      const [listed] = (await client.get(path)).body.data.tickets;
      expect(listed.reply_count).toBe(56);
      expect(texts(listed.replies)).toEqual(messages.slice(-20));
    }
    const shown = (await client.get(`/api/support/tickets/${ticket.id}`)).body.data.ticket;
    expect(shown.reply_count).toBe(56);
    expect(texts(shown.replies)).toEqual(messages.slice(-50));
    expect(answered!.reply_count).toBe(56);
    expect(texts(answered!.replies)).toEqual(messages.slice(-50));

    // Back from the earliest reply shown, a page at a time, to the first reply.
    const earlier = (before: string, limit: number, as = client, scope = 'support') =>
      as.get(`/api/${scope}/tickets/${ticket.id}/replies?before=${before}&limit=${limit}`);
    const page = await earlier(shown.replies[0].id, 4);
    expect(page.status).toBe(200);
    expect(texts(page.body.data.replies)).toEqual(messages.slice(2, 6));
    expect(page.body.data.has_earlier).toBe(true);
    const first = await earlier(page.body.data.replies[0].id, 4);
    expect(texts(first.body.data.replies)).toEqual(messages.slice(0, 2));
    expect(first.body.data.has_earlier).toBe(false);
    const none = await earlier(first.body.data.replies[0].id, 4);
    expect(none.body.data).toEqual({ replies: [], has_earlier: false });
    const staffPage = await earlier(shown.replies[0].id, 50, ops, 'ops');
    expect(texts(staffPage.body.data.replies)).toEqual(messages.slice(0, 6));

    // Another customer's ticket is not found; a reply of another ticket, or junk, is refused.
    const other = await signedUpCustomer(bank);
    expect((await earlier(shown.replies[0].id, 4, other.client)).status).toBe(404);
    const otherTicket = await openTicket(client, { subject: 'Another question' });
    const foreign = await client.post(`/api/support/tickets/${otherTicket.id}/reply`, {
      message: 'On another ticket',
    });
    const foreignReply = foreign.body.data.ticket.replies[0].id;
    expectFieldError(
      await earlier(foreignReply, 4),
      'before',
      "The reply to read before is not one of this ticket's.",
    );
    expectFieldError(
      await earlier(crypto.randomUUID(), 4),
      'before',
      "The reply to read before is not one of this ticket's.",
    );
    expect((await earlier('not-an-id', 4)).status).toBe(422);
    for (const limit of ['0', '101', 'x']) {
      expect((await earlier(shown.replies[0].id, limit as unknown as number)).status).toBe(422);
    }
  });

  it('holds a customer to 200 replies in one ticket: the next is refused and changes nothing; staff still answer', async () => {
    // The ticket's page and every reply's answer carry the whole conversation: it must end.
    const { client } = await signedUpCustomer(bank);
    const ticket = await openTicket(client, { subject: 'An endless conversation' });
    for (let i = 1; i <= SUPPORT_CUSTOMER_REPLIES_MAX; i += 1) {
      const replied = await client.post(`/api/support/tickets/${ticket.id}/reply`, {
        message: `Reply ${i}`,
      });
      expect(replied.status).toBe(201);
    }
    const refused = await client.post(`/api/support/tickets/${ticket.id}/reply`, {
      message: 'One more',
    });
    expectFieldError(
      refused,
      'message',
      'This conversation has reached 200 replies. Please open a new ticket to continue.',
    );
    const kept = (await client.get(`/api/support/tickets/${ticket.id}`)).body.data.ticket;
    expect(kept.reply_count).toBe(SUPPORT_CUSTOMER_REPLIES_MAX);
    expect(kept.replies.at(-1).message).toBe(`Reply ${SUPPORT_CUSTOMER_REPLIES_MAX}`);

    const staff = await ops.post(`/api/ops/tickets/${ticket.id}/reply`, {
      message: 'Let us continue in a new ticket.',
    });
    expect(staff.status).toBe(201);
    expect((await openTicket(client)).status).toBe('open');
  });

  it('staff reply under /ops: marked staff, waits for the customer, and notifies the customer', async () => {
    const { client } = await signedUpCustomer(bank);
    const ticket = await openTicket(client);
    expect((await new ApiClient(bank).get('/api/ops/tickets')).status).toBe(401);
    const asCustomer = await client.request('GET', '/api/ops/tickets');
    expect(asCustomer.status).toBe(403);
    expect(
      (await client.post(`/api/ops/tickets/${ticket.id}/reply`, { message: 'hi' })).status,
    ).toBe(403);

    const listed = (await ops.get('/api/ops/tickets?status=open')).body.data.tickets;
    expect(listed.map((t: any) => t.id)).toContain(ticket.id);

    const staffReply = await ops.post(`/api/ops/tickets/${ticket.id}/reply`, {
      message: 'We have reset the card. Please try again.',
    });
    expect(staffReply.status).toBe(201);
    expect(staffReply.body.data.ticket.status).toBe('waiting_customer');

    client.consistencyToken = ops.consistencyToken;
    const detail = (await client.get(`/api/support/tickets/${ticket.id}`)).body.data.ticket;
    expect(detail.status).toBe('waiting_customer');
    expect(detail.status_display).toBe('Waiting for Customer');
    expect(detail.replies[0]).toMatchObject({
      is_staff_reply: true,
      user: { name: 'Support Team' },
    });

    const notices = (await client.get('/api/notifications?type=support')).body.data.notifications;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'support',
      title: 'New reply to your support ticket',
    });
    expect(notices[0].message).toContain(ticket.ticket_number);

    const answer = await client.post(`/api/support/tickets/${ticket.id}/reply`, {
      message: 'Works now',
    });
    expect(answer.body.data.ticket.status).toBe('open');
  });

  it('staff cannot reply once the ticket’s customer is erased: 409, nothing recorded', async () => {
    const customer = await signedUpCustomer(bank);
    const ticket = await openTicket(customer.client);
    const erased = await ops.post('/api/ops/customers/erase', {
      account_number: customer.user.account_number,
    });
    expect(erased.status).toBe(200);
    const customerId = erased.body.data.customer_id as string;
    const recorded = async () =>
      (
        await bank.pool.query(
          `SELECT stream_id, stream_version FROM events WHERE stream_id IN ($1, $2)
           ORDER BY stream_id, stream_version`,
          [`support-ticket-${ticket.id}`, `notifications-${customerId}`],
        )
      ).rows;
    const before = await recorded();

    const staffReply = await ops.post(`/api/ops/tickets/${ticket.id}/reply`, {
      message: 'Following up on your card.',
    });
    expect(staffReply.status).toBe(409);
    expect(staffReply.body.message).toBe(
      "This ticket's customer was erased at their request: it takes no more replies.",
    );
    expect(before.length).toBeGreaterThan(0);
    expect(await recorded()).toEqual(before);
  });

  it('staff page through every ticket: hundreds opened after it cannot bury a customer’s', async () => {
    const patient = await signedUpCustomer(bank);
    const waiting = await openTicket(patient.client, { subject: 'Waiting for an answer' });
    // One customer may have 20 open (ticket-limits.e2e.spec.ts): the flood comes from eleven.
    let flooder = patient;
    for (let batch = 0; batch < 11; batch += 1) {
      flooder = await signedUpCustomer(bank);
      const client = flooder.client;
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          openTicket(client, { subject: `Flood ${batch * 20 + i}` }),
        ),
      );
    }
    ops.consistencyToken = flooder.client.consistencyToken;

    const first = (await ops.get('/api/ops/tickets?status=open&limit=200')).body.data;
    expect(first.tickets).toHaveLength(200);
    expect(first.tickets.map((t: { id: string }) => t.id)).not.toContain(waiting.id);
    expect(first.next_cursor).toEqual(expect.any(String));

    const seen: string[] = first.tickets.map((t: { id: string }) => t.id);
    let cursor: string | null = first.next_cursor;
    while (cursor !== null && !seen.includes(waiting.id)) {
      const page = await ops.get(`/api/ops/tickets?status=open&limit=50&cursor=${cursor}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.tickets.map((t: { id: string }) => t.id));
      cursor = page.body.data.next_cursor;
    }
    expect(seen).toContain(waiting.id);
    expect(new Set(seen).size).toBe(seen.length);

    const refused = await ops.get('/api/ops/tickets?cursor=not-a-cursor');
    expectFieldError(refused, 'cursor', 'The cursor is not one this list handed out.');
    // A cursor as the accounts history writes them, without this list's name.
    const otherList = Buffer.from('2026-01-01T00:00:00.000000Z|1').toString('base64url');
    expect((await ops.get(`/api/ops/tickets?cursor=${otherList}`)).status).toBe(422);
  });

  it('staff move tickets to in progress and refuse a status that is not theirs to set', async () => {
    const { client } = await signedUpCustomer(bank);
    const ticket = await openTicket(client);
    const moved = await ops.put(`/api/ops/tickets/${ticket.id}/status`, { status: 'in_progress' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.ticket.status).toBe('in_progress');
    const again = await ops.put(`/api/ops/tickets/${ticket.id}/status`, { status: 'in_progress' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This ticket is already in progress.');
    const bad = await ops.put(`/api/ops/tickets/${ticket.id}/status`, { status: 'open' });
    expectFieldError(
      bad,
      'status',
      'The status must be in_progress, waiting_customer, resolved or closed.',
    );
    expect(
      (await ops.put(`/api/ops/tickets/${crypto.randomUUID()}/status`, { status: 'closed' }))
        .status,
    ).toBe(404);
  });

  it('lets the customer resolve (once) and close; a closed ticket refuses replies and changes', async () => {
    const { client } = await signedUpCustomer(bank);
    const ticket = await openTicket(client);
    const url = `/api/support/tickets/${ticket.id}/status`;
    expectFieldError(
      await client.put(url, { status: 'in_progress' }),
      'status',
      'You can mark a ticket as resolved or close it.',
    );
    expectFieldError(
      await client.put(url, { status: 'snoozed' }),
      'status',
      'The selected status is invalid.',
    );
    const resolved = await client.put(url, { status: 'resolved' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.message).toBe('Ticket marked as resolved.');
    expect(resolved.body.data.ticket.status).toBe('resolved');
    expectFieldError(
      await client.put(url, { status: 'resolved' }),
      'status',
      'This ticket is already resolved.',
    );
    const closed = await client.put(url, { status: 'closed' });
    expect(closed.body.message).toBe('Ticket closed.');
    expect(closed.body.data.ticket.status).toBe('closed');

    expectFieldError(await client.put(url, { status: 'closed' }), 'status', CLOSED);
    expectFieldError(await client.put(url, { status: 'resolved' }), 'status', CLOSED);
    expectFieldError(
      await client.post(`/api/support/tickets/${ticket.id}/reply`, { message: 'One more thing' }),
      'message',
      CLOSED,
    );
    expectFieldError(
      await ops.post(`/api/ops/tickets/${ticket.id}/reply`, { message: 'Staff note' }),
      'message',
      CLOSED,
    );
    expectFieldError(
      await ops.put(`/api/ops/tickets/${ticket.id}/status`, { status: 'in_progress' }),
      'status',
      CLOSED,
    );
    const detail = (await client.get(`/api/support/tickets/${ticket.id}`)).body.data.ticket;
    expect(detail.replies).toEqual([]);
    expect(detail.status).toBe('closed');
  });
});

describe("another customer's tickets", () => {
  it('answers 404 on every route that takes a ticket id', async () => {
    const owner = await signedUpCustomer(bank);
    const ticket = await openTicket(owner.client);
    const intruder = await signedUpCustomer(bank);
    for (const id of [ticket.id, crypto.randomUUID()]) {
      const responses = await Promise.all([
        intruder.client.get(`/api/support/tickets/${id}`),
        intruder.client.post(`/api/support/tickets/${id}/reply`, { message: 'hello' }),
        intruder.client.put(`/api/support/tickets/${id}/status`, { status: 'closed' }),
      ]);
      for (const response of responses) {
        expect(response.status).toBe(404);
        expect(response.body.message).toBe('The requested resource was not found.');
      }
    }
    expect((await intruder.client.get('/api/support/tickets')).body.data.tickets).toEqual([]);
    expect(
      (await intruder.client.get(`/api/support/search?query=${ticket.ticket_number}`)).body.data
        .tickets,
    ).toEqual([]);
    const untouched = (await owner.client.get(`/api/support/tickets/${ticket.id}`)).body.data
      .ticket;
    expect(untouched).toMatchObject({ status: 'open', replies: [] });
  });
});

describe('rebuilding the support read model', () => {
  it('gives the same tickets and replies when replayed from the log', async () => {
    const { client } = await signedUpCustomer(bank);
    const ticket = await openTicket(client);
    await ops.post(`/api/ops/tickets/${ticket.id}/reply`, { message: 'Looking into it' });
    await client.post(`/api/support/tickets/${ticket.id}/reply`, { message: 'Thanks' });
    await bank.runner.catchUp();
    const { live, rebuilt } = await liveAndRebuiltHashes(bank, 'support');
    expect(rebuilt).toEqual(live);
  });
});

describe('a flood of writes from one customer', () => {
  it('is refused with 429 past the writes limit, counted per customer; money and staff keep theirs', async () => {
    const limited = await startTestBank({
      rateLimits: {
        auth: { max: 10_000, timeWindow: 60_000 },
        money: { max: 10_000, timeWindow: 60_000 },
        writes: { max: 3, timeWindow: 60_000 },
      },
    });
    try {
      const flooder = await signedUpCustomer(limited);
      const statuses = await Promise.all(
        Array.from({ length: 8 }, () =>
          flooder.client.post('/api/support/tickets', TICKET).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      const refused = await flooder.client.post('/api/support/tickets', TICKET);
      expect(refused.body).toMatchObject({ status: 'error', code: 'RATE_LIMITED' });
      const staff = new ApiClient(limited);
      staff.token = limited.opsToken;
      const queue = (await staff.get('/api/ops/tickets')).body.data.tickets as unknown[];
      expect(queue).toHaveLength(3);

      // Another customer, even from the same address, has a limit of their own.
      const neighbour = await signedUpCustomer(limited);
      expect((await neighbour.client.post('/api/support/tickets', TICKET)).status).toBe(201);
      // Money routes are counted by their own limit, not by this one.
      const moved = await flooder.client.post('/api/transfers/between-accounts', {
        fromAccount: flooder.accounts[0]!.id,
        toAccount: flooder.accounts[1]!.id,
        amount: 1,
      });
      expect(moved.status).not.toBe(429);
    } finally {
      await limited.stop();
    }
  });
});

describe('a ticket request sent again', () => {
  it('opens one ticket per Idempotency-Key, sent twice or twenty times at once', async () => {
    const { client } = await signedUpCustomer(bank);
    const once = { 'idempotency-key': 'new-ticket-1' };
    const first = await client.post('/api/support/tickets', TICKET, once);
    const again = await client.post('/api/support/tickets', TICKET, once);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.ticket.id).toBe(first.body.data.ticket.id);
    expect(again.body.message).toBe('Support ticket created successfully!');

    const racing = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post(
          '/api/support/tickets',
          { ...TICKET, subject: 'Racing' },
          {
            'idempotency-key': 'new-ticket-2',
          },
        ),
      ),
    );
    expect(racing.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(racing.map((r) => r.body.data.ticket.id)).size).toBe(1);
    expect(racing.every((r) => r.body.data.ticket.subject === 'Racing')).toBe(true);

    const reused = await client.post('/api/support/tickets', { ...TICKET, subject: 'Other' }, once);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const listed = (await client.get('/api/support/tickets')).body.data.tickets as {
      subject: string;
    }[];
    expect(listed.map((t) => t.subject).sort()).toEqual([TICKET.subject, 'Racing']);
  });

  it('refuses a key header sent twice, which Node would join into another key', async () => {
    const { client } = await signedUpCustomer(bank);
    const once = await client.post('/api/support/tickets', TICKET, { 'idempotency-key': 'twice' });
    expect(once.status).toBe(201);
    const body = JSON.stringify(TICKET);
    const answer = await rawRequest(
      bank.url,
      'POST /api/support/tickets HTTP/1.1\r\nHost: bank\r\nConnection: close\r\n' +
        `Authorization: Bearer ${client.token}\r\nContent-Type: application/json\r\n` +
        'Idempotency-Key: twice\r\nidempotency-key: twice\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 422 /);
    expect(answer).toContain('Send one Idempotency-Key header, not several.');
    expect((await client.get('/api/support/tickets')).body.data.tickets).toHaveLength(1);
  });

  it('adds one reply per Idempotency-Key, the customer’s and staff’s alike', async () => {
    const { client } = await signedUpCustomer(bank);
    const ticket = await openTicket(client);
    const path = `/api/support/tickets/${ticket.id}/reply`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.post(path, { message: 'Any news?' }, { 'idempotency-key': 'reply-1' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const staffPath = `/api/ops/tickets/${ticket.id}/reply`;
    const staffKey = { 'idempotency-key': `staff-${ticket.id}` };
    expect((await ops.post(staffPath, { message: 'Looking into it.' }, staffKey)).status).toBe(201);
    const staffAgain = await ops.post(staffPath, { message: 'Looking into it.' }, staffKey);
    expect(staffAgain.status).toBe(201);
    expect(staffAgain.headers['idempotent-replayed']).toBe('true');
    // The same key on another ticket is another request: refused, and nothing is added.
    const other = await openTicket(client, { subject: 'Another question' });
    const crossed = await client.post(
      `/api/support/tickets/${other.id}/reply`,
      { message: 'Any news?' },
      { 'idempotency-key': 'reply-1' },
    );
    expect(crossed.status).toBe(422);
    expect(crossed.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const read = (await client.get(`/api/support/tickets/${ticket.id}`)).body.data.ticket;
    expect(read.replies.map((r: { message: string }) => r.message)).toEqual([
      'Any news?',
      'Looking into it.',
    ]);
    const untouched = (await client.get(`/api/support/tickets/${other.id}`)).body.data.ticket;
    expect(untouched.replies).toEqual([]);
  });
});
