import { coinsToUnits } from '@bank/events';
import { waitForProjections, positionFromColumns } from '@bank/infra';
import { verifyLog } from '@bank/audit';
import { allProjectionNames } from '@bank/projections';
import { booksFromLog, booksFromReadModels, differences } from '../reliability/books.ts';
import { accountsFromLog, coinsFromLog, legsByReference } from './log-books.ts';
import type { World } from './world.ts';

/** A broken invariant: which one, and what was seen. */
export interface Violation {
  invariant: string;
  message: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function compareMaps(
  invariant: string,
  what: string,
  expected: Map<string, number>,
  actual: Map<string, number>,
): Violation[] {
  return differences(expected, actual).map((d) => ({
    invariant,
    message: `${what} ${d.replace(' vs ', ' expected, got ')}`,
  }));
}

/**
 * The checks after every step, on the log itself: each account's available balance is what the
 * acknowledged commands made it (each happened once, refusals left nothing); no balance below
 * zero; no limit past its figure; coins only from what was bought or verified; every dollar in
 * the bank came in through a deposit the simulation made.
 */
export async function checkLog(world: World): Promise<Violation[]> {
  const { pool } = world.bank;
  const violations: Violation[] = [];
  const accounts = await accountsFromLog(pool);
  const available = new Map<string, number>();
  for (const c of world.customers) {
    for (const account of [c.checking, c.savings]) {
      const f = accounts.get(account.id) ?? { balance: 0, held: 0 };
      available.set(account.id, f.balance - f.held);
    }
  }
  violations.push(
    ...compareMaps(
      'exactly once',
      'available balance of account',
      world.model.available,
      available,
    ),
  );
  for (const [id, f] of accounts) {
    if (f.balance < 0 || f.balance - f.held < 0) {
      violations.push({
        invariant: 'no negative balance',
        message: `account ${id}: balance ${f.balance}, held ${f.held}`,
      });
    }
  }
  violations.push(
    ...world.model.limitsExceeded().map((message) => ({ invariant: 'limits', message })),
  );

  const coins = await coinsFromLog(pool);
  violations.push(
    ...compareMaps('coins conserved', 'coins (10^-8) of customer|symbol', world.model.coins, coins),
  );
  for (const [key, units] of coins) {
    if (units < 0)
      violations.push({ invariant: 'no negative balance', message: `${key}: ${units}` });
  }

  // Value in dollars: every posting has its other leg, and the cash the bank holds is exactly
  // what came in through deposits.
  const books = await booksFromLog(pool);
  if (books.customerTotal + books.internalTotal !== 0) {
    violations.push({
      invariant: 'value conserved',
      message: `customer accounts ${books.customerTotal} + internal accounts ${books.internalTotal} != 0`,
    });
  }
  const cash = [...books.internal]
    .filter(([name]) => name.startsWith('cash'))
    .reduce((sum, [, cents]) => sum + cents, 0);
  if (cash !== -world.model.inflowCents) {
    violations.push({
      invariant: 'value conserved',
      message: `cash accounts ${cash}, but ${world.model.inflowCents} was deposited`,
    });
  }
  return violations;
}

/** Every `balanced` flag anywhere in the ledger answer (one per asset it reports). */
function balancedFlags(value: unknown, path = 'ledger'): [string, unknown][] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    k === 'balanced'
      ? [[`${path}.${k}`, v] as [string, unknown]]
      : balancedFlags(v, `${path}.${k}`),
  );
}

/**
 * The checks once the projections have caught up: the read models equal the log, the auditors'
 * verify finds nothing, the ledger page says balanced in every asset, each customer's portfolio
 * shows the coins the model expects, and every acknowledged reference posted money.
 */
export async function checkReadModels(world: World, timeoutMs = 90_000): Promise<Violation[]> {
  const { pool } = world.bank;
  const violations: Violation[] = [];
  const deadline = Date.now() + timeoutMs;
  let lag: string[];
  for (;;) {
    const [log, read] = await Promise.all([booksFromLog(pool), booksFromReadModels(pool)]);
    lag = [
      ...differences(read.accounts, log.accounts),
      ...differences(read.internal, log.internal),
    ];
    if (lag.length === 0 || Date.now() > deadline) break;
    await sleep(300);
  }
  violations.push(
    ...lag.map((d) => ({ invariant: 'read models agree', message: `read model vs log: ${d}` })),
  );

  const report = await verifyLog(pool);
  violations.push(
    ...report.findings.map((f) => ({ invariant: 'verify', message: `${f.kind}: ${f.message}` })),
  );

  // The dollar books agreeing says nothing of the other read models (the crypto portfolio has a
  // projection of its own, which may still be catching up after a restart): wait for every
  // projection to reach the log's head before comparing what the screens show.
  const head = await pool.query<{ transaction_id: string; global_position: number }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM events
      ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  const last = head.rows[0];
  if (
    last &&
    !(await waitForProjections(
      pool,
      positionFromColumns(last.transaction_id, last.global_position),
      allProjectionNames,
      Math.max(0, deadline - Date.now()),
    ))
  ) {
    violations.push({ invariant: 'read models agree', message: 'projections behind the log' });
  }

  const ledger = await world.bank.call('GET', '/api/ops/ledger', world.bank.opsToken);
  const flags = balancedFlags(ledger.body?.data);
  if (ledger.status !== 200 || flags.length === 0) {
    violations.push({ invariant: 'value conserved', message: `ledger answered ${ledger.status}` });
  }
  for (const [where, flag] of flags) {
    if (flag !== true)
      violations.push({ invariant: 'value conserved', message: `${where} is ${String(flag)}` });
  }

  for (const c of world.customers) {
    const portfolio = await world.bank.call('GET', '/api/crypto/portfolio', c.token);
    const shown = new Map<string, number>();
    for (const item of portfolio.body?.data?.portfolio ?? []) {
      shown.set(`${c.customerId}|${item.symbol}`, coinsToUnits(String(item.balance_exact)) ?? NaN);
    }
    const expected = new Map(
      [...world.model.coins].filter(
        ([k, units]) => k.startsWith(`${c.customerId}|`) && units !== 0,
      ),
    );
    violations.push(...compareMaps('coins conserved', 'portfolio coins of', expected, shown));
  }

  const posted = [...world.model.references].filter(([, posts]) => posts).map(([ref]) => ref);
  const legs = await legsByReference(pool, posted);
  for (const ref of posted) {
    if (!legs.get(ref)) {
      violations.push({
        invariant: 'exactly once',
        message: `acknowledged ${ref} is not in the log`,
      });
    }
  }
  return violations;
}
