import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestBank, type TestBank } from '@bank/server/testing';
import { customer } from '../routes/money-test-helpers.ts';
import { scheduleClock } from '../services/scheduled-transfers.ts';
import { moneyJobModule } from './money-jobs.ts';

/**
 * Handing pending jobs over covers every event committed before the call, even while another
 * transaction on the server (another database's included) keeps later commits out of the log's
 * ordered read. Tests and tools that move a clock right after it depend on that.
 */
let bank: TestBank | undefined;
afterEach(() => {
  scheduleClock.now = () => new Date();
});
afterAll(async () => {
  await bank?.stop();
});

describe('handing pending jobs over', () => {
  it('includes an event committed behind a transaction still open elsewhere', async () => {
    scheduleClock.now = () => new Date('2031-06-01T17:00:00Z');
    bank = await startTestBank({ jobs: moneyJobModule });
    const c = await customer(bank, 'Behind Open Work', 100);
    const blocker = await bank.ownerPool.connect();
    let released: Promise<unknown> | undefined;
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()');
      const created = await c.client.post('/api/transfers/scheduled', {
        type: 'between-accounts',
        fromAccount: c.checking.id,
        toAccount: c.savings.id,
        amount: 10,
        transferDate: '2031-06-20',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const jobId = `scheduled-transfer-${created.body.data.scheduled_transfer.id}-2031-06-20`;
      released = new Promise((resolve) => setTimeout(resolve, 400)).then(() =>
        blocker.query('COMMIT'),
      );
      await bank.jobs!.dispatchPending();
      const job = await bank.jobs!.queue.getJob(jobId);
      expect(job?.data).toEqual(expect.objectContaining({ date: '2031-06-20' }));
      expect(await job!.isDelayed()).toBe(true);
    } finally {
      await (released ?? blocker.query('ROLLBACK'));
      blocker.release();
    }
  });
});
