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
      amount: 500,
      balanceAfter: (i + 1) * 500,
      version: i + 2,
      position: i + 10,
    })),
  };
}
