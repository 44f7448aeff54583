import { describe, expect, it } from 'vitest';
import { useTestCommandBus } from '../kernel/test-command-bus.ts';
import { claimTicketNumber } from './support.ts';

const harness = useTestCommandBus();

const claim = (pick: (min: number, max: number) => number) =>
  harness.bus.execute({}, (uow) => claimTicketNumber(uow, crypto.randomUUID(), pick));

describe('ticket numbers', () => {
  it('take a digit more when the picks of six digits are taken, instead of refusing the ticket', async () => {
    const year = new Date().getUTCFullYear();
    // Every pick lands on the lowest number of its length, as if the year's numbers were all used.
    const lowest = (min: number) => min;
    expect((await claim(lowest)).result).toBe(`TKT-${year}-000001`);
    expect((await claim(lowest)).result).toBe(`TKT-${year}-1000000`);
    expect((await claim(lowest)).result).toBe(`TKT-${year}-10000000`);
  });

  it('stay at six digits while a free one is found', async () => {
    const year = new Date().getUTCFullYear();
    let next = 500_000;
    const picks = (min: number, max: number) => {
      expect([min, max]).toEqual([1, 1_000_000]);
      return (next += 1);
    };
    expect((await claim(picks)).result).toBe(`TKT-${year}-500001`);
  });
});
