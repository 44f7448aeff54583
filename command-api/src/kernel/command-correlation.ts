import { ScopedStorage } from '@bank/infra';

/**
 * The correlation id of work that no request started (a job): every command it runs stores it as
 * `metadata.correlationId` unless the command names its own, so a job's log line leads to the
 * events it appended.
 */
const current = new ScopedStorage<string>();

export function withCorrelationId<T>(correlationId: string, work: () => Promise<T>): Promise<T> {
  return current.run(correlationId, work);
}

export function currentCorrelationId(): string | undefined {
  return current.getStore();
}
