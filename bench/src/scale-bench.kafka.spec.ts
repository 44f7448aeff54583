import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'scale-bench-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What an operator runs, end to end on a tiny log: its own broker, PostgreSQL and worker
// processes, one count measured twice (the medians), then the lag with those workers and with
// two started for it, and the report written.
describe('npm run bench:scale', () => {
  it('measures the catch-ups and the lag and writes its report', async () => {
    const out = path.join(dir, 'benchmarks.md');
    const args = ['--events', '600', '--accounts', '30', '--workers', '1,1', '--rate', '20'];
    args.push('--lag-workers', '1,2');
    await promisify(execFile)(
      'npm',
      ['run', '--silent', 'bench:scale', '--', ...args, '--seconds', '2', '--out', out],
      { cwd: root, maxBuffer: 16 * 1024 * 1024, timeout: 170_000 },
    );
    const report = readFileSync(out, 'utf8');
    expect(report).toContain('<!-- bench:scale:start -->');
    expect(report).toMatch(
      /^\| 1 \| 2 \| [\d.]+ s \| [\d,]+ \| \d+ µs \| 1\.00× (\| [^|]+ ){6}\|$/m,
    );
    for (const workers of [1, 2]) {
      expect(report).toMatch(
        new RegExp(`^\\| ${workers} \\| its row in \`rm_accounts\` \\| [\\d.]+ ms \\|`, 'm'),
      );
      // The relay's part: the broker's stamp of each deposit's record, found by its position.
      expect(report).toMatch(
        new RegExp(
          `^\\| ${workers} \\| appended to Kafka [^|]*(\\| [\\d.]+ ms ){4}\\| [1-9]\\d* \\|$`,
          'm',
        ),
      );
    }
    expect(report).toContain(
      'With 1 worker (those of the last catch-up): 40 of 40 appends committed (0 failed), 0 not seen',
    );
    expect(report).toContain(
      'With 2 workers (started for this phase, after a warm-up): 40 of 40 appends committed (0 failed), 0 not seen',
    );
  });
});
