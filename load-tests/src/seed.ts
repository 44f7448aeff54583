import { randomBytes, randomUUID } from 'node:crypto';
import { callApi, HttpError, mapConcurrent, type BankEndpoint, type Envelope } from './http.ts';

export interface SeededAccount {
  id: string;
  account_number: string;
  type: string;
  name: string;
}

export interface SeededCustomer {
  customerId: string;
  name: string;
  email: string;
  accountNumber: string;
  password: string;
  token: string;
  checking: SeededAccount;
  savings: SeededAccount;
  /** Cents deposited into checking by the seeding. */
  depositedCents: number;
}

export interface Seed {
  baseUrl: string;
  customers: SeededCustomer[];
  /** Every cent the seeding deposited: what the ledger check holds the books to. */
  depositsCents: number;
}

export interface SeedOptions {
  customers: number;
  /** Dollars deposited into each customer's checking account. */
  depositDollars: number;
  /** Registrations in flight at once (each hashes a password with argon2id on the server). */
  concurrency?: number;
  log?: (line: string) => void;
}

const PASSWORD = 'Load-Test-Passw0rd!';

function registration(run: string, index: number) {
  const unique = `${run}${index.toString(36)}`;
  return {
    name: `Load Customer ${index + 1}`,
    email: `load.${unique}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    // 555 + 7 digits, unique within a run of up to a million customers.
    phone: `555${String((parseInt(run.slice(0, 4), 16) * 1000 + index) % 10_000_000).padStart(7, '0')}`,
    date_of_birth: '1985-06-15',
    address: '1 Load Test Way',
    city: 'Portland',
    state: 'ME',
    zip_code: '04101',
  };
}

/**
 * The new customer's checking and savings accounts, once the read model shows them: the
 * registration's consistency token makes the query wait for the projections, and a busy bank
 * gets a few more tries.
 */
async function openedAccounts(baseUrl: string, token: string, consistency: string | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    const accounts = await callApi<Envelope<{ accounts: SeededAccount[] }>>(
      baseUrl,
      'GET',
      '/api/accounts',
      { token, headers: consistency ? { 'x-consistency-token': consistency } : {} },
    );
    if (accounts.status !== 200) {
      throw new HttpError(accounts.status, accounts.body, 'GET /api/accounts');
    }
    const list = accounts.body.data.accounts;
    const checking = list.find((a) => a.type === 'checking');
    const savings = list.find((a) => a.type === 'savings');
    if (checking && savings) return { checking, savings };
    if (attempt >= 120) throw new Error('the new customer has no checking and savings accounts');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Proves the new customer's email, as they would: asks for a one-time code (POST
 * /api/zelle/claims/code), reads it from the staff outbox (no mail leaves the bank) and enters it.
 * Zelle payments to the email then arrive at once instead of waiting to be claimed.
 */
async function proveEmail(endpoint: BankEndpoint, token: string, accountNumber: string) {
  const asked = await callApi(endpoint.baseUrl, 'POST', '/api/zelle/claims/code', {
    token,
    body: { kind: 'email' },
  });
  if (asked.status !== 201)
    throw new HttpError(asked.status, asked.body, 'POST /api/zelle/claims/code');
  const outbox = await callApi<
    Envelope<{
      zelle_claim_codes: {
        account_number: string | null;
        contact_kind: string;
        message: string | null;
      }[];
    }>
  >(endpoint.baseUrl, 'GET', '/api/ops/zelle-claim-codes', { token: endpoint.opsToken });
  const sent = outbox.body.data.zelle_claim_codes.find(
    (m) => m.account_number === accountNumber && m.contact_kind === 'email' && m.message,
  );
  const code = /\d{6}/.exec(sent?.message ?? '')?.[0];
  if (!code) throw new Error(`no email code in the outbox for ${accountNumber}`);
  const proved = await callApi(endpoint.baseUrl, 'POST', '/api/zelle/claims', {
    token,
    body: { kind: 'email', code },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  if (proved.status !== 200)
    throw new HttpError(proved.status, proved.body, 'POST /api/zelle/claims');
}

/**
 * Registers customers through POST /api/register, proves their emails, and funds their checking accounts through
 * POST /api/ops/deposits, as a teller would: the load then runs against money that entered the
 * books the ordinary way.
 */
export async function seedCustomers(endpoint: BankEndpoint, options: SeedOptions): Promise<Seed> {
  const run = randomBytes(4).toString('hex');
  const depositCents = Math.round(options.depositDollars * 100);
  const started = Date.now();
  const customers = await mapConcurrent(
    Array.from({ length: options.customers }, (_, i) => i),
    options.concurrency ?? 4,
    async (index): Promise<SeededCustomer> => {
      const payload = registration(run, index);
      const registered = await callApi<
        Envelope<{ token: string; user: { id: string; account_number?: string } }>
      >(endpoint.baseUrl, 'POST', '/api/register', {
        body: payload,
      });
      if (registered.status !== 201) {
        throw new HttpError(registered.status, registered.body, 'POST /api/register');
      }
      const { token, user } = registered.body.data;
      const consistency = registered.headers.get('x-consistency-token') ?? undefined;
      const { checking, savings } = await openedAccounts(endpoint.baseUrl, token, consistency);
      await proveEmail(endpoint, token, checking.account_number);
      const deposited = await callApi(endpoint.baseUrl, 'POST', '/api/ops/deposits', {
        token: endpoint.opsToken,
        body: {
          account_number: checking.account_number,
          amount: depositCents / 100,
          description: 'Load test funding',
        },
      });
      if (deposited.status !== 201) {
        throw new HttpError(deposited.status, deposited.body, 'POST /api/ops/deposits');
      }
      return {
        customerId: user.id,
        name: payload.name,
        email: payload.email,
        accountNumber: user.account_number ?? checking.account_number,
        password: PASSWORD,
        token,
        checking,
        savings,
        depositedCents: depositCents,
      };
    },
  );
  options.log?.(
    `seeded ${customers.length} customers with $${options.depositDollars} each in ${Date.now() - started} ms`,
  );
  return {
    baseUrl: endpoint.baseUrl,
    customers,
    depositsCents: customers.reduce((sum, c) => sum + c.depositedCents, 0),
  };
}
