import { failedJobRetriedAnswer, failedJobsAnswer } from '@bank/contracts';
import { ApiError, notFound, ok, requireOps } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JobQueueUnreachable, type FailedJobs } from '../jobs/failed-jobs.ts';
import type { CommandContext } from '../services/context.ts';

/** The most failed jobs one answer lists. */
const LISTED = 200;

const retryBody = z.object({
  job_id: z
    .string()
    .min(1)
    .max(300)
    .regex(/^[\x21-\x7e]+$/, 'A job id is printable ASCII without spaces.'),
});

function queueOf(ctx: CommandContext): FailedJobs {
  if (!ctx.failedJobs)
    throw new ApiError(503, 'This bank runs no job queue (REDIS_URL is not set).');
  return ctx.failedJobs;
}

async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof JobQueueUnreachable) throw new ApiError(503, error.message);
    throw error;
  }
}

/** Ops see the jobs that gave up (a payment due during a long outage) and run them again. */
export const opsFailedJobRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireOps(ctx.config.opsToken));

  app.get('/ops/failed-jobs', { schema: { response: { 200: failedJobsAnswer } } }, async () => {
    const failed = await answering(() => queueOf(ctx).list(LISTED));
    return ok({
      failed_jobs: failed.map((job) => ({
        id: job.id,
        name: job.name,
        error: job.error,
        attempts: job.attempts,
        queued_at: job.queuedAt.toISOString(),
        failed_at: job.failedAt?.toISOString() ?? null,
      })),
    });
  });

  app.post(
    '/ops/failed-jobs/retry',
    { schema: { body: retryBody, response: { 200: failedJobRetriedAnswer } } },
    async (request) => {
      const outcome = await answering(() => queueOf(ctx).retry(request.body.job_id));
      if (outcome === 'not-found') throw notFound();
      if (outcome === 'not-failed') {
        throw new ApiError(409, 'The job is not failed: it has run, or is waiting to run.');
      }
      return ok({ status: outcome }, 'The job will run again.');
    },
  );
};
