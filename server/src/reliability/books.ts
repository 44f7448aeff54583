import type { Pool } from '@bank/infra';

/** Balances folded straight from the account events (amounts are never sealed). */
export interface BooksFromLog {
  /** accountId → balance in cents. */
  accounts: Map<string, number>;
  /** Internal ledger account (cash, clearing:…, income:…) → balance in cents. */
  internal: Map<string, number>;
  customerTotal: number;
  internalTotal: number;
}

export async function booksFromLog(pool: Pool): Promise<BooksFromLog> {
  const { rows } = await pool.query<{
    type: string;
    account_id: string;
    contra: string;
    amount: string;
  }>(
    `SELECT type, data->>'accountId' AS account_id, data->>'contra' AS contra, data->>'amount' AS amount
       FROM events WHERE type IN ('AccountCredited', 'AccountDebited')`,
  );
  const accounts = new Map<string, number>();
  const internal = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, cents: number) =>
    map.set(key, (map.get(key) ?? 0) + cents);
  for (const row of rows) {
    const cents = Number(row.amount);
    const sign = row.type === 'AccountCredited' ? 1 : -1;
    add(accounts, row.account_id, sign * cents);
    // A leg on another customer account is that account's own event; anything else is internal.
    if (!row.contra.startsWith('account:')) add(internal, row.contra, -sign * cents);
  }
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  return { accounts, internal, customerTotal: sum(accounts), internalTotal: sum(internal) };
}

/** The same figures from the read models the customers and the ledger page are served from. */
export async function booksFromReadModels(pool: Pool) {
  const accounts = new Map(
    (
      await pool.query<{ account_id: string; balance_cents: string }>(
        'SELECT account_id, balance_cents FROM rm_accounts',
      )
    ).rows.map((r) => [r.account_id, Number(r.balance_cents)] as const),
  );
  const internal = new Map(
    (
      await pool.query<{ ledger_account: string; balance_cents: string }>(
        'SELECT ledger_account, balance_cents FROM ledger_balances()',
      )
    ).rows.map((r) => [r.ledger_account, Number(r.balance_cents)] as const),
  );
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  return { accounts, internal, customerTotal: sum(accounts), internalTotal: sum(internal) };
}

/** Accounts whose balance differs between two folds (missing ones count as 0). */
export function differences(a: Map<string, number>, b: Map<string, number>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys]
    .filter((k) => (a.get(k) ?? 0) !== (b.get(k) ?? 0))
    .map((k) => `${k}: ${a.get(k) ?? 0} vs ${b.get(k) ?? 0}`);
}
