import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/index.ts';
import { brokersRefusal } from './client.ts';

describe('brokersRefusal', () => {
  it('keeps trying for the whole wait before it says no broker answered', async () => {
    const started = performance.now();
    const reason = await brokersRefusal([`127.0.0.1:${await freePort()}`], 2500);
    const waited = performance.now() - started;
    expect(reason).toMatch(/ECONNREFUSED/);
    // A wait cut short would refuse a broker that comes up within the time the message names.
    expect(waited).toBeGreaterThanOrEqual(2400);
    expect(waited).toBeLessThan(2500 + 1500);
  });
});
