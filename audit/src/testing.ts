import type { Pool } from '@bank/infra';
import { SaxesParser } from 'saxes';
import type { Statement } from './account-history.ts';

/**
 * What an operator with more rights than the bank (the schema owner or the superuser) can do: append
 * to an account's stream, as its next version, a copy of its first credit whose amount is not a
 * number. The trigger gives it a valid hash; the bank's readers pass over it as unreadable.
 */
export async function appendUnreadableCredit(
  pool: Pool,
  accountId: string,
): Promise<{ version: number; position: number }> {
  const stream = `account-${accountId}`;
  const { rows } = await pool.query<{ stream_version: number; global_position: string }>(
    `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
     SELECT gen_random_uuid(), stream_id,
            (SELECT max(stream_version) + 1 FROM events WHERE stream_id = $1),
            type, schema_version, jsonb_set(data, '{amount}', '"oops"'), metadata
     FROM events WHERE stream_id = $1 AND type = 'AccountCredited'
     ORDER BY stream_version LIMIT 1
     RETURNING stream_version, global_position::text`,
    [stream],
  );
  if (!rows[0]) throw new Error(`${stream} has no credit to copy`);
  return { version: rows[0].stream_version, position: Number(rows[0].global_position) };
}

/**
 * A March 2026 statement of `lines` credits of $5 each, one a minute, for tests and benchmarks of
 * long statements.
 */
export function statementOfCredits(lines: number, accountName = 'Everyday Checking'): Statement {
  const from = new Date('2026-03-01T05:00:00Z');
  return {
    account: {
      accountId: '00000000-0000-4000-8000-000000000001',
      customerId: '00000000-0000-4000-8000-000000000002',
      accountNumber: '1234567890',
      routingNumber: '061000227',
      name: accountName,
      type: 'checking',
      openedAt: new Date('2026-01-05T15:00:00Z'),
    },
    from,
    to: new Date('2026-04-01T04:00:00Z'),
    openingBalance: 0,
    closingBalance: lines * 500,
    totalCredits: lines * 500,
    totalDebits: 0,
    totalInterest: 0,
    totalFees: 0,
    lines: Array.from({ length: lines }, (_, i) => ({
      date: new Date(from.getTime() + i * 60_000),
      description: `Transfer from Savings ${i}`,
      reference: `TRF-${i}`,
      kind: 'transfer',
      entryId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      fee: false,
      amount: 500,
      balanceAfter: (i + 1) * 500,
      version: i + 2,
      position: i + 10,
    })),
  };
}

/**
 * An OFX file read by a strict XML parser (it throws on a file that is not well formed): its
 * processing instructions, and the texts of the elements whose path ends as asked, in order.
 */
export function parseOfx(xml: string) {
  const parser = new SaxesParser();
  const path: string[] = [];
  const texts: [string, string][] = [];
  const instructions: string[] = [];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('processinginstruction', ({ target, body }) => instructions.push(`${target} ${body}`));
  parser.on('opentag', (tag) => path.push(tag.name));
  parser.on('text', (text) => {
    if (text.trim()) texts.push([path.join('/'), text]);
  });
  parser.on('closetag', () => path.pop());
  parser.write(xml).close();
  const all = (suffix: string) => texts.filter(([p]) => p.endsWith(suffix)).map(([, t]) => t);
  const one = (suffix: string) => {
    const found = all(suffix);
    if (found.length !== 1) throw new Error(`${found.length} elements ${suffix}, not one`);
    return found[0]!;
  };
  return { instructions, all, one };
}
