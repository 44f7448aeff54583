import type { Db } from '../../projection.ts';

/** A customer account: its balance, and what open holds keep from being spent. */
export interface AccountRow extends Record<string, unknown> {
  account_id: string;
  customer_id: string;
  account_number: string;
  routing_number: string;
  name: string;
  type: string;
  product_code: string;
  currency: string;
  balance_cents: number;
  held_cents: number;
  status: string;
  opened_at: Date;
  last_transaction_at: Date | null;
}

/** The balance of one of the bank's internal ledger accounts (clearing, fees, cash). */
export interface LedgerBalanceRow extends Record<string, unknown> {
  ledger_account: string;
  balance_cents: number;
}

/** The customer's accounts, in the order they were opened. */
export async function listAccounts(db: Db, customerId: string): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountRow>(
    'SELECT * FROM rm_accounts WHERE customer_id = $1 ORDER BY opened_position',
    [customerId],
  );
  return rows;
}

/** The type of one of the customer's accounts; undefined for another customer's or none. */
export async function findAccountType(
  db: Db,
  customerId: string,
  accountId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ type: string }>(
    'SELECT type FROM rm_accounts WHERE account_id = $1 AND customer_id = $2',
    [accountId, customerId],
  );
  return rows[0]?.type;
}

/**
 * When one of the customer's accounts first saw activity: its opening, or an earlier line (an
 * imported history); undefined for another customer's account or none.
 */
export async function accountFirstActivity(
  db: Db,
  customerId: string,
  accountId: string,
): Promise<Date | undefined> {
  const { rows } = await db.query<{ first_activity: Date }>(
    `SELECT least(a.opened_at, (SELECT min(created_at) FROM rm_transactions t
                                WHERE t.account_id = a.account_id)) AS first_activity
     FROM rm_accounts a WHERE a.account_id = $1 AND a.customer_id = $2`,
    [accountId, customerId],
  );
  return rows[0]?.first_activity;
}

/** What a payer needs to send money into one of the customer's accounts (their direct deposit). */
export interface DepositDetailsRow extends Record<string, unknown> {
  holder_name: string;
  name: string;
  type: string;
  account_number: string;
  routing_number: string;
}

/** The deposit details of one of the customer's accounts; undefined for another customer's. */
export async function accountDepositDetails(
  db: Db,
  customerId: string,
  accountId: string,
): Promise<DepositDetailsRow | undefined> {
  const { rows } = await db.query<DepositDetailsRow>(
    `SELECT c.name AS holder_name, a.name, a.type, a.account_number, a.routing_number
     FROM rm_accounts a JOIN rm_customers c ON c.customer_id = a.customer_id
     WHERE a.account_id = $1 AND a.customer_id = $2`,
    [accountId, customerId],
  );
  return rows[0];
}

/** What all customer accounts hold together, in cents. */
export async function customerAccountsTotal(db: Db): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    'SELECT coalesce(sum(balance_cents), 0)::bigint AS total FROM rm_accounts',
  );
  return rows[0]!.total;
}

/** The bank's internal ledger accounts, by name. */
export async function listLedgerBalances(db: Db): Promise<LedgerBalanceRow[]> {
  const { rows } = await db.query<LedgerBalanceRow>(
    'SELECT ledger_account, balance_cents FROM ledger_balances() ORDER BY ledger_account',
  );
  return rows;
}
