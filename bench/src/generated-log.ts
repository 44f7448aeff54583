/** A large event log generated in SQL for the benchmarks (audit-bench, scale-bench). */
import type { Pool } from '@bank/infra';

/** A valid version-4 UUID derived from an SQL text expression (zod checks the version bits). */
const uuid = (expression: string) =>
  `overlay(overlay(md5(${expression}) placing '4' from 13) placing '8' from 17)::uuid`;

/** The account id that generateAccountLog gives account number `n` (1-based), from SQL. */
export async function generatedAccountIds(pool: Pool, accounts: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT ${uuid(`'account' || a`)}::text AS id FROM generate_series(1, $1::int) a ORDER BY a`,
    [accounts],
  );
  return rows.map((r) => r.id);
}

/**
 * Fills the log with account streams, AccountOpened, then postings (mostly
 * deposits, every fifth a withdrawal), one INSERT per chunk of accounts, each account its own
 * customer's. As the bank writes them, postings name the account's owner and every event carries
 * its stream's partition key (the owner) in its metadata. Returns the event count.
 */
export async function generateAccountLog(
  pool: Pool,
  accounts: number,
  perAccount: number,
  onProgress: (done: number, total: number) => void,
): Promise<number> {
  const total = accounts * perAccount;
  const chunk = Math.max(1, Math.floor(50_000 / perAccount));
  for (let first = 1; first <= accounts; first += chunk) {
    const last = Math.min(accounts, first + chunk - 1);
    await pool.query(
      `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
       SELECT ${uuid(`'event' || a || '-' || v`)},
              'account-' || ${uuid(`'account' || a`)},
              v,
              CASE WHEN v = 1 THEN 'AccountOpened'
                   WHEN v % 5 = 0 THEN 'AccountDebited' ELSE 'AccountCredited' END,
              CASE WHEN v = 1 THEN jsonb_build_object(
                     'accountId', ${uuid(`'account' || a`)}, 'customerId', ${uuid(`'customer' || a`)},
                     'accountNumber', lpad(a::text, 12, '0'), 'routingNumber', '021000021',
                     'name', 'Everyday Checking', 'type', 'checking', 'productCode', 'CHK',
                     'currency', 'USD')
                   ELSE jsonb_build_object(
                     'accountId', ${uuid(`'account' || a`)}, 'entryId', ${uuid(`'entry' || a || '-' || v`)},
                     'amount', CASE WHEN v % 5 = 0 THEN 1000 ELSE 2000 + (v * 37) % 5000 END,
                     'description', CASE WHEN v % 5 = 0 THEN 'ATM withdrawal' ELSE 'Teller deposit' END,
                     'kind', CASE WHEN v % 5 = 0 THEN 'withdrawal' ELSE 'deposit' END,
                     'contra', 'cash:teller', 'reference', 'B' || a || '-' || v,
                     'ownerCustomerId', ${uuid(`'customer' || a`)})
              END,
              jsonb_build_object('actor', 'bench', 'correlationId', 'bench', 'partitionKeys',
                jsonb_build_object('account-' || ${uuid(`'account' || a`)}, ${uuid(`'customer' || a`)}))
       FROM generate_series($1::int, $2::int) a, generate_series(1, $3::int) v
       ORDER BY a, v`,
      [first, last, perAccount],
    );
    onProgress(last * perAccount, total);
  }
  return total;
}
