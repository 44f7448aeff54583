import { describe, expect, it } from 'vitest';
import { describeFailure, disabledKindsFromEnv, runSimulation } from './runner.ts';

/**
 * The invariant simulation, short: a few hundred random money commands from several customers,
 * with retries, duplicate keys, concurrent bursts and a SIGKILL of the bank, checked after every
 * step. SIM_SEED replays a seed; `npm run simulate` runs many seeds and longer.
 */
const seeds = (process.env.SIM_SEEDS ?? process.env.SIM_SEED ?? '20261125')
  .split(',')
  .map((s) => Number(s.trim()) >>> 0);
const operations = Number(process.env.SIM_OPS ?? 250);
const kills = Number(process.env.SIM_KILLS ?? 1);

describe('money invariant simulation', () => {
  it(
    `keeps every invariant over ${seeds.length} seed(s) of ${operations} operations`,
    async () => {
      const disabledKinds = disabledKindsFromEnv();
      const figures = [];
      for (const seed of seeds) {
        const result = await runSimulation({
          seed,
          operations,
          kills,
          disabledKinds,
          log: (line) => console.log(line),
        });
        const { violations, ...rest } = result;
        figures.push({ ...rest, violations: violations.length });
        console.log(
          `simulation figures: ${JSON.stringify({ ...rest, violations: violations.length, disabledKinds })}`,
        );
        if (result.failedStep !== undefined) expect.fail(describeFailure(result));
        expect(result.acknowledged).toBeGreaterThan(operations / 3);
      }
    },
    30 * 60_000,
  );
});
