import { NotificationRaised, streams } from '@bank/events';
import { deterministicUuid } from '@bank/infra';
import { existence } from '../kernel/aggregate.ts';
import type { CommandContext } from '../services/context.ts';
import { defineScheduler, type JobProcessor, type JobScheduler } from './job-system.ts';

export const BANK_NAME = 'Harborview Community Bank';

/** A new customer gets a welcome notification, sent by a job shortly after registering. */
export const welcomeScheduler: JobScheduler = defineScheduler(['CustomerRegistered'], (event) => [
  {
    name: 'send-welcome',
    jobId: `welcome-${event.event.data.customerId}`,
    data: { customerId: event.event.data.customerId, name: event.event.data.name },
  },
]);

export function coreProcessors(ctx: CommandContext): Record<string, JobProcessor> {
  return {
    async 'send-welcome'(data) {
      const customerId = String(data.customerId);
      const firstName = String(data.name ?? '').split(' ')[0] || 'there';
      const notificationId = deterministicUuid(`welcome:${customerId}`);
      // Its own stream, created once: a retried job finds it written and does nothing.
      const stream = `notification-${notificationId}`;
      await ctx.bus.execute({ actor: 'system:welcome' }, async (uow) => {
        if ((await uow.load(stream, existence)).state) return;
        uow.appendNew(stream, [
          NotificationRaised.create({
            customerId,
            notificationId,
            type: 'system',
            title: `Welcome to ${BANK_NAME}`,
            message: `Hi ${firstName}, your online banking is ready. Your four accounts are open; fund them by transfer or at any branch.`,
            priority: 'medium',
          }),
        ]);
      });
      return { notificationId, stream: streams.notifications(customerId) };
    },
    async 'expire-sessions'() {
      return { deleted: await ctx.sessions.deleteExpired() };
    },
  };
}

export const coreRepeatingJobs = { 'expire-sessions': 10 * 60 * 1000 };
