import type { EventStore, Position, RecordedEvent } from '@bank/infra';

export type LogReader = Pick<EventStore, 'readAll'>;

/**
 * One read of the log serves every projection at the same position: a read in flight or just
 * done is shared (the events are read, opened and parsed once, not once per projection).
 * `forget` drops what is cached, so reads after an append see it.
 */
export function createSharedReader(store: LogReader) {
  const recent = new Map<string, Promise<RecordedEvent[]>>();
  return {
    readAll(after: Position, limit: number): Promise<RecordedEvent[]> {
      const key = `${after.transactionId}:${after.globalPosition}:${limit}`;
      let read = recent.get(key);
      if (!read) {
        read = store.readAll(after, limit);
        recent.set(key, read);
        // An empty answer is only true until the next append: never keep it.
        read.then(
          (events) => {
            if (events.length === 0 && recent.get(key) === read) recent.delete(key);
          },
          () => recent.delete(key),
        );
        while (recent.size > 16) recent.delete(recent.keys().next().value!);
      }
      return read;
    },
    forget() {
      recent.clear();
    },
  };
}
