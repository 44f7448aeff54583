import { failedJobsOf, JobQueueUnreachable } from '@bank/command-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCli } from '../cli/ops-cli.ts';
import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';

/** The probe fails (as during a long outage) until the test says the outage is over. */
let outage = true;
/** How many times each probe ran. */
const runs = new Map<string, number>();
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({
    serveFrontend: false,
    jobs: {
      processors: () => ({
        async 'outage-probe'(_data, job) {
          runs.set(String(job.id), (runs.get(String(job.id)) ?? 0) + 1);
          if (outage) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
          return 'paid';
        },
      }),
    },
  });
});
afterAll(async () => {
  await bank.stop();
});

const staff = () => {
  const client = new ApiClient(bank);
  client.token = bank.opsToken;
  return client;
};

async function failedProbe(jobId: string): Promise<void> {
  const queue = bank.jobs!.queue;
  // One try only, so that it gives up at once (the log's jobs have a day of tries).
  await queue.add('outage-probe', { customerName: 'Alex Morgan' }, { jobId, attempts: 1 });
  await expect
    .poll(async () => (await queue.getJob(jobId))?.getState(), { timeout: 15_000 })
    .toBe('failed');
}

describe('jobs that used up their tries', () => {
  it('are listed to ops without their data, and run again once when retried', async () => {
    const jobId = `outage-probe-${Date.now()}`;
    await failedProbe(jobId);

    const listed = await staff().get('/api/ops/failed-jobs');
    expect(listed.status).toBe(200);
    const failed = listed.body.data.failed_jobs as Record<string, unknown>[];
    expect(failed.find((job) => job.id === jobId)).toMatchObject({
      id: jobId,
      name: 'outage-probe',
      error: 'connect ECONNREFUSED 127.0.0.1:5432',
      attempts: 1,
      failed_at: expect.any(String),
    });
    expect(JSON.stringify(listed.body)).not.toContain('Alex Morgan');

    outage = false;
    const lines: string[] = [];
    const ops = (...args: string[]) =>
      runOpsCli(args, { baseUrl: bank.baseUrl, token: bank.opsToken }, (line) => lines.push(line));
    expect(await ops('failed-jobs', 'retry', jobId)).toBe(0);
    expect(lines.at(-1)).toBe('The job will run again.');
    const job = () => bank.jobs!.queue.getJob(jobId);
    await expect.poll(async () => (await job())?.getState(), { timeout: 15_000 }).toBe('completed');
    expect((await job())!.returnvalue).toBe('paid');

    // Done: a second retry is refused and runs nothing.
    expect(await ops('failed-jobs', 'retry', jobId)).toBe(1);
    expect(lines.at(-1)).toMatch(/^Error 409: The job is not failed/);
    expect(await ops('failed-jobs')).toBe(0);
    const after = JSON.parse(lines.at(-1)!) as { failed_jobs: { id: string }[] };
    expect(after.failed_jobs.map((j) => j.id)).not.toContain(jobId);
  });

  it('runs a job retried fifty times at once only once', async () => {
    outage = true;
    const jobId = `outage-probe-many-${Date.now()}`;
    await failedProbe(jobId);
    outage = false;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        staff().post('/api/ops/failed-jobs/retry', { job_id: jobId }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    await expect
      .poll(async () => (await bank.jobs!.queue.getJob(jobId))?.getState(), { timeout: 15_000 })
      .toBe('completed');
    // The try that failed, and one more.
    expect(runs.get(jobId)).toBe(2);
  });

  it('answers a clear 4xx to an unknown or malformed id, and keeps the routes to the ops token', async () => {
    const retry = (jobId: unknown) => staff().post('/api/ops/failed-jobs/retry', { job_id: jobId });
    expect((await retry('no-such-job')).status).toBe(404);
    for (const junk of ['', 'bad id', 'nul\u0000', 'x'.repeat(301), 42, { $ne: null }]) {
      expect((await retry(junk)).status, JSON.stringify(junk)).toBe(422);
    }
    expect((await new ApiClient(bank).get('/api/ops/failed-jobs')).status).toBe(401);
    const { client } = await signedUpCustomer(bank);
    expect((await client.get('/api/ops/failed-jobs')).status).toBe(403);
    expect((await client.post('/api/ops/failed-jobs/retry', { job_id: 'x' })).status).toBe(403);
  });

  it('says the queue is unreachable instead of waiting for a Redis that is away', async () => {
    const away = failedJobsOf('redis://127.0.0.1:1');
    try {
      await expect(away.list(10)).rejects.toBeInstanceOf(JobQueueUnreachable);
      await expect(away.retry('any')).rejects.toBeInstanceOf(JobQueueUnreachable);
    } finally {
      await away.close();
    }
  });
});
