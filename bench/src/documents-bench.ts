/**
 * Benchmark (not a test): how long the event loop is held while long statements are drawn, on it
 * (as the API did) and on the render pool's threads, printing the longest pause of each and their
 * ratio. A timer that should fire every millisecond stands in for other customers' requests.
 *
 *   npm run bench:documents [-- --lines 8000 --rounds 3]
 */
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { RenderPool, renderDocument, type DocumentJob } from '@bank/audit';
import { statementOfCredits } from '@bank/audit/testing';
import { parseArgs } from '@bank/server/cli-support';

const { options } = parseArgs(process.argv.slice(2));
const lines = Number(options.lines ?? 8_000);
const rounds = Number(options.rounds ?? 3);

const statement = statementOfCredits(lines);
const job: DocumentJob = { kind: 'statement-pdf', statement, options: { audience: 'customer' } };

/** The longest pause of the event loop (ms) and the time taken, drawing one statement. */
async function held(draw: () => Promise<Buffer>) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const started = performance.now();
  delay.enable();
  await draw();
  delay.disable();
  return { pauseMs: delay.max / 1e6, tookMs: performance.now() - started };
}

async function measure(name: string, draw: () => Promise<Buffer>) {
  await draw(); // fonts parsed, threads started
  const readings = [];
  for (let round = 0; round < rounds; round += 1) readings.push(await held(draw));
  const pause = Math.min(...readings.map((r) => r.pauseMs));
  const took = Math.min(...readings.map((r) => r.tookMs));
  console.log(`${name}: longest pause ${pause.toFixed(1)} ms, drawn in ${took.toFixed(0)} ms`);
  return pause;
}

const pool = new RenderPool();
console.log(
  `A statement of ${lines} lines, best of ${rounds}; load ${os.loadavg()[0]!.toFixed(1)}`,
);
const inline = await measure('on the event loop', () => renderDocument(job));
const threaded = await measure('on a rendering thread', () => pool.render(job));
console.log(`ratio: the loop is held ${(inline / threaded).toFixed(1)}x less on a thread`);
await pool.close();
