import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_DIGEST_JOB } from './digest-job.ts';
import { ApiClient, startTestBank, type TestBank } from './testing/index.ts';

let bank: TestBank;
let dir: string;
beforeAll(async () => {
  // A jobs worker whose digest cannot be published: its file holds a line that is no digest
  // record. (A path that cannot be written at all is refused before the bank starts.)
  dir = mkdtempSync(path.join(tmpdir(), 'digest-'));
  writeFileSync(path.join(dir, 'digests.log'), 'not a digest record\n');
  bank = await startTestBank({
    serveFrontend: false,
    roles: { commands: false, queries: false, projections: false, jobs: true, http: true },
    config: { digestFile: path.join(dir, 'digests.log') },
  });
});
afterAll(async () => {
  await bank?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('/api/health of a jobs worker whose repeating job fails', () => {
  it('names the job and its failed runs, is degraded but 200, and shows the error only to the ops token', async () => {
    const anonymous = new ApiClient(bank);
    await expect
      .poll(async () => (await anonymous.get('/api/health')).body.data?.jobs?.failing, {
        timeout: 15_000,
      })
      .toEqual([
        { job: PUBLISH_DIGEST_JOB, failures: expect.any(Number), since: expect.any(String) },
      ]);
    const answer = await anonymous.get('/api/health');
    // Scheduled work stands still while money would move: an alert on `degraded` must see it,
    // and a probe must not take the worker out for it.
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: 'degraded',
      data: { status: 'degraded', healthy: false, degraded: ['jobs'] },
    });
    expect(JSON.stringify(answer.body)).not.toContain(dir);
    expect(JSON.stringify(answer.body)).not.toContain('not a digest record');

    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const operator = await ops.get('/api/health');
    expect(operator.status).toBe(200);
    expect(operator.body.data).toMatchObject({ status: 'degraded', degraded: ['jobs'] });
    expect(operator.body.data.jobs.failing).toEqual([
      expect.objectContaining({
        job: PUBLISH_DIGEST_JOB,
        error: expect.stringMatching(/not a digest record/),
      }),
    ]);
  });
});
