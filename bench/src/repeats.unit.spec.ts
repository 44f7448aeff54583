import { describe, expect, it } from 'vitest';
import { median, repeatMedians } from './repeats.ts';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([140, 87, 110])).toBe(110);
    expect(median([93, 79, 95, 90])).toBe(91.5);
    expect(median([])).toBeNaN();
  });
});

describe('repeatMedians', () => {
  it('is undefined when every worker count was measured once', () => {
    expect(
      repeatMedians([
        { workers: 1, seconds: 25, cpuPerEventUs: 93 },
        { workers: 3, seconds: 21, cpuPerEventUs: 106 },
      ]),
    ).toBeUndefined();
  });

  it('gives each count its medians over its repeats, and the CPU against one worker', () => {
    const medians = repeatMedians([
      { workers: 1, seconds: 25, cpuPerEventUs: 90 },
      { workers: 3, seconds: 28, cpuPerEventUs: 140 },
      { workers: 1, seconds: 24, cpuPerEventUs: 100 },
      { workers: 3, seconds: 22, cpuPerEventUs: 110 },
      { workers: 3, seconds: 25, cpuPerEventUs: 114 },
    ]);
    expect(medians).toEqual([
      { workers: 1, catchUps: 2, seconds: 24.5, cpuPerEventUs: 95, cpuVsOneWorker: 1 },
      { workers: 3, catchUps: 3, seconds: 25, cpuPerEventUs: 114, cpuVsOneWorker: 1.2 },
    ]);
  });

  it('leaves out the ratio when one worker was not measured', () => {
    const medians = repeatMedians([
      { workers: 3, seconds: 28, cpuPerEventUs: 140 },
      { workers: 3, seconds: 22, cpuPerEventUs: 110 },
    ]);
    expect(medians).toEqual([{ workers: 3, catchUps: 2, seconds: 25, cpuPerEventUs: 125 }]);
  });
});
