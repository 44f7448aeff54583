import { randomUUID } from 'node:crypto';
import { streams } from '@bank/events';
import { parsePosition, waitForProjections } from '@bank/infra';
import { allProjectionNames } from '@bank/projections';
import type { TestBank } from './test-bank.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string>;
}

/** A small HTTP client for API tests: JSON in and out, bearer token and consistency token kept. */
export class ApiClient {
  token: string | undefined;
  consistencyToken: string | undefined;

  constructor(private readonly bank: Pick<TestBank, 'app'>) {}

  async request<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const response = await this.bank.app.inject({
      method,
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(this.consistencyToken ? { 'x-consistency-token': this.consistencyToken } : {}),
        ...headers,
      },
      ...(body !== undefined
        ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    });
    const consistency = response.headers['x-consistency-token'];
    if (typeof consistency === 'string') this.consistencyToken = consistency;
    let parsed: unknown = response.body;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      /* not JSON */
    }
    return {
      status: response.statusCode,
      body: parsed as T,
      headers: response.headers as Record<string, string>,
    };
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body ?? {}, headers);
  }
  put<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', url, body ?? {}, headers);
  }
  delete<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', url, undefined, headers);
  }
}

let counter = 0;

/** A valid registration payload with a unique email and phone. */
export function registrationPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e6)}`;
  return {
    name: 'Jordan Rivera',
    email: `jordan.${unique}@example.com`,
    password: 'Secur3-Passw0rd!',
    password_confirmation: 'Secur3-Passw0rd!',
    phone: `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    date_of_birth: '1988-04-12',
    address: '12 Harbor Street',
    city: 'Portland',
    state: 'ME',
    zip_code: '04101',
    ...overrides,
  };
}

/**
 * Registers a customer and returns a signed-in client with their accounts. Their email and phone
 * are proved with the codes sent to them, as a customer would, so that money sent to them arrives
 * at once; `{ proveContacts: false }` leaves them unproved (money sent to them then waits).
 */
export async function signedUpCustomer(
  bank: TestBank,
  overrides: Record<string, unknown> = {},
  { proveContacts = true }: { proveContacts?: boolean } = {},
) {
  const client = new ApiClient(bank);
  const payload = registrationPayload(overrides);
  const registered = await client.post('/api/register', payload);
  if (registered.status !== 201)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  client.token = registered.body.data.token;
  if (proveContacts) await proveOwnContacts(bank, client, registered.body.data.user.id);
  const accounts = (await client.get('/api/accounts')).body.data.accounts as {
    id: string;
    account_number: string;
    name: string;
    type: string;
  }[];
  return { client, payload, user: registered.body.data.user, accounts };
}

type ContactKind = 'email' | 'phone';

