import type { CommandContext } from '../services/context.ts';
import { expireZellePayment } from '../services/zelle.ts';
import { defineScheduler, type JobProcessor, type JobScheduler } from './job-system.ts';

export const EXPIRE_ZELLE_PAYMENT_JOB = 'expire-zelle-payment';
export const CLAIM_ZELLE_PAYMENTS_JOB = 'claim-zelle-payments';
export const CLAIM_ZELLE_PAYMENT_JOB = 'claim-zelle-payment';

/**
 * A pending payment gets a job at the end of its 14-day claim window, which returns it to the
 * sender unless it was claimed with a one-time code. Claim jobs queued by earlier versions (which
 * claimed on enrolment alone) now do nothing.
 */
export const zelleScheduler: JobScheduler = defineScheduler(['ZellePaymentSent'], (recorded) => {
  const event = recorded.event;
  if (event.data.status !== 'pending') return [];
  const due = event.data.expiresAt ? Date.parse(event.data.expiresAt) : Date.now();
  return [
    {
      name: EXPIRE_ZELLE_PAYMENT_JOB,
      jobId: `expire-zelle-${event.data.paymentId}`,
      data: { paymentId: event.data.paymentId },
      delayMs: Math.max(0, due - Date.now()),
    },
  ];
});

export function zelleProcessors(ctx: CommandContext): Record<string, JobProcessor> {
  const superseded = () => Promise.resolve({ outcome: 'claims need a one-time code' });
  return {
    async [EXPIRE_ZELLE_PAYMENT_JOB](data) {
      return { outcome: await expireZellePayment(ctx, String(data.paymentId)) };
    },
    [CLAIM_ZELLE_PAYMENT_JOB]: superseded,
    [CLAIM_ZELLE_PAYMENTS_JOB]: superseded,
  };
}
