import { streams, supportStreams } from '@bank/events';
import { verifyLog } from '@bank/audit';
import { allProjections, dropShadow, readModelHash, rebuildWithShadow } from '@bank/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  deposit,
  payOutBalances,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

/** Every row of every table (events included) as text: what a database dump would contain. */
async function dumpDatabase(): Promise<string> {
  const { rows: tables } = await bank.pool.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const parts: string[] = [];
  for (const { tablename } of tables) {
    const { rows } = await bank.pool.query(`SELECT t::text AS row FROM "${tablename}" t`);
    parts.push(...rows.map((r) => r.row as string));
  }
  return parts.join('\n');
}

describe('secrets at rest', () => {
  it('keeps no password, SSN or personal data of the event log in plaintext', async () => {
    const { user } = await signedUpCustomer(bank, {
      name: 'Quincy Plaintextcanary',
      email: 'quincy.canary@example.com',
      ssn: '078-05-1120',
      password: 'Canary-Password-42',
      password_confirmation: 'Canary-Password-42',
    });
    expect(user.account_number).toMatch(/^\d{12}$/);
    const dump = await dumpDatabase();
    expect(dump).not.toContain('Canary-Password-42');
    expect(dump).not.toContain('078-05-1120');
    expect(dump).not.toContain('078051120');
    const events = (
      await bank.pool.query(
        `SELECT string_agg(stream_id || data::text || metadata::text, ' ') AS text FROM events`,
      )
    ).rows[0].text as string;
    expect(events).not.toContain('Plaintextcanary');
    expect(events).not.toContain('quincy.canary@example.com');
  });
});

/** The text of every event as stored: what a dump of the event log would contain. */
async function eventLogText(): Promise<string> {
  return (
    await bank.pool.query(
      `SELECT string_agg(stream_id || data::text || metadata::text, ' ') AS text FROM events`,
    )
  ).rows[0].text as string;
}

/**
 * Personal data the features write into their events, each a canary that must not appear in
 * the event log in plaintext. Card numbers and CVVs have their own test beside the cards API
 * (command-api/src/routes/cards.e2e.spec.ts, "no card number or CVV appears in plaintext
 * anywhere in the database"); here: the PIN, and what events/src/pii.ts seals.
 */
