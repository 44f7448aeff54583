import type { ZelleContact } from '@bank/events';
import type { CommandContext } from '../services/context.ts';
import { claimZellePayment, claimZellePaymentsFor, expireZellePayment } from '../services/zelle.ts';
import type { JobProcessor, JobScheduler } from './job-system.ts';

export const EXPIRE_ZELLE_PAYMENT_JOB = 'expire-zelle-payment';
export const CLAIM_ZELLE_PAYMENTS_JOB = 'claim-zelle-payments';
export const CLAIM_ZELLE_PAYMENT_JOB = 'claim-zelle-payment';

/**
 * A pending payment gets a job at the end of its 14-day claim window; enrolling an email or phone
 * (registration, or a profile change that reserves a new email) gets a job that claims whatever
 * waits for it. A payment sent to a contact already enrolled between lookup and append is
 * claimed by an immediate job too.
 */
export const zelleScheduler: JobScheduler = (recorded) => {
  const event = recorded.event;
  switch (event.type) {
    case 'ZellePaymentSent': {
      if (event.data.status !== 'pending') return [];
      const due = event.data.expiresAt ? Date.parse(event.data.expiresAt) : Date.now();
      return [
        {
          name: EXPIRE_ZELLE_PAYMENT_JOB,
          jobId: `expire-zelle-${event.data.paymentId}`,
          data: { paymentId: event.data.paymentId },
          delayMs: Math.max(0, due - Date.now()),
        },
        {
          name: CLAIM_ZELLE_PAYMENT_JOB,
          jobId: `claim-zelle-${event.data.paymentId}`,
          data: { paymentId: event.data.paymentId },
        },
      ];
    }
    case 'IdentifierReserved': {
      const kind = event.data.kind;
      if (kind !== 'email' && kind !== 'phone') return [];
      const prefix = `reservation-${kind}-`;
      if (!recorded.streamId.startsWith(prefix)) return [];
      // Reservation stream ids carry a hash of the email or phone, never the value itself.
      const hash = recorded.streamId.slice(prefix.length);
      return [
        {
          name: CLAIM_ZELLE_PAYMENTS_JOB,
          jobId: `claim-zelle-contact-${recorded.eventId}`,
          data: { kind, hash },
        },
      ];
    }
    default:
      return [];
  }
};

export function zelleProcessors(ctx: CommandContext): Record<string, JobProcessor> {
  return {
    async [EXPIRE_ZELLE_PAYMENT_JOB](data) {
      return { outcome: await expireZellePayment(ctx, String(data.paymentId)) };
    },
    async [CLAIM_ZELLE_PAYMENT_JOB](data) {
      return { outcome: await claimZellePayment(ctx, String(data.paymentId)) };
    },
    async [CLAIM_ZELLE_PAYMENTS_JOB](data) {
      const kind = data.kind as ZelleContact['kind'];
      return { outcomes: await claimZellePaymentsFor(ctx, kind, String(data.hash)) };
    },
  };
}
