import { within } from '@bank/infra';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAME } from './job-system.ts';

/** A job that used up its tries: named by id and kind, never by its data (a customer's). */
export interface FailedJob {
  id: string;
  name: string;
  error: string;
  attempts: number;
  queuedAt: Date;
  failedAt: Date | undefined;
}

export type FailedJobRetry = 'retried' | 'not-found' | 'not-failed';

/**
 * The jobs that gave up, for ops: a job due while PostgreSQL was away for more than a day stays
 * here (the dispatcher never queues it again), so someone has to see it and run it. (A scheduled
 * payment's date that gave up is recorded as not made instead: its job, run again, does nothing.)
 */
export interface FailedJobs {
  /** The most recently failed first. */
  list(limit: number): Promise<FailedJob[]>;
  /** Runs a failed job again, with its full round of tries (every job checks its own state). */
  retry(jobId: string): Promise<FailedJobRetry>;
  close(): Promise<void>;
}

/** Redis not answering: ops get a 503 at once rather than a request that hangs. */
export class JobQueueUnreachable extends Error {
  constructor() {
    super('The job queue (Redis) is not reachable.');
  }
}

const ANSWER_WITHIN_MS = 5000;

const summary = (job: Job): FailedJob => ({
  id: String(job.id),
  name: job.name,
  error: job.failedReason,
  attempts: job.attemptsMade,
  queuedAt: new Date(job.timestamp),
  failedAt: job.finishedOn ? new Date(job.finishedOn) : undefined,
});

/** The failed jobs of the bank's queue on `redisUrl` (under BullMQ's key `prefix`). */
export function failedJobsOf(redisUrl: string, prefix = 'bull'): FailedJobs {
  const connection = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
  });
  connection.on('error', () => {});
  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  queue.on('error', () => {});
  const answered = async <T>(work: Promise<T>): Promise<T> => {
    const late = Symbol('late');
    const result = await within(work, ANSWER_WITHIN_MS, late).catch((error: unknown) => {
      throw connection.status === 'ready' ? error : new JobQueueUnreachable();
    });
    if (result === late) throw new JobQueueUnreachable();
    return result as T;
  };

  return {
    async list(limit) {
      const jobs = await answered(queue.getFailed(0, limit - 1));
      return jobs.filter((job): job is Job => Boolean(job)).map(summary);
    },
    async retry(jobId) {
      const job = await answered(queue.getJob(jobId));
      if (!job) return 'not-found';
      if ((await answered(job.getState())) !== 'failed') return 'not-failed';
      try {
        await answered(
          job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }),
        );
      } catch (error) {
        // Another retry of the same job moved it first.
        if ((await answered(job.getState())) !== 'failed') return 'not-failed';
        throw error;
      }
      return 'retried';
    },
    async close() {
      await queue.close().catch(() => {});
      connection.disconnect();
    },
  };
}
