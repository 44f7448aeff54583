import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import {
  decideDispute,
  decideDisputeResolution,
  DISPUTE_EXISTS,
  DISPUTE_RESOLVED,
  NO_DISPUTE,
} from './dispute.ts';

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

describe('staff deciding a dispute', () => {
  const refund = {
    accountId: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
    entryId: '2c3d4e5f-6071-4829-93a4-b5c6d7e8f901',
    amount: 12_34,
  };
  const disputed = { dispute, resolution: null };

  it('records the decision once, with the refund exactly when refunded', () => {
    expect(decideDisputeResolution(disputed, { outcome: 'refunded', refund })).toEqual([
      {
        type: 'CardChargeDisputeResolved',
        data: {
          transactionId: dispute.transactionId,
          customerId: dispute.customerId,
          ticketId: dispute.ticketId,
          outcome: 'refunded',
          refund,
        },
        schemaVersion: 1,
      },
    ]);
    const [declined] = decideDisputeResolution(disputed, { outcome: 'declined' });
    expect(declined!.data).not.toHaveProperty('refund');
    expect(() => decideDisputeResolution(disputed, { outcome: 'declined', refund })).toThrow();
    expect(() => decideDisputeResolution(disputed, { outcome: 'refunded' })).toThrow();
  });

  it('answers the same decision again with nothing new, and refuses another one', () => {
    const [resolved] = decideDisputeResolution(disputed, { outcome: 'refunded', refund });
    const decided = { dispute, resolution: resolved!.data };
    expect(decideDisputeResolution(decided, { outcome: 'refunded', refund })).toEqual([]);
    expect(refusal(() => decideDisputeResolution(decided, { outcome: 'declined' }))).toEqual([
      DISPUTE_RESOLVED,
      'This dispute was already resolved: refunded.',
    ]);
  });

  it('refuses a charge nobody disputed', () => {
    expect(
      refusal(() =>
        decideDisputeResolution({ dispute: null, resolution: null }, { outcome: 'declined' }),
      ),
    ).toEqual([NO_DISPUTE, 'This charge has not been disputed.']);
  });
});
