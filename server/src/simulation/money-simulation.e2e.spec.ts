import { describe, expect, it } from 'vitest';
import {
  describeFailure,
  disabledKindsFromEnv,
  runSimulation,
  type SimulationResult,
  type StepKind,
} from './runner.ts';

/**
 * The invariant simulation, short: a few hundred random money commands from several customers,
 * with retries, duplicate keys, concurrent bursts and a SIGKILL of the bank, checked after every
 * step. SIM_SEED replays a seed; `npm run simulate` runs many seeds, longer (see simulate.ts).
 */
const seeds = (process.env.SIM_SEEDS ?? process.env.SIM_SEED ?? '20261125')
  .split(',')
  .map((s) => Number(s.trim()) >>> 0);
const operations = Number(process.env.SIM_OPS ?? 250);
const kills = Number(process.env.SIM_KILLS ?? 1);
const steps = process.env.SIM_STEPS?.split(',').map((s) => s.trim() as StepKind);

describe('money invariant simulation', () => {
  it(
    `keeps every invariant over ${seeds.length} seed(s) of ${operations} operations`,
    async () => {
      const disabledKinds = disabledKindsFromEnv();
      const failed: SimulationResult[] = [];
      for (const seed of seeds) {
        const result = await runSimulation({
          seed,
          operations,
          kills,
          disabledKinds,
          steps,
          log: (line) => console.log(line),
        });
        const { violations, ...figures } = result;
        console.log(
          `simulation figures: ${JSON.stringify({ ...figures, violations: violations.length, disabledKinds })}`,
        );
        if (result.failedStep !== undefined) {
          console.log(describeFailure(result));
          failed.push(result);
        } else expect(result.acknowledged).toBeGreaterThan(result.operations / 3);
      }
      if (failed.length > 0) expect.fail(failed.map(describeFailure).join('\n'));
    },
    60 * 60_000,
  );
});