/** Posts JSON as the signed-in customer; any client of the API will do. */
export type PostAsCustomer = (
  url: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<{ status: number; body: any }>;

/**
 * Proves a customer's contact as the Zelle page does: asks for a one-time code, reads it where it
 * was sent (`readCode`: no mail or text message leaves this bank, the staff outbox holds it) and
 * enters it. Money sent to the contact then arrives at once.
 */
export async function proveContact(
  post: PostAsCustomer,
  readCode: (kind: ContactKind) => Promise<string | undefined>,
  kind: ContactKind,
) {
  const asked = await post('/api/zelle/claims/code', { kind }, {});
  if (asked.status !== 201) throw new Error(`no ${kind} code: ${JSON.stringify(asked.body)}`);
  const code = await readCode(kind);
  if (!code) throw new Error(`no ${kind} code in the outbox`);
  const proved = await post(
    '/api/zelle/claims',
    { kind, code },
    { 'Idempotency-Key': randomUUID() },
  );
  if (proved.status !== 200) throw new Error(`${kind} not proved: ${JSON.stringify(proved.body)}`);
}

/** What reads the staff outbox in a test: the bank's database and the key its messages are sealed with. */
export interface OutboxReader {
  pool: Pick<TestBank['pool'], 'query'>;
  ctx: { secrets: { decrypt(sealed: string): string } };
}

/** The open code the outbox holds for a customer's contact (its sealed message names the code). */
export async function outboxCode(
  bank: OutboxReader,
  customerId: string,
  kind: ContactKind,
): Promise<string | undefined> {
  const { rows } = await bank.pool.query<{ message_sealed: string | null }>(
    `SELECT message_sealed FROM zelle_claim_codes
     WHERE customer_id = $1 AND contact_kind = $2 AND closed_at IS NULL`,
    [customerId, kind],
  );
  const sealed = rows[0]?.message_sealed;
  return sealed ? /\d{6}/.exec(bank.ctx.secrets.decrypt(sealed))?.[0] : undefined;
}

/**
 * The open code for a customer's contact as staff read it, from GET /api/ops/zelle-claim-codes, by
 * the customer's account number: for a bank in another process. The outbox names customers from
 * the read model, which may lag the registration by a moment, so it is asked again for a while.
 */
export async function staffOutboxCode(
  opsGet: (url: string) => Promise<{ status: number; body: any }>,
  accountNumber: string,
  kind: ContactKind,
): Promise<string | undefined> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const listed = await opsGet('/api/ops/zelle-claim-codes');
    const codes: { account_number: string | null; contact_kind: string; message: string | null }[] =
      listed.body?.data?.zelle_claim_codes ?? [];
    const open = codes.find(
      (c) => c.account_number === accountNumber && c.contact_kind === kind && c.message,
    );
    if (open) return /\d{6}/.exec(open.message!)?.[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** Proves a signed-in customer's email and phone with the codes sent to them. */
export async function proveOwnContacts(bank: TestBank, client: ApiClient, customerId: string) {
  for (const kind of ['email', 'phone'] as const) {
    await proveContact(
      (url, body, headers) => client.post(url, body, headers),
      (k) => outboxCode(bank, customerId, k),
      kind,
    );
  }
}

/**
 * Posts a teller deposit through /ops and, unless told not to, waits until the read models show
 * it: the customer's own client never saw the deposit's consistency token, so its next read could
 * otherwise miss it. Tests of lagging read models pass `{ waitForReadModels: false }`.
 */
export async function deposit(
  bank: TestBank,
  accountNumber: string,
  amount: number,
  { waitForReadModels = true }: { waitForReadModels?: boolean } = {},
) {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  // Each call is a deposit of its own: a key says so (the same deposit again without one, within
  // 60 seconds, is refused as a duplicate).
  const response = await ops.post(
    '/api/ops/deposits',
    { account_number: accountNumber, amount, description: 'Test deposit' },
    { 'idempotency-key': randomUUID() },
  );
  if (response.status !== 201) throw new Error(`deposit failed: ${JSON.stringify(response.body)}`);
  if (!waitForReadModels) return response;
  const position = parsePosition(response.headers['x-consistency-token'] ?? '');
  if (!position) throw new Error('deposit answered without a consistency token');
  if (!(await waitForProjections(bank.pool, position, allProjectionNames, 10_000)))
    throw new Error('the read models did not show the deposit within 10 s');
  return response;
}

/**
 * Pays every balance of a customer's accounts out at the teller (POST /ops/withdrawals), as staff
 * do when the customer closes their accounts before an erasure (an erasure is refused while money
 * is left). The balances are read from the accounts' streams, not a read model that may lag.
 * Pending payments are the caller's to finish or cancel first: a hold is not paid out.
 */
export async function payOutBalances(
  bank: TestBank,
  accounts: readonly { id: string; account_number: string }[],
) {
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  for (const account of accounts) {
    const events = await bank.store.readStream(streams.account(account.id));
    const cents = events.reduce((sum, { type, event }) => {
      const amount = (event.data as { amount?: number }).amount ?? 0;
      if (type === 'AccountCredited') return sum + amount;
      return type === 'AccountDebited' ? sum - amount : sum;
    }, 0);
    if (cents === 0) continue;
    const response = await ops.post(
      '/api/ops/withdrawals',
      { account_number: account.account_number, amount: cents / 100 },
      { 'idempotency-key': randomUUID() },
    );
    if (response.status !== 201)
      throw new Error(`pay-out failed: ${JSON.stringify(response.body)}`);
  }
}
