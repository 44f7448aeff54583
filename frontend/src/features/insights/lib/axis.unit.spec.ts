import { describe, expect, it } from 'vitest';
import { moneyAxis } from './axis';

describe('moneyAxis', () => {
  it('goes no further below zero than a small refund needs, labelled at zero and up', () => {
    // $1,650 of bills beside a $19.99 shopping refund (more than the month's shopping).
    const axis = moneyAxis([165000, 174534, 6275, -1999, 0]);
    expect(axis.domain).toEqual([-5000, 200000]);
    expect(axis.ticks).toEqual([0, 50000, 100000, 150000, 200000]);
  });

  it('is all above zero without a refund, ending at a whole nice step', () => {
    expect(moneyAxis([165000, 6275, 4810])).toEqual({
      domain: [0, 200000],
      ticks: [0, 50000, 100000, 150000, 200000],
    });
    expect(moneyAxis([1549, 3098])).toEqual({
      domain: [0, 4000],
      ticks: [0, 1000, 2000, 3000, 4000],
    });
    expect(moneyAxis([6998])).toEqual({ domain: [0, 8000], ticks: [0, 2000, 4000, 6000, 8000] });
    expect(moneyAxis([9000])).toEqual({ domain: [0, 10000], ticks: [0, 2500, 5000, 7500, 10000] });
  });

  it('labels whole steps below zero when a refund reaches that far', () => {
    const axis = moneyAxis([165000, -120000]);
    expect(axis.domain).toEqual([-120000, 200000]);
    expect(axis.ticks).toEqual([-100000, 0, 100000, 200000]);
  });

  it('ends at zero when there are only refunds, and has a scale with nothing at all', () => {
    expect(moneyAxis([-1999, 0])).toEqual({
      domain: [-2000, 0],
      ticks: [-2000, -1500, -1000, -500, 0],
    });
    expect(moneyAxis([0, 0])).toEqual({ domain: [0, 100], ticks: [0, 100] });
    expect(moneyAxis([])).toEqual({ domain: [0, 100], ticks: [0, 100] });
  });

  it('never labels a negative zero', () => {
    for (const tick of moneyAxis([165000, -1999]).ticks) expect(Object.is(tick, -0)).toBe(false);
  });
});
