import { describe, expect, it } from 'vitest';
import { catchUpCpu, type CatchUpSample } from './catch-up-cpu.ts';

const sample = (applied: number, ...cpu: [main: number, other: number][]): CatchUpSample => ({
  applied,
  cpu: cpu.map(([mainMs, otherMs]) => ({ mainMs, otherMs })),
});

describe('catchUpCpu', () => {
  it("gives each worker's CPU per event over the whole catch-up, and its main thread's part", () => {
    const figures = catchUpCpu(
      [sample(0, [100, 50], [200, 10]), sample(3000, [400, 250], [500, 110])],
      10_000,
    );
    expect(figures.cpuPerEventUs).toEqual([50, 40]);
    expect(figures.mainThreadPerEventUs).toEqual([30, 30]);
  });

  it('leaves the start-up out of the steady figure: from a third of the messages to the end', () => {
    // Two workers: a costly first third (compiling), then 1 ms of CPU each per 100 messages.
    const figures = catchUpCpu(
      [
        sample(0, [0, 0], [0, 0]),
        sample(200, [500, 400], [450, 450]),
        sample(1000, [1400, 400], [1350, 450]), // the first reading past a third (1,000 of 3,000)
        sample(2000, [2400, 400], [2350, 450]),
        sample(3000, [3400, 400], [3350, 450]),
      ],
      30_000,
    );
    // The last 2,000 messages are 20,000 log events; the workers spent 2,000 ms each on them.
    expect(figures.steadyCpuPerEventUs).toBe(200);
    expect(figures.cpuPerEventUs).toEqual([3800 / 30, 3800 / 30]);
  });

  it('gives the CPU per event in each tenth of the messages, where a warm-up shows', () => {
    // One worker whose first tenth costs 3 ms per 100 messages, then 1 ms.
    const readings = [sample(0, [0, 0])];
    for (let tenth = 1; tenth <= 10; tenth += 1) {
      const cpu = 300 + (tenth - 1) * 100;
      readings.push(sample(tenth * 50, [cpu - 1, 0]), sample(tenth * 100, [cpu, 0]));
    }
    // 1,000 messages for 10,000 log events: a tenth is 1,000 events.
    const figures = catchUpCpu(readings, 10_000);
    expect(figures.perTenthUs).toEqual([300, 100, 100, 100, 100, 100, 100, 100, 100, 100]);
  });

  it('has no steady figure when the last reading is the only one past a third', () => {
    const figures = catchUpCpu([sample(0, [0, 0]), sample(500, [10, 5])], 1000);
    expect(figures.steadyCpuPerEventUs).toBeNaN();
  });
});
