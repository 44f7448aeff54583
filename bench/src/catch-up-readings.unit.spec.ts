import { describe, expect, it } from 'vitest';
import { pastFirstTenth, type CatchUpReading } from './catch-up-readings.ts';

const reading = (applied: number, atMs: number, nodeCpuMs: number, postgresCpuMs?: number) => ({
  applied,
  atMs,
  nodeCpuMs,
  ...(postgresCpuMs === undefined ? {} : { postgresCpuMs }),
});

describe('a catch-up past its first tenth', () => {
  it('leaves out the warm-up: rate and CPU from the first reading past a tenth to the end', () => {
    // 40,000 of the projection's events over a log of 100,000: the warm part starts at the reading
    // past 4,000 applied (5,000, at 200 ms), so it covers 35,000 applied = 87,500 log events.
    const readings: CatchUpReading[] = [
      reading(0, 0, 0, 0),
      reading(1_000, 100, 90, 20),
      reading(5_000, 200, 180, 60),
      reading(40_000, 1_075, 880, 760),
    ];
    const warm = pastFirstTenth(readings, 100_000)!;
    expect(warm.eventsPerSecond).toBeCloseTo(100_000, 6);
    expect(warm.nodeCpuMicros).toBeCloseTo(8, 6);
    expect(warm.postgresCpuMicros).toBeCloseTo(8, 6);
  });

  it('gives no PostgreSQL figure where /proc gave none', () => {
    const warm = pastFirstTenth([reading(0, 0, 0), reading(10, 10, 5), reading(100, 100, 50)], 200);
    expect(warm).toBeDefined();
    expect(warm!.postgresCpuMicros).toBeUndefined();
  });

  it('gives nothing for a catch-up with no warm part to measure', () => {
    expect(pastFirstTenth([reading(0, 0, 0)], 1_000)).toBeUndefined();
    expect(pastFirstTenth([reading(0, 0, 0), reading(500, 50, 40)], 1_000)).toBeUndefined();
  });
});
