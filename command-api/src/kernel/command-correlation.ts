import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The correlation id of work that no request started (a job): every command it runs stores it as
 * `metadata.correlationId` unless the command names its own, so a job's log line leads to the
 * events it appended.
 */
const current = new AsyncLocalStorage<string>();

export function withCorrelationId<T>(correlationId: string, work: () => T): T {
  return current.run(correlationId, work);
}

export function currentCorrelationId(): string | undefined {
  return current.getStore();
}
