import { auditorIssuedAnswer, auditorRevokedAnswer } from '@bank/contracts';
import { notFound, ok, requireOps } from '@bank/infra';
import {
  DEFAULT_AUDITOR_DAYS,
  issueAuditorCredential,
  MAX_AUDITOR_DAYS,
  revokeAuditorCredential,
} from '@bank/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';

const auditorBody = z.object({
  name: z
    .string({ message: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name may not be greater than 100 characters.'),
  expires_in_days: z
    .number({ message: 'The expires in days must be a whole number of days.' })
    .int('The expires in days must be a whole number of days.')
    .min(1, 'The expires in days must be at least 1.')
    .max(MAX_AUDITOR_DAYS, `The expires in days may not be greater than ${MAX_AUDITOR_DAYS}.`)
    .default(DEFAULT_AUDITOR_DAYS),
});

/**
 * Staff issue read-only auditor credentials. The token is shown once, in this answer; only its
 * SHA-256 is stored. It opens /api/audit/* and nothing else, until it expires or is revoked.
 */
export const opsAuditorRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireOps(ctx.config.opsToken));

  app.post(
    '/ops/auditors',
    { schema: { body: auditorBody, response: { 201: auditorIssuedAnswer } } },
    async (request, reply) => {
      const issued = await issueAuditorCredential(
        ctx.pool,
        request.body.name,
        request.body.expires_in_days,
      );
      return reply.code(201).send(
        ok(
          {
            auditor_id: issued.auditorId,
            name: issued.name,
            token: issued.token,
            created_at: issued.createdAt.toISOString(),
            expires_at: issued.expiresAt.toISOString(),
          },
          'Auditor credential issued. Store the token now: it is not shown again.',
        ),
      );
    },
  );

  app.delete(
    '/ops/auditors/:auditorId',
    {
      schema: {
        params: z.object({ auditorId: z.uuid() }),
        response: { 200: auditorRevokedAnswer },
      },
    },
    async (request) => {
      if (!(await revokeAuditorCredential(ctx.pool, request.params.auditorId))) throw notFound();
      return ok(
        { auditor_id: request.params.auditorId },
        'Auditor credential revoked. Its token no longer opens the audit API.',
      );
    },
  );
};
