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
        {
          workers: 1,
          seconds: 25,
          cpuPerEventUs: 93,
          mainThreadPerEventUs: 63,
          steadyCpuPerEventUs: 53,
        },
        {
          workers: 3,
          seconds: 21,
          cpuPerEventUs: 106,
          mainThreadPerEventUs: 76,
          steadyCpuPerEventUs: 66,
        },
      ]),
    ).toBeUndefined();
  });

  it('gives each count its medians over its repeats, and the CPU against one worker', () => {
    const medians = repeatMedians([
      {
        workers: 1,
        seconds: 25,
        cpuPerEventUs: 90,
        mainThreadPerEventUs: 60,
        steadyCpuPerEventUs: 50,
      },
      {
        workers: 3,
        seconds: 28,
        cpuPerEventUs: 140,
        mainThreadPerEventUs: 110,
        steadyCpuPerEventUs: 100,
      },
      {
        workers: 1,
        seconds: 24,
        cpuPerEventUs: 100,
        mainThreadPerEventUs: 70,
        steadyCpuPerEventUs: 60,
      },
      {
        workers: 3,
        seconds: 22,
        cpuPerEventUs: 110,
        mainThreadPerEventUs: 80,
        steadyCpuPerEventUs: 70,
      },
      {
        workers: 3,
        seconds: 25,
        cpuPerEventUs: 114,
        mainThreadPerEventUs: 84,
        steadyCpuPerEventUs: 74,
      },
    ]);
    expect(medians).toEqual([
      {
        workers: 1,
        catchUps: 2,
        seconds: 24.5,
        cpuPerEventUs: 95,
        mainThreadPerEventUs: 65,
        cpuVsOneWorker: 1,
        mainThreadVsOneWorker: 1,
        otherThreadsVsOneWorker: 1,
        steadyCpuPerEventUs: 55,
        steadyVsOneWorker: 1,
      },
      {
        workers: 3,
        catchUps: 3,
        seconds: 25,
        cpuPerEventUs: 114,
        mainThreadPerEventUs: 84,
        cpuVsOneWorker: 1.2,
        mainThreadVsOneWorker: 84 / 65,
        otherThreadsVsOneWorker: 1,
        steadyCpuPerEventUs: 74,
        steadyVsOneWorker: 74 / 55,
      },
    ]);
  });

  it('leaves out the ratio when one worker was not measured', () => {
    const medians = repeatMedians([
      {
        workers: 3,
        seconds: 28,
        cpuPerEventUs: 140,
        mainThreadPerEventUs: 110,
        steadyCpuPerEventUs: 100,
      },
      {
        workers: 3,
        seconds: 22,
        cpuPerEventUs: 110,
        mainThreadPerEventUs: 80,
        steadyCpuPerEventUs: 70,
      },
    ]);
    expect(medians).toEqual([
      {
        workers: 3,
        catchUps: 2,
        seconds: 25,
        cpuPerEventUs: 125,
        mainThreadPerEventUs: 95,
        steadyCpuPerEventUs: 85,
      },
    ]);
  });
});
