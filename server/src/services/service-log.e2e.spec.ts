import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, testRedisUrl } from '@bank/infra/testing';
import { describe, expect, it } from 'vitest';
import { jsonLines, runScript } from '../testing/run-script.ts';

describe("a separate service's log", () => {
  it('writes JSON lines with a level and a message on standard output when it is no terminal', async () => {
    const run = await runScript(
      'start:query-api',
      {
        DATABASE_URL: await createTestDatabase(),
        REDIS_URL: testRedisUrl(),
        OPS_TOKEN: `ops-${randomBytes(8).toString('hex')}`,
        SECRETS_KEY: randomBytes(32).toString('hex'),
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bank-service-log-')),
      },
      (out) => out.includes('ready on'),
    );
    const lines = jsonLines(run.stdout);
    expect(lines.length, run.stderr).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line.level).toBeTypeOf('number');
      expect(line.msg).toBeTypeOf('string');
    }
    const ready = lines.find((l) => l.msg.startsWith('ready on '));
    expect(ready).toMatchObject({ level: 30, service: 'query-api' });
    expect(ready!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses to start without its settings in a fatal JSON line on standard error', async () => {
    const run = await runScript('start:jobs', { DATABASE_URL: '', SECRETS_KEY: '' }, () => false);
    expect(run.code).toBe(2);
    const [refusal] = jsonLines(run.stderr);
    expect(refusal).toMatchObject({ level: 60, service: 'jobs' });
    expect(refusal!.missing).toEqual(['DATABASE_URL', 'SECRETS_KEY', 'REDIS_URL']);
  });

  it('the edge writes only JSON lines, nothing on standard error (no deprecation warning)', async () => {
    const run = await runScript('start:edge', {}, (out) => out.includes('ready on'));
    expect(run.stderr).toBe('');
    const ready = jsonLines(run.stdout).find((l) => l.msg.startsWith('ready on '));
    expect(ready).toMatchObject({ level: 30, service: 'edge' });
  });

  it('the edge says it started at any LOG_LEVEL, even silent', async () => {
    const run = await runScript('start:edge', { LOG_LEVEL: 'silent' }, (out) =>
      out.includes('ready on'),
    );
    expect(jsonLines(run.stdout).map((l) => l.msg)).toEqual([
      expect.stringMatching(/^ready on http/),
    ]);
  });
});
