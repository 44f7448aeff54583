import { describe, expect, it } from 'vitest';
import { activityAggregate, decideMovement } from '../transfers/limits.ts';
import { claimsWithinReceiveLimits } from './claim-limits.ts';
import type { PaymentData } from './zelle.ts';

const recipient = '00000000-0000-4000-8000-000000000009';
const now = new Date('2026-06-10T15:00:00Z');
const payment = (id: number, dollars: number) =>
  ({ paymentId: `00000000-0000-4000-8000-00000000000${id}`, amount: dollars * 100 }) as PaymentData;

describe('claims within the receive limits', () => {
  it('takes the payments that fit, oldest first, and skips one that would pass the day', () => {
    const { fits, events, refused } = claimsWithinReceiveLimits(
      [payment(1, 3_000), payment(2, 2_500), payment(3, 1_500), payment(4, 600)],
      recipient,
      activityAggregate.initial(),
      now,
    );
    expect(fits.map((p) => p.amount)).toEqual([300_000, 150_000]);
    expect(events.map((e) => e.data.amount)).toEqual([300_000, 150_000]);
    expect(refused?.message).toMatch(/daily Zelle receive limit of \$5,000\.00/);
  });

  it('counts what was received earlier that day, and takes everything within the limit', () => {
    const earlier = decideMovement(
      {
        customerId: recipient,
        movementId: '00000000-0000-4000-8000-000000000099',
        category: 'zelle-receive',
        amount: 4_900_00,
        fingerprint: null,
        checkDuplicate: false,
        now,
      },
      activityAggregate.initial(),
    ).reduce((s, e) => activityAggregate.evolve(s, e as never), activityAggregate.initial());
    const some = claimsWithinReceiveLimits(
      [payment(1, 200), payment(2, 100)],
      recipient,
      earlier,
      now,
    );
    expect(some.fits.map((p) => p.amount)).toEqual([100_00]);
    const all = claimsWithinReceiveLimits(
      [payment(1, 200), payment(2, 100)],
      recipient,
      activityAggregate.initial(),
      now,
    );
    expect(all.fits).toHaveLength(2);
    expect(all.refused).toBeUndefined();
  });
});
