import { randomUUID } from 'node:crypto';
import { startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../routes/money-test-helpers.ts';
import { moneyJobModule } from './money-jobs.ts';

/** Jobs run by the real job system: the events a job appends carry a correlation id. */
const lines: Record<string, unknown>[] = [];
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({
    config: { logLevel: 'info' },
    jobs: moneyJobModule,
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
});
afterAll(() => bank?.stop());

const eventsOf = async (where: string, value: string) =>
  (
    await bank.pool.query<{ type: string; metadata: Record<string, string> }>(
      `SELECT type, metadata FROM events WHERE ${where} = $1 ORDER BY global_position`,
      [value],
    )
  ).rows;

describe('correlation ids of job-started commands', () => {
  it("a scheduled transfer's run carries the correlation id of the request that scheduled it", async () => {
    const sender = await customer(bank, 'Correlated Sender', 200);
    const correlationId = `schedule-${randomUUID()}`;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(),
    );
    const created = await sender.client.post(
      '/api/transfers/scheduled',
      {
        type: 'between-accounts',
        fromAccount: sender.checking.id,
        toAccount: sender.savings.id,
        amount: 25,
        transferDate: today,
      },
      { 'x-correlation-id': correlationId },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await bank.jobs!.dispatchPending();
    await expect
      .poll(async () => (await eventsOf('type', 'ScheduledTransferRan')).length, {
        timeout: 20_000,
        interval: 200,
      })
      .toBeGreaterThan(0);

    const run = await eventsOf(`metadata->>'actor'`, 'system:scheduled-transfers');
    expect(run.length).toBeGreaterThan(0);
    for (const event of run) expect(event.metadata.correlationId, event.type).toBe(correlationId);
    const logged = lines.find(
      (l) => l.msg === 'job done' && l.job_name === 'scheduled-transfer-occurrence',
    );
    expect(logged).toMatchObject({ level: 30, correlation_id: correlationId });
  });

  it('a job no event scheduled gets a correlation id derived from its job id', async () => {
    const jobId = `welcome-correlation-${randomUUID()}`;
    const customerId = randomUUID();
    await bank.jobs!.queue.add('send-welcome', { customerId, name: 'Queued Welcome' }, { jobId });
    await expect
      .poll(async () => (await eventsOf(`data->>'customerId'`, customerId)).length, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(1);
    const [event] = await eventsOf(`data->>'customerId'`, customerId);
    expect(event!.metadata).toMatchObject({
      actor: 'system:welcome',
      correlationId: `job:${jobId}`,
    });
    await expect
      .poll(() => lines.find((l) => l.msg === 'job done' && l.job_id === jobId), {
        timeout: 5_000,
      })
      .toMatchObject({ job_name: 'send-welcome', correlation_id: `job:${jobId}` });
  });

  it('a failed job is logged once, at error, with its correlation id', async () => {
    const jobId = `failing-${randomUUID()}`;
    await bank.jobs!.queue.add(
      'no-such-job',
      { correlationId: 'caller-correlation' },
      { jobId, attempts: 1 },
    );
    await expect
      .poll(() => lines.filter((l) => l.job_id === jobId), { timeout: 10_000 })
      .toHaveLength(1);
    expect(lines.find((l) => l.job_id === jobId)).toMatchObject({
      level: 50,
      msg: 'job failed',
      job_name: 'no-such-job',
      correlation_id: 'caller-correlation',
      err: 'No processor for job no-such-job',
    });
  });
});
