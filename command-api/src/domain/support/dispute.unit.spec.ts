import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { decideDispute, DISPUTE_EXISTS } from './dispute.ts';

const now = new Date('2026-12-01T15:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const charge = {
  kind: 'card_purchase',
  direction: 'debit',
  status: 'completed',
  postedAt: daysAgo(3),
} as const;
const dispute = {
  transactionId: 'e:a:debit',
  customerId: '0d9f0b8e-7c4a-4a53-9d3e-2f1f5b7c9a10',
  ticketId: '6a1d3f0e-1b2c-4d5e-8f90-112233445566',
  ticketNumber: 'TKT-2026-000123',
  reason: 'duplicate',
} as const;

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return [error.reason, error.message];
    throw error;
  }
  return null;
};

describe('disputing a card charge', () => {
  it('records a posted card purchase within 120 days, once', () => {
    expect(decideDispute(dispute, charge, null, now)).toEqual([
      { type: 'CardChargeDisputed', data: dispute, schemaVersion: 1 },
    ]);
    expect(decideDispute(dispute, { ...charge, postedAt: daysAgo(120) }, null, now)).toHaveLength(
      1,
    );
    expect(refusal(() => decideDispute(dispute, charge, dispute, now))).toEqual([
      DISPUTE_EXISTS,
      'This charge is already disputed (ticket #TKT-2026-000123).',
    ]);
  });

  it('refuses money in, other kinds, a charge not yet posted and one past the window', () => {
    const cases = [
      [
        { ...charge, direction: 'credit' },
        'Only card purchases can be disputed here. For other transactions, please contact support.',
      ],
      [
        { ...charge, kind: 'external-bank' },
        'Only card purchases can be disputed here. For other transactions, please contact support.',
      ],
      [{ ...charge, status: 'pending' }, 'You can dispute this charge once it has posted.'],
      [
        { ...charge, postedAt: daysAgo(120.01) },
        'Charges older than 120 days cannot be disputed online. Please contact support.',
      ],
    ] as const;
    for (const [line, message] of cases) {
      expect(refusal(() => decideDispute(dispute, line, null, now))).toEqual([
        'not_disputable',
        message,
      ]);
    }
  });
});
