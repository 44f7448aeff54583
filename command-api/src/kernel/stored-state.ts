import type { BankEvent } from '@bank/events';
import type { EventStore } from '@bank/infra';
import type { Aggregate } from './aggregate.ts';
import type { StateCache } from './state-cache.ts';

/**
 * A stream's state as stored: the cached state brought up to date with the events appended after
 * it (read from the store, so it is as fresh as a full read), and cached again for the next reader.
 * Only the new events are read: a customer decides how long some of their streams grow (each
 * profile or preference change is an event), and read whole at every sign-in, a long one cost
 * every request of the process that long.
 */
export async function storedState<S>(
  store: Pick<EventStore, 'readStream'>,
  cache: StateCache,
  streamId: string,
  aggregate: Aggregate<S>,
): Promise<{ state: S; version: number }> {
  const cached = cache.get<S>(streamId);
  let state = cached?.state ?? aggregate.initial();
  let version = cached?.version ?? 0;
  for (const recorded of await store.readStream(streamId, version)) {
    state = aggregate.evolve(state, recorded.event as BankEvent);
    version = recorded.streamVersion;
  }
  if (!aggregate.writtenOnce) cache.set(streamId, version, state);
  return { state, version };
}
