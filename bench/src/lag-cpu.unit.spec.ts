import { describe, expect, it } from 'vitest';
import { lagCpu } from './lag-cpu.ts';

describe('lagCpu', () => {
  it('divides each part’s CPU of the phase by the events and leaves the rest to the broker', () => {
    const figures = lagCpu(
      {
        workersMs: 1_000,
        postgresMs: 500,
        benchMs: 200,
        machine: { busyMs: 10_000, totalMs: 40_000 },
      },
      {
        workersMs: 3_000,
        postgresMs: 1_500,
        benchMs: 700,
        machine: { busyMs: 15_000, totalMs: 46_000 },
      },
      10_000,
    );
    // 2 s, 1 s and 0.5 s over 10,000 events; the machine was busy 5 s of 6 s of core time.
    expect(figures.workersPerEventUs).toBe(200);
    expect(figures.postgresPerEventUs).toBe(100);
    expect(figures.benchPerEventUs).toBe(50);
    expect(figures.restPerEventUs).toBe(150);
    expect(figures.busyShare).toBeCloseTo(5 / 6, 10);
  });

  it('gives no PostgreSQL, rest or busy share where /proc had no reading', () => {
    const figures = lagCpu({ workersMs: 0, benchMs: 0 }, { workersMs: 50, benchMs: 10 }, 100);
    expect(figures).toEqual({
      workersPerEventUs: 500,
      postgresPerEventUs: undefined,
      benchPerEventUs: 100,
      restPerEventUs: undefined,
      busyShare: undefined,
    });
  });
});
