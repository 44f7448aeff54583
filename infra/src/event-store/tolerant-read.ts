import { UnknownEventError } from '@bank/events';
import type { EventReader, RecordedEvent } from './types.ts';

/**
 * What a reader sees in place of an event it cannot read: one of a type or schema version this
 * version of the code does not know (written by a newer one during a rolling deploy), or whose
 * data fails its schema. No projection or job handles it, so it is passed over, and the position
 * still moves past it: one such event never stops a reader.
 */
export const UNREADABLE_EVENT = 'UnreadableEvent';

export type SkipReason = 'unknown_type_or_version' | 'invalid_data';

export interface UnreadableEventData {
  storedType: string;
  schemaVersion: number;
  reason: SkipReason;
  error: string;
}

export interface SkippedEvent extends UnreadableEventData {
  eventId: string;
  streamId: string;
}

type Listener = (skipped: SkippedEvent) => void;

const counts = new Map<string, { type: string; reason: SkipReason; count: number }>();
/** Events already counted: every reader of the log meets the same event again. */
const seen = new Set<string>();
const listeners = new Set<Listener>();

/**
 * Counts an event skipped by a reader (once per event and process), and tells the listeners (the
 * bank's log). Also called with what a projections thread reports.
 */
export function noteSkippedEvent(skipped: SkippedEvent): void {
  if (seen.has(skipped.eventId)) return;
  if (seen.size >= 100_000) seen.clear();
  seen.add(skipped.eventId);
  const key = `${skipped.storedType}\u0001${skipped.reason}`;
  const entry = counts.get(key) ?? { type: skipped.storedType, reason: skipped.reason, count: 0 };
  entry.count += 1;
  counts.set(key, entry);
  for (const listener of listeners) listener(skipped);
}

/** Calls `listener` for each newly skipped event; answers a function that stops it. */
export function onSkippedEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many events this process skipped, by stored type and reason. */
export function skippedEventCounts(): { type: string; reason: SkipReason; count: number }[] {
  return [...counts.values()].map((entry) => ({ ...entry }));
}

/**
 * The event as its latest shape, or, when it cannot be read, an UnreadableEvent (counted and
 * reported). For readers that follow the log; a command loading its own stream reads strictly.
 */
export function readTolerantly(
  reader: EventReader,
  stored: { eventId: string; streamId: string; type: string; schemaVersion: number },
  data: unknown,
): RecordedEvent['event'] {
  try {
    return reader.read(stored.type, stored.schemaVersion, data);
  } catch (error) {
    const skipped: SkippedEvent = {
      eventId: stored.eventId,
      streamId: stored.streamId,
      storedType: stored.type,
      schemaVersion: stored.schemaVersion,
      reason: error instanceof UnknownEventError ? 'unknown_type_or_version' : 'invalid_data',
      error: String((error as Error).message ?? error).slice(0, 500),
    };
    noteSkippedEvent(skipped);
    const { eventId: _id, streamId: _stream, ...unreadable } = skipped;
    return { type: UNREADABLE_EVENT, data: unreadable satisfies UnreadableEventData };
  }
}
