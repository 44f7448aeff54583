import {
  callApi,
  HttpError,
  mapConcurrent,
  toCents,
  type BankEndpoint,
  type Envelope,
} from './http.ts';
import type { Seed, SeededCustomer } from './seed.ts';

/** GET /api/ops/ledger in cents: customer accounts' total and each internal ledger account. */
export interface LedgerSnapshot {
  customerTotalCents: number;
  internal: Record<string, number>;
  balanced: boolean;
}

const TELLER_CASH = 'cash:teller';

export async function readLedger(endpoint: BankEndpoint): Promise<LedgerSnapshot> {
  const response = await callApi<
    Envelope<{
      customer_accounts_total: number;
      internal_accounts: { ledger_account: string; balance: number }[];
      balanced: boolean;
    }>
  >(endpoint.baseUrl, 'GET', '/api/ops/ledger', { token: endpoint.opsToken });
  if (response.status !== 200) throw new HttpError(response.status, response.body, 'ledger');
  const data = response.body.data;
  return {
    customerTotalCents: toCents(data.customer_accounts_total),
    internal: Object.fromEntries(
      data.internal_accounts.map((a) => [a.ledger_account, toCents(a.balance)]),
    ),
    balanced: data.balanced,
  };
}

function sameSnapshot(a: LedgerSnapshot, b: LedgerSnapshot): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Waits until the read models stop moving (the projections caught up with the last command and
 * the job workers settled): the same ledger twice, a second apart.
 */
export async function settledLedger(endpoint: BankEndpoint, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let previous = await readLedger(endpoint);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const current = await readLedger(endpoint);
    if (sameSnapshot(previous, current) || Date.now() > deadline) return current;
    previous = current;
  }
}

/**
 * The seeded customers' balances once the read models stop moving: transfers between a
 * customer's own accounts leave the ledger's totals unchanged, so the ledger alone cannot tell
 * that the projections are still catching up after a run that saturated the bank.
 */
async function settledBalances(endpoint: BankEndpoint, seed: Seed, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const read = () => mapConcurrent(seed.customers, 8, (c) => balancesOf(endpoint, c));
  let previous = await read();
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    const current = await read();
    if (JSON.stringify(current) === JSON.stringify(previous) || Date.now() > deadline) {
      return current;
    }
    previous = current;
  }
}

/** What the load itself says it moved, to hold the balances to (exactly once, nothing lost). */
export interface Expectations {
  /**
   * Cents that between-account transfers moved from checking into savings: at least the
   * successful ones, at most those plus the ones whose answer never came (equal when every
   * request was answered).
   */
  movedToSavingsCents?: { min: number; max: number };
  /** A customer whose balance must have grown by exactly the successful payments to them. */
  hotRecipient?: { customer: SeededCustomer; creditedCents: number };
}

export interface LedgerReport {
  ok: boolean;
  lines: string[];
}

async function balancesOf(endpoint: BankEndpoint, customer: SeededCustomer) {
  const response = await callApi<
    Envelope<{ accounts: { id: string; type: string; balance: number }[] }>
  >(endpoint.baseUrl, 'GET', '/api/accounts', { token: customer.token });
  if (response.status !== 200) throw new HttpError(response.status, response.body, 'accounts');
  return response.body.data.accounts;
}

/**
 * The check after every run: the books balance; teller cash fell by exactly the deposits made;
 * every other balance (customers, clearing, fees) adds up to those deposits; and the savings
 * balances equal what the load's successful transfers moved (no transfer lost or applied twice).
 */
export async function checkLedger(
  endpoint: BankEndpoint,
  seed: Seed,
  before: LedgerSnapshot,
  expectations: Expectations = {},
): Promise<LedgerReport> {
  const after = await settledLedger(endpoint);
  const lines: string[] = [];
  let ok = true;
  const expect = (
    label: string,
    actual: number | boolean,
    expected: number | boolean,
    unit: 'cents' | 'count' = 'cents',
  ) => {
    const good = actual === expected;
    ok &&= good;
    const show = (v: number | boolean) =>
      typeof v === 'number' && unit === 'cents' ? `$${(v / 100).toFixed(2)}` : String(v);
    lines.push(
      `${good ? 'ok  ' : 'FAIL'} ${label}: ${show(actual)}${good ? '' : ` (expected ${show(expected)})`}`,
    );
  };
  const delta = (name: string) => (after.internal[name] ?? 0) - (before.internal[name] ?? 0);
  const otherInternal = Object.keys({ ...before.internal, ...after.internal })
    .filter((name) => name !== TELLER_CASH)
    .reduce((sum, name) => sum + delta(name), 0);

  expect('books balance (customers + internal accounts = 0)', after.balanced, true);
  expect('teller cash moved by minus the deposits', delta(TELLER_CASH), -seed.depositsCents);
  expect(
    'customer accounts + clearing + fees moved by the deposits',
    after.customerTotalCents - before.customerTotalCents + otherInternal,
    seed.depositsCents,
  );

  const balances = await settledBalances(endpoint, seed);
  const seededTotal = balances.flat().reduce((sum, a) => sum + toCents(a.balance), 0);
  expect(
    "seeded customers' balances + clearing + fees = deposits",
    seededTotal + otherInternal,
    seed.depositsCents,
  );
  const negative = balances.flat().filter((a) => a.balance < 0).length;
  expect('accounts overdrawn', negative, 0, 'count');
  if (expectations.movedToSavingsCents !== undefined) {
    const savings = balances
      .map((list, i) => list.find((a) => a.id === seed.customers[i]!.savings.id))
      .reduce((sum, a) => sum + toCents(a?.balance ?? 0), 0);
    const { min, max } = expectations.movedToSavingsCents;
    if (min === max) {
      expect('savings = successful transfers into savings', savings, min);
    } else {
      const within = savings >= min && savings <= max;
      ok &&= within;
      lines.push(
        `${within ? 'ok  ' : 'FAIL'} savings between the successful transfers and those plus the unanswered: ` +
          `$${(savings / 100).toFixed(2)} (from $${(min / 100).toFixed(2)} to $${(max / 100).toFixed(2)})`,
      );
    }
  }
  if (expectations.hotRecipient) {
    const { customer, creditedCents } = expectations.hotRecipient;
    const index = seed.customers.indexOf(customer);
    const total = balances[index]!.reduce((sum, a) => sum + toCents(a.balance), 0);
    expect(
      'hot account grew by exactly the successful payments',
      total - customer.depositedCents,
      creditedCents,
    );
  }
  return { ok, lines };
}
