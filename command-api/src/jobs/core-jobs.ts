import { streams } from '@bank/events';
import type { CommandContext } from '../services/context.ts';
import { raiseNotificationOnce } from '../services/notifications.ts';
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
      const notificationId = await raiseNotificationOnce(
        ctx,
        'system:welcome',
        `welcome:${customerId}`,
        {
          customerId,
          type: 'system',
          title: `Welcome to ${BANK_NAME}`,
          message: `Hi ${firstName}, your online banking is ready. Your four accounts are open; fund them by transfer or at any branch.`,
          priority: 'medium',
        },
      );
      return { notificationId, stream: streams.notifications(customerId) };
    },
    async 'expire-sessions'() {
      return { deleted: await ctx.sessions.deleteExpired() };
    },
  };
}

export const coreRepeatingJobs = { 'expire-sessions': 10 * 60 * 1000 };
