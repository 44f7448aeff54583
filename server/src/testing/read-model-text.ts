import type { Pool } from '@bank/infra';

/**
 * Every row of every read-model table as text, one line a row, or only a customer's rows where
 * the table has a customer: what a test searches for personal data that must be gone.
 */
export async function readModelText(pool: Pool, customerId?: string): Promise<string> {
  const { rows: tables } = await pool.query<{ table_name: string; has_customer: boolean }>(
    `SELECT table_name, bool_or(column_name = 'customer_id') AS has_customer
     FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name LIKE 'rm\\_%' GROUP BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name, has_customer } of tables) {
    if (customerId && !has_customer) continue;
    const { rows } = await pool.query<{ row: string }>(
      `SELECT t::text AS row FROM "${table_name}" t${customerId ? ' WHERE customer_id = $1' : ''}`,
      customerId ? [customerId] : [],
    );
    parts.push(...rows.map((r) => `${table_name}: ${r.row}`));
  }
  return parts.join('\n');
}
