import { streams, zelleStreams } from '@bank/events';
import { verifyLog } from '@bank/audit';
import { allProjections, dropShadow, readModelHash, rebuildWithShadow } from '@bank/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  crashAfterRecord,
  deposit,
  payOutBalances,
  readModelText as readModelOf,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '../testing/index.ts';

/**
 * Crypto-shredding beyond the profile (secrets-at-rest.e2e.spec.ts covers registration, tickets
 * and payees): person-to-person payments between two customers, postings, nested transfer
 * recipients, visitors' contact requests, and the read models, against real PostgreSQL.
 */
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

const unique = () => Math.random().toString(36).slice(2, 10);

async function eventLogText(): Promise<string> {
  const { rows } = await bank.pool.query<{ text: string }>(
    `SELECT string_agg(stream_id || data::text || metadata::text, ' ') AS text FROM events`,
  );
  return rows[0]!.text;
}

const readModelText = (customerId?: string) => readModelOf(bank.pool, customerId);

/** Rebuilding from the log (where the erased data reads "[erased]") gives the live rows. */
async function expectRebuildEqualsLive(names: string[]): Promise<void> {
  await bank.runner.catchUp();
  for (const name of names) {
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
}

const expectStatus = (r: { status: number; body: unknown }, status: number) =>
  expect(r.status, JSON.stringify(r.body)).toBe(status);

describe('crypto-shredding: payments between customers, postings, transfer recipients', () => {
  it('erases one party’s data in the log and the read models; the other party’s, amounts and the books stay', async () => {
    const ada = await signedUpCustomer(bank, {
      name: 'Ada Shreddable',
      email: `ada.shreddable.${unique()}@example.com`,
    });
    const bo = await signedUpCustomer(bank, {
      name: 'Bo Counterparty',
      email: `bo.counterparty.${unique()}@example.com`,
    });
    const checking = (c: typeof ada) => c.accounts.find((a) => a.name === 'Premium Checking')!;
    const savings = (c: typeof ada) => c.accounts.find((a) => a.name === 'High Yield Savings')!;
    await deposit(bank, checking(ada).account_number, 1000);
    await deposit(bank, checking(bo).account_number, 100);

    const toBo = await ada.client.post('/api/zelle/send', {
      bank_account_id: checking(ada).id,
      amount: 25,
      recipient_name: 'Bo Counterparty',
      recipient_email: bo.payload.email,
      memo: 'Zellememocanary',
    });
    expectStatus(toBo, 201);
    const toOutsider = await ada.client.post('/api/zelle/send', {
      bank_account_id: checking(ada).id,
      amount: 10,
      recipient_name: 'Nadia Outsidercanary',
      recipient_email: `nadia.${unique()}@example.org`,
      memo: 'Pendingmemocanary',
    });
    expectStatus(toOutsider, 201);
    const fromBo = await bo.client.post('/api/zelle/request', {
      bank_account_id: checking(bo).id,
      amount: 7.5,
      recipient_name: 'Ada S.',
      recipient_email: ada.payload.email,
      memo: 'Requestmemocanary',
    });
    expectStatus(fromBo, 201);
    const external = await ada.client.post('/api/transfers/external-bank', {
      fromAccount: checking(ada).id,
      amount: 100,
      memo: 'Externalmemocanary',
      recipientName: 'Xavier Externalcanary',
      bankName: 'First National',
      accountNumber: '987654321',
      routingNumber: '021000021',
      recipientAddress: '5 Addresscanary Lane, Boston MA',
    });
    expectStatus(external, 201);
    const own = await ada.client.post('/api/transfers/between-accounts', {
      fromAccount: checking(ada).id,
      toAccount: savings(ada).id,
      amount: 50,
      memo: 'Ownmemocanary',
    });
    expectStatus(own, 201);

    // Sealed at rest: none of it is in the log in clear.
    const canaries = [
      'Shreddable',
      'Counterparty',
      'Zellememocanary',
      'Outsidercanary',
      'Pendingmemocanary',
      'Requestmemocanary',
      'Externalmemocanary',
      'Externalcanary',
      'Addresscanary',
      'Ownmemocanary',
      ada.payload.email,
      bo.payload.email,
    ];
    const sealedLog = await eventLogText();
    for (const canary of canaries) expect(sealedLog, canary).not.toContain(canary);

    // Ada closes out first (erasure is refused while money is left or pending): what is pending
    // is cancelled, the balances are paid out at the teller.
    expectStatus(
      await ada.client.post(
        `/api/zelle/payments/${toOutsider.body.data.transaction.id}/cancel`,
        {},
      ),
      200,
    );
    expectStatus(
      await ada.client.post(`/api/transfers/${external.body.data.transfer.id}/cancel`, {}),
      200,
    );
    await payOutBalances(bank, ada.accounts);
    await bank.runner.catchUp();
    const balancesBefore = await bank.pool.query(
      'SELECT account_id, balance_cents, held_cents FROM rm_accounts ORDER BY account_id',
    );

    const erased = await ops.post('/api/ops/customers/erase', {
      account_number: ada.user.account_number,
    });
    expectStatus(erased, 200);
    const adaId = erased.body.data.customer_id as string;

    // The log: Ada's side reads "[erased]", Bo's side of the same events stays readable.
    const payment = await bank.store.readStream(
      zelleStreams.payment(toBo.body.data.transaction.id),
    );
    expect(payment[0]!.event.data).toMatchObject({
      senderName: '[erased]',
      memo: '[erased]',
      recipientName: 'Bo Counterparty',
      recipientContact: { kind: 'email', value: bo.payload.email },
      amount: 2500,
    });
    const request = await bank.store.readStream(zelleStreams.request(fromBo.body.data.request.id));
    expect(request[0]!.event.data).toMatchObject({
      requesterName: 'Bo Counterparty',
      memo: 'Requestmemocanary',
      payerName: '[erased]',
      payerContact: { kind: 'email', value: '[erased]' },
      amount: 750,
    });
    const transfer = await bank.store.readStream(`transfer-${external.body.data.transfer.id}`);
    expect(transfer[0]!.event.data).toMatchObject({
      recipientName: '[erased]',
      memo: '[erased]',
      description: '[erased]',
      amount: 10000,
      destination: {
        recipientAddress: '[erased]',
        accountEncrypted: '[erased]',
        accountLast4: '4321',
        bankName: 'First National',
      },
    });
    for (const account of [checking(ada), savings(ada)]) {
      const postings = (await bank.store.readStream(streams.account(account.id))).filter((e) =>
        ['AccountCredited', 'AccountDebited', 'FundsHeld'].includes(e.type),
      );
      expect(postings.length).toBeGreaterThan(0);
      for (const posting of postings) {
        const data = posting.event.data as { description: string; amount: number };
        expect(data.description, posting.type).toBe('[erased]');
        expect(data.amount).toBeGreaterThan(0);
        expect(JSON.stringify(data)).not.toMatch(/canary|Counterparty|@example/);
      }
    }
    // Bo's own postings are Bo's records, sealed with Bo's key: they still say who paid.
    const boPostings = await bank.store.readStream(streams.account(checking(bo).id));
    expect(boPostings.map((e) => (e.event.data as { description?: string }).description)).toContain(
      'Zelle payment from Ada Shreddable',
    );

    // The read models: nothing personal left in Ada's rows, her data gone from Bo's Zelle lines.
    await bank.runner.catchUp();
    const adaRows = await readModelText(adaId);
    expect(adaRows).toContain('[erased]');
    for (const canary of canaries) expect(adaRows, canary).not.toContain(canary);
    const everything = await readModelText();
    for (const canary of [
      'Outsidercanary',
      'Pendingmemocanary',
      'Externalmemocanary',
      'Externalcanary',
      'Addresscanary',
      'Ownmemocanary',
      ada.payload.email,
    ]) {
      expect(everything, canary).not.toContain(canary);
    }
    const boLines = await bank.pool.query(
      `SELECT type, sender_name, recipient_name, counterparty_name, counterparty_contact, memo, amount_cents
       FROM rm_zelle_activity WHERE customer_id = (SELECT customer_id FROM rm_accounts WHERE account_id = $1)
       ORDER BY type`,
      [checking(bo).id],
    );
    expect(boLines.rows).toEqual([
      {
        type: 'received',
        sender_name: '[erased]',
        recipient_name: 'Bo Counterparty',
        counterparty_name: '[erased]',
        counterparty_contact: null,
        memo: '[erased]',
        amount_cents: 2500,
      },
      {
        type: 'request',
        sender_name: 'Bo Counterparty',
        recipient_name: '[erased]',
        counterparty_name: '[erased]',
        counterparty_contact: '[erased]',
        memo: 'Requestmemocanary',
        amount_cents: 750,
      },
    ]);

    // Amounts, balances, the books and the auditors' check are untouched.
    const balancesAfter = await bank.pool.query(
      'SELECT account_id, balance_cents, held_cents FROM rm_accounts ORDER BY account_id',
    );
    expect(balancesAfter.rows).toEqual(balancesBefore.rows);
    expect((await ops.get('/api/ops/ledger')).body.data.balanced).toBe(true);
    expect((await verifyLog(bank.pool)).findings).toEqual([]);
    // Auditors' statements open the descriptions with each owner's key: Ada's read "[erased]".
    const issued = await ops.post('/api/ops/auditors', { name: 'Shredding auditor' });
    expectStatus(issued, 201);
    const auditor = new ApiClient(bank);
    auditor.token = issued.body.data.token;
    const day = new Date().toISOString().slice(0, 10);
    const statement = async (accountId: string) => {
      const response = await auditor.get(
        `/api/audit/accounts/${accountId}/statement?from=${day}&to=${day}&format=json`,
      );
      expectStatus(response, 200);
      return (response.body.data.lines as { description: string }[]).map((l) => l.description);
    };
    const adaLines = await statement(checking(ada).id);
    expect(adaLines.length).toBeGreaterThan(0);
    expect(new Set(adaLines)).toEqual(new Set(['[erased]']));
    expect(await statement(checking(bo).id)).toContain('Zelle payment from Ada Shreddable');

    // Where the sealed log and the blanked rows say the same, a rebuild gives the live rows.
    await expectRebuildEqualsLive(['customers', 'accounts', 'transactions', 'transfers']);
  });
});

describe('crypto-shredding: contact requests from visitors', () => {
  it('seals each request with its own key and erases them all by email, through /ops', async () => {
    const visitor = new ApiClient(bank);
    const email = `vera.visitor.${unique()}@example.net`;
    const appointment = await visitor.post('/api/contact/appointments', {
      first_name: 'Vera',
      last_name: 'Visitorcanary',
      email,
      phone: '2075550123',
      appointment_type: 'loans',
      preferred_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      preferred_time: '10:00 AM',
      meeting_preference: 'virtual',
      notes: 'Notescanary about my mortgage',
    });
    expectStatus(appointment, 201);
    const message = await visitor.post('/api/contact/messages', {
      first_name: 'Vera',
      last_name: 'Visitorcanary',
      email,
      subject: 'General Inquiry',
      message: 'Messagecanary: please call me back',
    });
    expectStatus(message, 201);
    const other = await visitor.post('/api/contact/messages', {
      first_name: 'Otto',
      last_name: 'Otherperson',
      email: `otto.${unique()}@example.net`,
      subject: 'General Inquiry',
      message: 'Keep me',
    });
    expectStatus(other, 201);

    const log = await eventLogText();
    for (const canary of ['Visitorcanary', 'Notescanary', 'Messagecanary', email]) {
      expect(log, canary).not.toContain(canary);
    }
    const ids = [appointment, message].map((r) => r.body.data.request_id as string);

    // Errors first: each is a 4xx with the field named, and changes nothing.
    const unauthenticated = await new ApiClient(bank).post('/api/ops/contact-requests/erase', {
      email,
    });
    expectStatus(unauthenticated, 401);
    const invalid = await ops.post('/api/ops/contact-requests/erase', { email: 'not-an-email' });
    expectStatus(invalid, 422);
    expect(invalid.body.errors.email).toEqual(['The email must be a valid email address.']);
    const unknown = await ops.post('/api/ops/contact-requests/erase', {
      email: `nobody.${unique()}@example.net`,
    });
    expectStatus(unknown, 422);
    expect(unknown.body.errors.email).toEqual(['No contact request has this email.']);

    // The email is matched as written by anyone: spaces and capitals do not matter.
    const erased = await ops.post('/api/ops/contact-requests/erase', {
      email: `  ${email.toUpperCase()} `,
      reason: 'Visitor asked to be forgotten',
    });
    expectStatus(erased, 200);
    expect([...erased.body.data.request_ids].sort()).toEqual([...ids].sort());
    const again = await ops.post('/api/ops/contact-requests/erase', { email });
    expectStatus(again, 422);
    expect(again.body.errors.email).toEqual([
      'The contact requests of this email have already been erased.',
    ]);

    const stored = await bank.store.readStream(streams.contactRequest(ids[1]!));
    expect(stored.map((e) => e.type)).toEqual(['ContactRequestSubmitted', 'ContactRequestErased']);
    expect(stored[0]!.event.data).toMatchObject({
      firstName: '[erased]',
      lastName: '[erased]',
      email: '[erased]',
      subject: '[erased]',
      message: '[erased]',
      kind: 'message',
    });
    await bank.runner.catchUp();
    const listed = (await ops.get('/api/ops/contact-requests')).body.data.contact_requests as {
      request_id: string;
      first_name: string;
      email: string;
      message: string | null;
    }[];
    for (const id of ids) {
      expect(listed.find((r) => r.request_id === id)).toMatchObject({
        first_name: '[erased]',
        email: '[erased]',
        message: '[erased]',
      });
    }
    expect(listed.find((r) => r.request_id === other.body.data.request_id)).toMatchObject({
      first_name: 'Otto',
      message: 'Keep me',
    });
    const text = await readModelText();
    for (const canary of ['Visitorcanary', 'Notescanary', 'Messagecanary', email]) {
      expect(text, canary).not.toContain(canary);
    }

    // Writing again later is a new request, kept (and erasable again).
    const later = await visitor.post('/api/contact/messages', {
      first_name: 'Vera',
      last_name: 'Returning',
      email,
      subject: 'Other',
      message: 'I am back',
    });
    expectStatus(later, 201);
    await bank.runner.catchUp();
    const row = await bank.pool.query(
      'SELECT last_name, message FROM rm_contact_requests WHERE request_id = $1',
      [later.body.data.request_id],
    );
    expect(row.rows[0]).toEqual({ last_name: 'Returning', message: 'I am back' });
    expectStatus(await ops.post('/api/ops/contact-requests/erase', { email }), 200);

    await expectRebuildEqualsLive(['contact-requests']);
    expect((await verifyLog(bank.pool)).findings).toEqual([]);
  });
});

describe('crypto-shredding: which account number names the customer', () => {
  it('takes the number the customer signs in with, and says so for another of their accounts', async () => {
    const { user, accounts } = await signedUpCustomer(bank);
    const other = accounts.find((a) => a.account_number !== user.account_number)!;
    const refused = await ops.post('/api/ops/customers/erase', {
      account_number: other.account_number,
    });
    expectStatus(refused, 422);
    expect(refused.body.errors.account_number).toEqual([
      'No customer signs in with this account number.',
    ]);
    const erased = await ops.post('/api/ops/customers/erase', {
      account_number: user.account_number,
    });
    expectStatus(erased, 200);
  });
});

describe('crypto-shredding: an erasure interrupted right after its record', () => {
  it('has already destroyed the key and ended the sessions; asked again, it finishes and says so', async () => {
    const { client, user } = await signedUpCustomer(bank);
    // The process dies right after the erasure is recorded: no later write to keys or sessions.
    const recover = await crashAfterRecord(
      bank.ownerPool,
      { type: 'CustomerErased', customerId: user.id },
      ['customer_keys', 'sessions'],
    );
    try {
      const erased = await ops.post('/api/ops/customers/erase', {
        account_number: user.account_number,
      });
      expectStatus(erased, 500);
    } finally {
      await recover();
    }
    const { rows } = await bank.pool.query<{ destroyed: boolean }>(
      'SELECT destroyed_at IS NOT NULL AS destroyed FROM customer_keys WHERE customer_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ destroyed: true }]);
    expect((await client.get('/api/user')).status).toBe(401);

    const again = await ops.post('/api/ops/customers/erase', {
      account_number: user.account_number,
    });
    expectStatus(again, 422);
    expect(again.body.errors.account_number).toEqual(['This customer has already been erased.']);
  });
});

describe('crypto-shredding: the other processes of the bank', () => {
  it('no longer open the erased customer’s data in a process that held the key', async () => {
    // A query service of its own (as scale mode runs it), on the same database and secrets key.
    const replica = await startTestBank({
      roles: { commands: false, queries: true, projections: false, jobs: false, http: true },
      config: {
        databaseUrl: bank.config.databaseUrl,
        migrationDatabaseUrl: bank.config.migrationDatabaseUrl,
        secretsKey: bank.config.secretsKey,
      },
      serveFrontend: false,
    });
    try {
      const cy = await signedUpCustomer(bank, { name: 'Cy Replicacanary' });
      const checking = cy.accounts.find((a) => a.name === 'Premium Checking')!;
      await deposit(bank, checking.account_number, 300);
      const savings = cy.accounts.find((a) => a.name === 'High Yield Savings')!;
      expectStatus(
        await cy.client.post('/api/transfers/between-accounts', {
          fromAccount: checking.id,
          toAccount: savings.id,
          amount: 40,
          memo: 'Replicamemocanary',
        }),
        201,
      );
      // Closed out before the erasure (refused while money is left).
      await payOutBalances(bank, cy.accounts);
      const issued = await ops.post('/api/ops/auditors', { name: 'Replica auditor' });
      expectStatus(issued, 201);
      const auditor = new ApiClient(replica);
      auditor.token = issued.body.data.token;
      const day = new Date().toISOString().slice(0, 10);
      const lines = async () => {
        const response = await auditor.get(
          `/api/audit/accounts/${checking.id}/statement?from=${day}&to=${day}&format=json`,
        );
        expectStatus(response, 200);
        return (response.body.data.lines as { description: string }[]).map((l) => l.description);
      };
      // The query service opened Cy's postings: it holds Cy's key now.
      const before = await lines();
      expect(before.length).toBeGreaterThan(1);
      expect(before).toContain('Test deposit');

      expectStatus(
        await ops.post('/api/ops/customers/erase', { account_number: cy.user.account_number }),
        200,
      );
      const after = await lines();
      expect(after.length).toBeGreaterThan(1);
      expect(new Set(after)).toEqual(new Set(['[erased]']));
    } finally {
      await replica.stop();
    }
  });
});