describe('secrets at rest in the features’ events', () => {
  it('seals tickets, payees, card delivery addresses, crypto addresses; hashes the PIN', async () => {
    const { client, accounts } = await signedUpCustomer(bank, { name: 'Fiona Featurecanary' });
    const checking = accounts.find((a) => a.name === 'Premium Checking')!;
    await deposit(bank, checking.account_number, 1000);
    const expectCreated = (r: { status: number; body: unknown }) =>
      expect(r.status, JSON.stringify(r.body)).toBe(201);

    expectCreated(
      await client.post('/api/support/tickets', {
        subject: 'Subjectcanary about my divorce',
        description: 'Descriptioncanary: please change my address',
        category: 'account',
        priority: 'low',
      }),
    );
    const ticket = (await client.get('/api/support/tickets')).body.data.tickets[0];
    expect(
      (await client.post(`/api/support/tickets/${ticket.id}/reply`, { message: 'Replycanary' }))
        .status,
    ).toBe(201);
    expectCreated(
      await client.post('/api/bill-payments/payees', {
        name: 'Payeecanary Landlord',
        category: 'other',
        account_number: '5500-1234-9876',
        address: '77 Addresscanary Road',
        city: 'Citycanary',
        phone: '2075550199',
      }),
    );
    const offers = (await client.get('/api/cards')).body.data.cards as {
      id: string;
      card_type: string;
    }[];
    const applied = await client.post(
      `/api/cards/${offers.find((c) => c.card_type === 'debit')!.id}/apply`,
      {
        agreed_to_terms: true,
        delivery_address: '9 Deliverycanary Court',
        express_delivery: false,
      },
    );
    expectCreated(applied);
    const cardId = applied.body.data.card.id as string;
    expect(
      (await client.put(`/api/cards/${cardId}/pin`, { new_pin: '8642', confirm_pin: '8642' }))
        .status,
    ).toBe(200);
    const full = (await client.get(`/api/cards/${cardId}`)).body.data.card.full_details;
    expectCreated(
      await client.post('/api/crypto/deposit', {
        symbol: 'ETH',
        amount: 0.5,
        tx_hash: `0x${'ab'.repeat(32)}`,
        from_address: '0xcafe000000000000000000000000000000c0ffee',
      }),
    );

    // The first answer to an Idempotency-Key is kept sealed, or as the id of the transfer whose
    // (sealed) event it is built from, and still answers the retry.
    const savings = accounts.find((a) => a.name === 'High Yield Savings')!;
    const send = () =>
      client.post(
        '/api/transfers/between-accounts',
        { fromAccount: checking.id, toAccount: savings.id, amount: 12.34 },
        { 'idempotency-key': 'secrets-at-rest-1' },
      );
    const first = await send();
    expectCreated(first);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const recorded = await bank.pool.query<{ body: string | null; kept: string | null }>(
      // A repeat guard's marks (status 0) keep no answer at all.
      `SELECT data->>'body' AS body, data->>'kept' AS kept FROM events
        WHERE type = 'IdempotentRequestRecorded' AND (data->>'statusCode')::int <> 0`,
    );
    expect(recorded.rows.filter((r) => r.kept !== null).length).toBeGreaterThan(0);
    for (const row of recorded.rows) {
      if (row.kept === null) expect(row.body).toMatch(/^pii-json:/);
      else expect(row.body).toBeNull();
    }

    const events = await eventLogText();
    for (const canary of [
      'Subjectcanary',
      'Descriptioncanary',
      'Replycanary',
      'Payeecanary',
      'Addresscanary',
      'Citycanary',
      '2075550199',
      'Deliverycanary',
      '0xcafe000000000000000000000000000000c0ffee',
      'Featurecanary',
    ]) {
      expect(events, canary).not.toContain(canary);
    }
    const dump = await dumpDatabase();
    const cardNumber = String(full.formatted_card_number).replace(/\D/g, '');
    expect(cardNumber).toMatch(/^\d{16}$/);
    expect(dump).not.toContain(cardNumber);
    const pins = await bank.pool.query<{ data: { pinHash: string } }>(
      `SELECT data FROM events WHERE type = 'CardPinSet'`,
    );
    expect(pins.rows.length).toBeGreaterThan(0);
    for (const row of pins.rows) expect(row.data.pinHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(pins.rows)).not.toMatch(/"(pin|newPin|new_pin)":/);

    // Through the store the customer's own data reads back as written, and so do rebuilds
    // (which read the log without the store): the rebuilt read models equal the live ones.
    // A projection that says it reads no personal data is rebuilt without opening any: were one
    // of its handlers to read a sealed field, its rebuild would differ from its live tables.
    const stored = await bank.store.readStream(supportStreams.ticket(ticket.id));
    expect(stored[0]!.event.data).toMatchObject({ subject: 'Subjectcanary about my divorce' });
    await bank.runner.catchUp();
    const readingNone = allProjections.filter((p) => p.readsPersonalData === false);
    expect(readingNone.map((p) => p.name)).toContain('accounts');
    for (const name of [
      'customers',
      'support',
      'bill-pay',
      'cards',
      ...readingNone.map((p) => p.name),
    ]) {
      const projection = allProjections.find((p) => p.name === name)!;
      const live = await readModelHash(bank.pool, projection);
      const rebuilt = await rebuildWithShadow(bank.ownerPool, bank.store, projection, {
        swap: false,
      });
      try {
        expect(await readModelHash(bank.ownerPool, projection, rebuilt.shadowSchema), name).toEqual(
          live,
        );
      } finally {
        await dropShadow(bank.ownerPool, projection);
      }
    }
  });
});

