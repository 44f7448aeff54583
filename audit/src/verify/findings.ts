export interface EventRef {
  stream: string;
  version: number;
  position: number;
}

export type FindingKind =
  | 'tampered_event'
  | 'missing_event'
  | 'reordered_event'
  | 'unreadable_event'
  | 'balance_mismatch'
  | 'held_mismatch'
  | 'ledger_mismatch'
  | 'account_missing_from_read_model'
  | 'account_unknown_to_log'
  | 'rewritten_since_published'
  | 'truncated_since_published'
  | 'custody_shortfall'
  | 'coin_overdrawn'
  | 'clearing_mismatch'
  | 'clearing_out_of_bounds';

export interface Finding {
  kind: FindingKind;
  message: string;
  /** The event that caused the difference (or, for a read model, the last event it should show). */
  event?: EventRef;
  /** The stored type of the event, for an unreadable one. */
  eventType?: string;
  /** Why the event cannot be read, in its schema's words (`amount: ...`), for an unreadable one. */
  reason?: string;
  accountId?: string;
  ledgerAccount?: string;
  readModel?: number;
  derived?: number;
}

/**
 * Every check's findings, in the order they were found, and each stream's first damaged event:
 * a read model that departs from the log is blamed on it rather than on the read model.
 */
export class FindingLog {
  readonly findings: Finding[] = [];
  readonly firstTampered = new Map<string, EventRef>();

  add(finding: Finding): void {
    this.findings.push(finding);
  }

  /** A finding about an event itself (altered, missing, moved or unreadable). */
  tampered(ref: EventRef, finding: Finding): void {
    this.findings.push(finding);
    if (!this.firstTampered.has(ref.stream)) this.firstTampered.set(ref.stream, ref);
  }
}

export const dollars = (cents: number) => (cents / 100).toFixed(2);
export const describeEvent = (ref: EventRef) =>
  `${ref.stream} v${ref.version} (position ${ref.position})`;
