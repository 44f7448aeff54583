import { comparePositions, type EventStore, type Position, type RecordedEvent } from '@bank/infra';

export type LogReader = Pick<EventStore, 'readAll'>;

/** How many of the log's latest events the shared reader keeps for the loops following it. */
const TAIL_EVENTS = 4000;

const samePosition = (a: Position, b: Position) => comparePositions(a, b) === 0;

/**
 * One read of the log serves every projection: the events are read, opened and parsed once, not
 * once per projection. The reader keeps the log's tail, the latest events read in a row, and a
 * follower anywhere in it is served from it; a read in flight is shared by those waiting for the
 * same events. What a read returned stays true (the log only grows after it, and readAll never
 * returns events a later commit could come before), so a follower served from the tail reads on
 * from its end. `forget` drops everything kept (a catch-up that must see all committed before it
 * began). With `opens`, only the events of the types it accepts are opened and read (see readAll).
 */
export function createSharedReader(store: LogReader, opens?: (type: string) => boolean) {
  const inFlight = new Map<string, Promise<RecordedEvent[]>>();
  /** Consecutive events of the log, the first one right after `tailStart`. */
  let tail: RecordedEvent[] = [];
  let tailStart: Position | undefined;

  /** The kept events right after `after`, if `after` is in the tail and events follow it. */
  function fromTail(after: Position, limit: number): RecordedEvent[] | undefined {
    if (!tailStart || tail.length === 0) return undefined;
    let next = -1;
    if (samePosition(after, tailStart)) next = 0;
    else {
      for (let i = tail.length - 1; i >= 0; i -= 1) {
        const order = comparePositions(tail[i]!.position, after);
        if (order === 0) next = i + 1;
        if (order <= 0) break;
      }
    }
    return next >= 0 && next < tail.length ? tail.slice(next, next + limit) : undefined;
  }

  /** Keeps a fresh read if it continues the tail (or starts one). */
  function extendTail(after: Position, events: RecordedEvent[]): void {
    if (events.length === 0) return;
    const end = tail.at(-1)?.position ?? tailStart;
    if (!end || !samePosition(after, end)) {
      if (tail.length > 0 && comparePositions(after, end!) < 0) return; // a follower far behind
      tail = [];
      tailStart = after;
    }
    tail.push(...events);
    if (tail.length > TAIL_EVENTS) {
      const dropped = tail.length - TAIL_EVENTS;
      tailStart = tail[dropped - 1]!.position;
      tail = tail.slice(dropped);
    }
  }

  return {
    readAll(after: Position, limit: number): Promise<RecordedEvent[]> {
      const kept = fromTail(after, limit);
      if (kept) return Promise.resolve(kept);
      const key = `${after.transactionId}:${after.globalPosition}:${limit}`;
      let read = inFlight.get(key);
      if (!read) {
        read = store.readAll(after, limit, opens).then(
          (events) => {
            inFlight.delete(key);
            extendTail(after, events);
            return events;
          },
          (error: unknown) => {
            inFlight.delete(key);
            throw error;
          },
        );
        inFlight.set(key, read);
      }
      return read;
    },
    forget() {
      tail = [];
      tailStart = undefined;
    },
  };
}
