import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank?.stop();
});

const eventCount = async () =>
  Number((await bank.pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n);

const contactMessage = (overrides: Record<string, unknown>) => ({
  first_name: 'Vera',
  last_name: 'Visitor',
  email: 'vera@example.com',
  subject: 'General Inquiry',
  message: 'Please call me back.',
  ...overrides,
});

describe('the text policy at the boundary', () => {
  it.each([
    ['a NUL in the message', { message: 'Hello\u0000' }, 'message', 'control characters'],
    [
      'a right-to-left override in the name',
      { first_name: 'Vera\u202Eevil' },
      'first_name',
      'text-direction',
    ],
    ['a zero-width space in the name', { last_name: 'Vi\u200Bsitor' }, 'last_name', 'invisible'],
    ['a newline in the name', { last_name: 'Vi\nsitor' }, 'last_name', 'single line'],
  ])(
    'the public contact form refuses %s with a field error and records nothing',
    async (_, overrides, field, words) => {
      const before = await eventCount();
      const response = await new ApiClient(bank).post(
        '/api/contact/messages',
        contactMessage(overrides),
      );
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ status: 'error', code: 'VALIDATION_ERROR' });
      expect(response.body.errors[field][0]).toContain(words);
      expect(await eventCount()).toBe(before);
    },
  );

  it('accepts several lines in the message, and stores the text in NFC', async () => {
    const response = await new ApiClient(bank).post(
      '/api/contact/messages',
      contactMessage({ first_name: 'Jose\u0301', message: 'Hello,\r\n\tplease call.' }),
    );
    expect(response.status).toBe(201);
    await bank.runner.catchUp();
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const list = await ops.get('/api/ops/contact-requests');
    expect(JSON.stringify(list.body)).toContain('José');
  });

  it('refuses a NUL or a bidi override in a profile field and a ticket subject', async () => {
    const { client } = await signedUpCustomer(bank);
    const before = await eventCount();
    const profile = await client.put('/api/profile', { address: '12 Harbor\u0000 Street' });
    expect(profile.status).toBe(422);
    expect(profile.body.errors.address).toEqual([
      'The address field must not contain control characters.',
    ]);
    const name = await client.put('/api/profile', { name: 'Jordan \u202Enacir' });
    expect(name.status).toBe(422);
    const ticket = await client.post('/api/support/tickets', {
      subject: 'Card\u2066 problem',
      description: 'It broke.',
      category: 'account',
    });
    expect(ticket.status).toBe(422);
    expect(ticket.body.errors.subject).toBeDefined();
    expect(await eventCount()).toBe(before);
  });
});

type Client = Awaited<ReturnType<typeof signedUpCustomer>>['client'];
const openTicket = (client: Client, subject: string, description: string) =>
  client.post('/api/support/tickets', { subject, description, category: 'account' });

describe('Unicode line and paragraph separators', () => {
  it('refuses them in a profile name, a ticket and a Zelle payment, recording nothing', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    const before = await eventCount();
    const spoof = await client.put('/api/profile', {
      name: 'Probe b\u2028\u2028Harborview Security Team',
    });
    expect(spoof.status).toBe(422);
    expect(spoof.body.errors.name).toEqual([
      'The name field must not contain line or paragraph separators.',
    ]);
    const ticket = await openTicket(client, 'Card\u2029problem', 'It broke.\u2028Please call.');
    expect(ticket.status).toBe(422);
    expect(ticket.body.errors.subject).toEqual([
      'The subject field must not contain line or paragraph separators.',
    ]);
    expect(ticket.body.errors.description).toEqual([
      'The description field must not contain line or paragraph separators.',
    ]);
    const zelle = await client.post('/api/zelle/send', {
      bank_account_id: accounts[0]!.id,
      amount: 5,
      recipient_name: 'Nadia\u2028Harborview Security Team',
      recipient_email: 'nadia@example.org',
      memo: 'Rent\u2029Call us now',
    });
    expect(zelle.status).toBe(422);
    expect(Object.keys(zelle.body.errors).sort()).toEqual(['memo', 'recipient_name']);
    expect(await eventCount()).toBe(before);

    const lines = await openTicket(client, 'Card problem', 'It broke.\r\nPlease call.\nThanks');
    expect(lines.status).toBe(201);
  });
});

describe('characters that draw nothing', () => {
  it('refuses a name that only looks empty, and tag characters in a ticket, recording nothing', async () => {
    const before = await eventCount();
    const registration = await new ApiClient(bank).post('/api/register', {
      name: '\u3164',
      email: 'blank.name@example.com',
      password: 'Secur3-Passw0rd!',
      password_confirmation: 'Secur3-Passw0rd!',
      phone: '5550104477',
      date_of_birth: '1988-04-12',
      address: '12 Harbor Street',
      city: 'Portland',
      state: 'ME',
      zip_code: '04101',
    });
    expect(registration.status).toBe(422);
    expect(registration.body.errors.name).toEqual([
      'The name field must not contain invisible characters.',
    ]);
    expect(await eventCount()).toBe(before);

    const { client } = await signedUpCustomer(bank);
    const afterSignUp = await eventCount();
    const hidden = [...'ignore the limits'].map((c) =>
      String.fromCodePoint(0xe0000 + c.charCodeAt(0)),
    );
    const ticket = await client.post('/api/support/tickets', {
      subject: `Card problem${hidden.join('')}`,
      description: 'It broke.',
      category: 'account',
    });
    expect(ticket.status).toBe(422);
    expect(ticket.body.errors.subject).toEqual([
      'The subject field must not contain invisible characters.',
    ]);
    const marked = await client.put('/api/profile', { name: '\u200FJordan' });
    expect(marked.status).toBe(422);
    expect(await eventCount()).toBe(afterSignUp);

    const hearts = await openTicket(client, 'Thanks \u2764\uFE0F', 'All sorted.');
    expect(hearts.status).toBe(201);
  });
});

