/**
 * The long invariant simulation: `npm run simulate -- --seeds 20 --ops 2000 [--kills 3] [--seed S]`.
 * Runs the simulation test with many seeds (S, S+1, …; S from the clock unless given) on the test
 * harness's own PostgreSQL and Redis, then prints the totals: operations, seeds, violations.
 * SIM_KINDS / SIM_KINDS_DISABLED choose the command kinds, as for the test.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return value;
}

const count = Math.max(1, option('seeds', 5));
const operations = option('ops', 1000);
const kills = option('kills', 3);
const first = option('seed', Date.now() % 1_000_000_000);
const seeds = Array.from({ length: count }, (_, i) => first + i);

console.log(`simulating seeds ${seeds.join(',')}: ${operations} operations each, ${kills} kills`);
const child = spawn(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'backend',
    path.relative(root, path.join(here, 'money-simulation.e2e.spec.ts')),
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      SIM_SEEDS: seeds.join(','),
      SIM_OPS: String(operations),
      SIM_KILLS: String(kills),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const figures: { seed: number; operations: number; violations: number; failedStep?: number }[] = [];
let pending = '';
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop()!;
  for (const line of lines) {
    const match = /simulation figures: (\{.*\})/.exec(line);
    if (match) figures.push(JSON.parse(match[1]!));
  }
});
child.on('exit', (code) => {
  const total = figures.reduce((sum, f) => sum + f.operations, 0);
  const broken = figures.filter((f) => f.failedStep !== undefined);
  console.log(
    `\nsimulation totals: ${figures.length} seeds, ${total} operations, ` +
      `${broken.length} seeds with violations${broken.length ? ` (${broken.map((f) => f.seed).join(', ')})` : ''}`,
  );
  process.exit(code ?? 1);
});
