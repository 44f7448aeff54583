import type { TestBank } from './test-bank.ts';

/**
 * Makes every session of the customer older than the step-up window, as a few minutes after
 * sign-in or the last step-up: what needs step-up is then refused until the customer proves it
 * is them again.
 */
export async function ageStepUp(bank: TestBank, customerId: string): Promise<void> {
  await bank.ownerPool.query(
    `UPDATE sessions SET stepped_up_at = now() - interval '10 minutes' WHERE customer_id = $1`,
    [customerId],
  );
  // Sessions are kept in memory for a few seconds: the change holds once it is announced.
  await bank.ctx.sessions.caughtUp();
}
