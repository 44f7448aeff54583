import { ZelleRequestCreated } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { deciderSpecification } from '../../kernel/decider-specification.ts';
import { decideRequest, requestAggregate, splitShares } from './zelle.ts';

const requester = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const payer = '5c7d3a1b-2f3e-4d4c-9b0a-6f7e8d9c0b13';
const created = ZelleRequestCreated.create({
  requestId: '7a1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b',
  requesterCustomerId: requester,
  requesterName: 'Maya Chen',
  requesterAccountId: '0d9a3d5e-7f62-4d3e-9b1c-3f2a7c1d0e01',
  payerCustomerId: payer,
  payerName: 'Sam Lee',
  payerContact: { kind: 'email', value: 'sam@example.com' },
  amount: 12_00,
  memo: '',
  reference: 'ZRQ-ABCDEFGH',
  createdAt: '2026-11-23T15:00:00.000Z',
});
const request = deciderSpecification(requestAggregate, decideRequest);
const now = new Date('2026-11-23T16:00:00Z');
const paymentId = '99999999-9999-4999-8999-999999999999';

describe('requests', () => {
  it('can be paid or declined once, by the customer asked only', () => {
    const open = request.given(created);
    const paid = open
      .when({ type: 'Pay', payerCustomerId: payer, paymentId, now })
      .then([{ type: 'ZelleRequestPaid', data: { paymentId } }]);
    open
      .when({ type: 'Pay', payerCustomerId: requester, paymentId, now })
      .thenThrows(expect.objectContaining({ reason: 'not_found' }));
    request
      .given(created, ...paid)
      .when({ type: 'Decline', payerCustomerId: payer, now })
      .thenThrows(expect.objectContaining({ reason: 'request_closed' }));
    request.given().when({ type: 'Decline', payerCustomerId: payer, now }).thenThrows(DomainError);
  });
});

describe('split', () => {
  it.each([
    [100_00, 2],
    [100_00, 3],
    [1, 4],
    [10_01, 1],
  ])('splits %i cents with %i people so the cents add up', (total, people) => {
    const shares = splitShares(total, people);
    expect(shares.people).toHaveLength(people);
    expect(shares.own + shares.people.reduce((a, b) => a + b, 0)).toBe(total);
    const all = [shares.own, ...shares.people];
    expect(Math.max(...all) - Math.min(...all)).toBeLessThanOrEqual(1);
  });
});
