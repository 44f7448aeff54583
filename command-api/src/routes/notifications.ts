import { successWithoutData } from '@bank/contracts';
import { notificationTypes } from '@bank/events';
import { isSteppedUp, ok, requireCustomer, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
} from '../services/notifications.ts';
import { commandMetadata, markConsistency } from './command-reply.ts';

export const notificationCommandRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));

  const answers = { 200: successWithoutData };

  app.post(
    '/notifications/:id/read',
    { schema: { params: uuidParam, response: answers } },
    async (request, reply) => {
      const outcome = await markNotificationRead(
        ctx,
        request.customerId,
        request.params.id,
        commandMetadata(request),
        isSteppedUp(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok(null, 'Notification marked as read'));
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        body: z
          .object({ type: z.enum(notificationTypes).or(z.literal('all')).nullish() })
          .nullish(),
        response: answers,
      },
    },
    async (request, reply) => {
      const type = request.body?.type && request.body.type !== 'all' ? request.body.type : null;
      const outcome = await markAllNotificationsRead(
        ctx,
        request.customerId,
        type,
        commandMetadata(request),
        isSteppedUp(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok(null, 'All notifications marked as read'));
    },
  );

  app.delete(
    '/notifications/:id',
    { schema: { params: uuidParam, response: answers } },
    async (request, reply) => {
      const outcome = await deleteNotification(
        ctx,
        request.customerId,
        request.params.id,
        commandMetadata(request),
        isSteppedUp(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok(null, 'Notification deleted'));
    },
  );
};
