import { streams } from '@bank/events';
import { startTestBank, type ApiClient, type TestBank } from '@bank/server/testing';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import { billPayJobModule } from '../jobs/bill-pay-jobs.ts';
import { billPayClock } from '../services/bill-pay.ts';
import { seeingTheLog } from './money-test-helpers.ts';

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

/**
 * Closes an account as its owner's erasure does. The erasure itself holds back while a bill
 * payment still runs from it, so a test of a payment whose account was closed stands in for it so.
 */
export async function closeAccountAsErased(bank: TestBank, accountId: string): Promise<void> {
  await bank.ctx.bus.execute({ actor: 'test' }, async (uow) => {
    const stream = streams.account(accountId);
    const account = await uow.load(stream, accountAggregate);
    uow.append(stream, decideAccount({ type: 'Close', reason: 'owner_erased' }, account.state));
  });
}

/** The customer's bill payment notices, once the log has reached its read models. */
export async function billPayNotices(
  bank: TestBank,
  c: { client: ApiClient },
): Promise<Record<string, unknown>[]> {
  await seeingTheLog(bank, [c]);
  return (await c.client.get('/api/notifications?type=bill_payment')).body.data
    .notifications as Record<string, unknown>[];
}