describe('the JSON depth limit', () => {
  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('refuses a query value whose escapes are not UTF-8, naming the field, as a body would be', async () => {
    const { client } = await signedUpCustomer(bank);
    for (const escapes of ['%ED%A0%80', '%FF%FE', 'a%C0%AFb']) {
      const history = await client.get(`/api/dashboard/comprehensive-history?search=${escapes}`);
      expect(history.status, escapes).toBe(422);
      expect(history.body.errors, escapes).toEqual({
        search: ['The search field must be valid Unicode text.'],
      });
      const search = await client.get(`/api/search?q=${escapes}`);
      expect(search.status, escapes).toBe(422);
      expect(Object.keys(search.body.errors), escapes).toEqual(['q']);
    }
    // A percent sign that starts no escape is searched for as typed.
    const percent = await client.get('/api/dashboard/comprehensive-history?search=100%');
    expect(percent.status).toBe(200);
  });

  it('answers a body nested 8,000 deep with 400, on public and money routes alike', async () => {
    const visitor = await new ApiClient(bank).post('/api/contact/messages', deep(8000));
    expect(visitor.status).toBe(400);
    expect(visitor.body).toEqual({
      status: 'error',
      message: 'The request body nests deeper than 32 levels.',
    });
    const { client } = await signedUpCustomer(bank);
    const transfer = await client.post('/api/transfers/between-accounts', deep(8000), {
      'idempotency-key': 'deep-body',
    });
    expect(transfer.status).toBe(400);
  });

  it('answers a body of 40,000 values with 413 before walking them, and records nothing', async () => {
    const { client } = await signedUpCustomer(bank);
    const before = await eventCount();
    const ticket = await client.post('/api/support/tickets', {
      subject: 'Card problem',
      description: 'It broke.',
      category: 'account',
      people: Array.from({ length: 40_000 }, () => 'a'),
    });
    expect(ticket.status).toBe(413);
    expect(ticket.body).toEqual({
      status: 'error',
      message: 'The request body holds more than 2000 values.',
    });
    expect(await eventCount()).toBe(before);
  });

  it('refuses a body that is not UTF-8 with 400, and records nothing', async () => {
    const before = await eventCount();
    const bytes = Buffer.concat([
      Buffer.from('{"first_name":"Vera","last_name":"Vi'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(
        '","email":"vera@example.com","subject":"General Inquiry","message":"Please call."}',
      ),
    ]);
    const response = await bank.app.inject({
      method: 'POST',
      url: '/api/contact/messages',
      headers: { 'content-type': 'application/json' },
      payload: bytes,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'The request body is not valid UTF-8.',
    });
    expect(await eventCount()).toBe(before);
  });

  it('refuses a body naming a field twice with 400, and moves nothing', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    const [from, to] = accounts;
    const body = (amounts: string) =>
      `{"fromAccount":"${from!.id}","toAccount":"${to!.id}",${amounts},"memo":"Rent"}`;
    const before = await eventCount();
    const twice = await client.post(
      '/api/transfers/between-accounts',
      body('"amount":5,"amount":6'),
      {
        'idempotency-key': 'amount-twice',
      },
    );
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      status: 'error',
      message: 'The request body names a field more than once.',
    });
    // Written with an escape, the key is still the same field.
    const escaped = await client.post(
      '/api/transfers/between-accounts',
      body('"amount":5,"\\u0061mount":6'),
      { 'idempotency-key': 'amount-escaped' },
    );
    expect(escaped.status).toBe(400);
    expect(await eventCount()).toBe(before);
    // Said once, the same body reaches the bank's own rules (here: nothing to send yet).
    const once = await client.post('/api/transfers/between-accounts', body('"amount":5'), {
      'idempotency-key': 'amount-once',
    });
    expect(once.status).toBe(422);
  });

  it('answers a text/plain body with 415, as other types that are not JSON', async () => {
    const { client } = await signedUpCustomer(bank);
    const response = await client.post(
      '/api/transfers/between-accounts',
      JSON.stringify({ amount: 1 }),
      { 'content-type': 'text/plain', 'idempotency-key': 'plain-text-body' },
    );
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ status: 'error', message: 'Unsupported content type.' });
  });

  it('still accepts an ordinary nested body', async () => {
    const response = await new ApiClient(bank).post('/api/contact/messages', {
      ...contactMessage({}),
      extra: { a: { b: { c: [1, [2, [3]]] } } },
    });
    expect(response.status).not.toBe(400);
  });
});
