import { catalogue } from '@bank/events';
import {
  readTolerantly,
  UNREADABLE_EVENT,
  type SkipReason,
  type UnreadableEventData,
} from '@bank/infra';

/** What identifies a stored event to the tolerant reading (and to its count of skipped events). */
export interface StoredEventKey {
  eventId: string;
  streamId: string;
  type: string;
  schemaVersion: number;
}

export type AuditRead =
  | { readable: true; data: Record<string, unknown> }
  | {
      readable: false;
      reason: SkipReason;
      /** What the catalogue found wrong, field by field: `amount: The amount field must be a number.` */
      problem: string;
    };

/**
 * An event read the way the bank's own readers of the log read it (readTolerantly: upcast to its
 * latest shape and validated by its schema), so that every figure the audit folds is one the
 * bank's read models folded too: an event the bank passes over, the audit passes over, and says so.
 */
export function readStoredEvent(stored: StoredEventKey, data: unknown): AuditRead {
  const event = readTolerantly(catalogue, stored, data);
  if (event.type !== UNREADABLE_EVENT) {
    return { readable: true, data: event.data as Record<string, unknown> };
  }
  const skipped = event.data as UnreadableEventData;
  return { readable: false, reason: skipped.reason, problem: whyUnreadable(stored, data, skipped) };
}

/**
 * The schema's own words for each field it refused. readTolerantly keeps the error's text cut
 * short for a log line (a validation error's text is its issues as JSON); read again here, on this
 * rare path, for the issues themselves.
 */
function whyUnreadable(stored: StoredEventKey, data: unknown, skipped: UnreadableEventData) {
  try {
    catalogue.read(stored.type, stored.schemaVersion, data);
  } catch (error) {
    const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    if (Array.isArray(issues) && issues.length > 0) {
      return issues
        .map((issue) => `${issue.path.map(String).join('.') || '(the data)'}: ${issue.message}`)
        .join('; ');
    }
    return (error as Error).message ?? String(error);
  }
  return skipped.error;
}

/** An event the audit passed over because it cannot be read, and why. */
export interface SkippedAuditEvent {
  streamId: string;
  version: number;
  position: number;
  type: string;
  schemaVersion: number;
  reason: SkipReason;
  problem: string;
}

/** One line naming a skipped event, for a report or a warning. */
export const describeSkipped = (skipped: SkippedAuditEvent) =>
  `${skipped.streamId} v${skipped.version} (position ${skipped.position}, ${skipped.type} schema version ${skipped.schemaVersion}): ${skipped.problem}`;
