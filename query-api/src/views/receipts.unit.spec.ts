import { describe, expect, it } from 'vitest';
import { movementTimeline } from './receipts.ts';

const at = (iso: string) => new Date(iso);

describe('movementTimeline', () => {
  it('a hold alone is initiated only (pending)', () => {
    expect(
      movementTimeline([
        { type: 'FundsHeld', position: 1, recordedAt: at('2026-01-02T10:00:00Z') },
      ]),
    ).toEqual([{ step: 'initiated', at: at('2026-01-02T10:00:00Z') }]);
  });

  it('a hold then its posting: initiated, then settled when posted', () => {
    const steps = movementTimeline([
      { type: 'FundsHeld', position: 1, recordedAt: at('2026-01-02T10:00:00Z') },
      { type: 'AccountDebited', position: 9, recordedAt: at('2026-01-05T09:00:00Z') },
    ]);
    expect(steps.map((s) => [s.step, s.at.toISOString()])).toEqual([
      ['initiated', '2026-01-02T10:00:00.000Z'],
      ['settled', '2026-01-05T09:00:00.000Z'],
    ]);
  });

  it('a released hold failed, with the reason', () => {
    const steps = movementTimeline([
      { type: 'FundsHeld', position: 1, recordedAt: at('2026-01-02T10:00:00Z') },
      {
        type: 'HoldReleased',
        position: 2,
        recordedAt: at('2026-01-03T10:00:00Z'),
        reason: 'rejected by the receiving bank',
      },
    ]);
    expect(steps.map((s) => s.step)).toEqual(['initiated', 'failed']);
    expect(steps[1]!.detail).toBe('rejected by the receiving bank');
  });

  it.each([
    ['cancelled by the customer', 'cancelled', 'Cancelled by you'],
    ['returned unclaimed', 'returned', 'Not claimed within 14 days'],
  ])('a hold %s is reversed, not failed, with the reason', (_, outcome, reason) => {
    const steps = movementTimeline([
      { type: 'FundsHeld', position: 1, recordedAt: at('2026-01-02T10:00:00Z') },
      {
        type: 'HoldReleased',
        position: 2,
        recordedAt: at('2026-01-03T10:00:00Z'),
        reason,
        outcome,
      },
    ]);
    expect(steps.map((s) => [s.step, s.detail])).toEqual([
      ['initiated', undefined],
      ['reversed', reason],
    ]);
  });

  it('a posting without a hold is initiated and settled on its value date', () => {
    const steps = movementTimeline([
      {
        type: 'AccountCredited',
        position: 4,
        recordedAt: at('2026-03-01T00:00:00Z'),
        occurredAt: '2026-01-15T12:00:00.000Z',
      },
    ]);
    expect(steps.map((s) => [s.step, s.at.toISOString()])).toEqual([
      ['initiated', '2026-01-15T12:00:00.000Z'],
      ['settled', '2026-01-15T12:00:00.000Z'],
    ]);
  });
});
