import type { Pool } from '@bank/infra';
import type { QueryResult } from 'pg';
import { sendInOrder, statementsOf, type Statement } from '../toolkit/write-behind.ts';

/**
 * Sends statements that open and close a transaction in one round trip (a text of several
 * statements, or statements pipelined), rolling it back if one fails.
 */
export async function inOneTrip(
  pool: Pool,
  statements: string | readonly Statement[],
): Promise<QueryResult[]> {
  const client = await pool.connect();
  try {
    return await sendInOrder(client, statementsOf(statements));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
