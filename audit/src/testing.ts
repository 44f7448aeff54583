import { SaxesParser } from 'saxes';
import type { Statement } from './account-history.ts';

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
