import { ok, requireOps } from '@bank/infra';
import { issueAuditorCredential } from '@bank/infra/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';

const auditorBody = z.object({
  name: z
    .string({ message: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name may not be greater than 100 characters.'),
});

/**
 * Staff issue read-only auditor credentials. The token is shown once, in this answer; only its
 * SHA-256 is stored. It opens /api/audit/* and nothing else.
 */
export const opsAuditorRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireOps(ctx.config.opsToken));

  app.post('/ops/auditors', { schema: { body: auditorBody } }, async (request, reply) => {
    const issued = await issueAuditorCredential(ctx.pool, request.body.name);
    return reply.code(201).send(
      ok(
        {
          auditor_id: issued.auditorId,
          name: issued.name,
          token: issued.token,
          created_at: issued.createdAt.toISOString(),
        },
        'Auditor credential issued. Store the token now: it is not shown again.',
      ),
    );
  });
};
