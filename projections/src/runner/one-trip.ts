import type { Pool } from '@bank/infra';

/** Runs a multi-statement text that opens a transaction, rolling it back if it fails. */
export async function inOneTrip(pool: Pool, text: string): Promise<unknown> {
  const client = await pool.connect();
  try {
    return await client.query(text);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