describe('crypto-shredding', () => {
  it('makes an erased customer’s personal data unreadable while balances and the books stay intact', async () => {
    const { client, user, accounts, payload } = await signedUpCustomer(bank, {
      name: 'Erin Erasable',
    });
    await deposit(bank, accounts[0]!.account_number, 321.09);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    // Refused while money is left: the customer is paid out at the teller first.
    const refused = await ops.post('/api/ops/customers/erase', {
      account_number: user.account_number,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Premium Checking holds $321.09');
    await payOutBalances(bank, accounts);

    const erased = await ops.post('/api/ops/customers/erase', {
      account_number: user.account_number,
      reason: 'GDPR request',
    });
    expect(erased.status).toBe(200);
    const customerId = erased.body.data.customer_id as string;

    const history = await bank.store.readStream(streams.customer(customerId));
    expect(history[0]!.event).toMatchObject({
      type: 'CustomerRegistered',
      data: { name: '[erased]', email: '[erased]' },
    });
    expect((await client.get('/api/user')).status).toBe(401);
    const login = await new ApiClient(bank).post('/api/login', {
      account_number: user.account_number,
      password: payload.password,
    });
    expect(login.status).toBe(401);

    // Money is untouched and still adds up: paid in, paid out, the account closed.
    await bank.runner.catchUp();
    const account = await bank.pool.query(
      'SELECT balance_cents FROM rm_accounts WHERE account_id = $1',
      [accounts[0]!.id],
    );
    expect(account.rows[0].balance_cents).toBe(0);
    const accountEvents = await bank.store.readStream(streams.account(accounts[0]!.id));
    expect(accountEvents.map((e) => e.type)).toEqual([
      'AccountOpened',
      'AccountCredited',
      'AccountDebited',
      'AccountClosed',
    ]);
    expect(accountEvents[1]!.event.data).toMatchObject({ amount: 32109 });
    expect(accountEvents[2]!.event.data).toMatchObject({ amount: 32109 });
    expect((await ops.get('/api/ops/ledger')).body.data.balanced).toBe(true);
    const profile = await bank.pool.query(
      'SELECT name, email FROM rm_customers WHERE customer_id = $1',
      [customerId],
    );
    expect(profile.rows[0]).toEqual({ name: '[erased]', email: '[erased]' });
    // The auditors' check still passes: hash chains (over the sealed text), balances, ledger.
    expect((await verifyLog(bank.pool)).findings).toEqual([]);
    // A second erasure is refused clearly.
    expect(
      (await ops.post('/api/ops/customers/erase', { account_number: user.account_number })).status,
    ).toBe(422);
  });
});

describe('crypto-shredding the features’ data', () => {
  it('leaves tickets unreadable, lets staff close them (not answer), and the books verifiable', async () => {
    const { client, user, accounts } = await signedUpCustomer(bank, { name: 'Ezra Erasefeatures' });
    const checking = accounts.find((a) => a.name === 'Premium Checking')!;
    const savings = accounts.find((a) => a.name === 'High Yield Savings')!;
    await deposit(bank, checking.account_number, 200);
    const opened = await client.post('/api/support/tickets', {
      subject: 'Erasable subject',
      description: 'Erasable description',
      category: 'general',
      priority: 'low',
    });
    expect(opened.status).toBe(201);
    const ticketId = opened.body.data.ticket.id as string;
    const moved = await client.post('/api/transfers/between-accounts', {
      fromAccount: checking.id,
      toAccount: savings.id,
      amount: 50,
      memo: 'Erasable memo',
    });
    expect(moved.status).toBe(201);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    await payOutBalances(bank, accounts);
    expect(
      (await ops.post('/api/ops/customers/erase', { account_number: user.account_number })).status,
    ).toBe(200);

    const ticket = await bank.store.readStream(supportStreams.ticket(ticketId));
    expect(ticket[0]!.event.data).toMatchObject({
      subject: '[erased]',
      description: '[erased]',
      customerName: '[erased]',
    });
    const transfer = await bank.store.readStream(`transfer-${moved.body.data.transfer.id}`);
    expect(transfer[0]!.event.data).toMatchObject({ memo: '[erased]', amount: 5000 });
    // Nobody is left to read a reply: staff are told so, and close the ticket instead.
    const answered = await ops.post(`/api/ops/tickets/${ticketId}/reply`, {
      message: 'Closing this after your erasure request',
    });
    expect(answered.status).toBe(409);
    const closed = await ops.put(`/api/ops/tickets/${ticketId}/status`, { status: 'closed' });
    expect(closed.status).toBe(200);
    const after = await bank.store.readStream(supportStreams.ticket(ticketId));
    expect(after.filter((e) => e.type === 'SupportTicketReplied')).toEqual([]);
    expect(after.at(-1)!.type).toBe('SupportTicketStatusChanged');

    await bank.runner.catchUp();
    const balances = await bank.pool.query(
      'SELECT account_id, balance_cents FROM rm_accounts WHERE account_id = ANY($1::uuid[])',
      [[checking.id, savings.id]],
    );
    // Paid out before the erasure: nothing is left on the accounts.
    expect(Object.fromEntries(balances.rows.map((r) => [r.account_id, r.balance_cents]))).toEqual({
      [checking.id]: 0,
      [savings.id]: 0,
    });
    expect((await ops.get('/api/ops/ledger')).body.data.balanced).toBe(true);
    expect((await verifyLog(bank.pool)).findings).toEqual([]);
  });
});
