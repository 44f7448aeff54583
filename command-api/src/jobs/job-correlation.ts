import type { RecordedEvent } from '@bank/infra';

/** The job data field that carries the correlation id of the event that called for the job. */
export const JOB_CORRELATION_FIELD = 'correlationId';
const MAX_LENGTH = 100;

/** Job data with the scheduling event's correlation id, unless the scheduler set one. */
export function withSchedulingCorrelation(
  data: Record<string, unknown>,
  event: RecordedEvent,
): Record<string, unknown> {
  const correlationId = event.metadata?.correlationId;
  if (typeof data[JOB_CORRELATION_FIELD] === 'string' || typeof correlationId !== 'string') {
    return data;
  }
  return { ...data, [JOB_CORRELATION_FIELD]: correlationId };
}

/** A job's correlation id: the one its data carries, else one derived from its job id. */
export function jobCorrelationId(data: Record<string, unknown>, jobId: string | undefined): string {
  const carried = data[JOB_CORRELATION_FIELD];
  if (typeof carried === 'string' && carried) return carried;
  return `job:${jobId ?? 'unknown'}`.slice(0, MAX_LENGTH);
}
