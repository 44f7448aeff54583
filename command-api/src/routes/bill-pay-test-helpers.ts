import { startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { billPayJobModule } from '../jobs/bill-pay-jobs.ts';
import { billPayClock } from '../services/bill-pay.ts';

/**
 * A bill pay test file's bank: started before the file's tests (by default with bill pay's jobs)
 * and handed to `started`, stopped after them. Bill pay's clock, which tests move, runs on real
 * time again after each test, so that a test that fails halfway leaves no day behind for the next.
 */
export function billPayBankForFile(
  started: (bank: TestBank) => void,
  start: () => Promise<TestBank> = () => startTestBank({ jobs: billPayJobModule }),
): void {
  let bank: TestBank | undefined;
  beforeAll(async () => {
    bank = await start();
    started(bank);
  });
  afterEach(() => {
    billPayClock.now = () => new Date();
  });
  afterAll(async () => {
    await bank?.stop();
  });
}
