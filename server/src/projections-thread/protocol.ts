import type { SessionLimits, SkippedEvent, SpanRecord } from '@bank/infra';

/** What the bank's main thread and its projections thread say to each other. */
export interface ProjectionThreadData {
  databaseUrl: string;
  /** The secrets key in hex: the thread opens sealed personal data as the projections need it. */
  secretsKeyHex: string;
  poolSize: number;
  /**
   * The statement and idle-in-transaction timeouts of the bank's own pool: a projection's
   * statement waiting on a lock fails after it (and is reported) rather than wait for ever.
   */
  limits?: SessionLimits;
  /** The main thread traces: the thread's spans (its projections') go to it to be exported. */
  forwardSpans?: boolean;
}

export type ToThread = { kind: 'wake' } | { kind: 'stop' };

export type FromThread =
  | { kind: 'started' }
  | {
      kind: 'projection-error';
      projection: string;
      message: string;
      /** The error's code and syscall: whether PostgreSQL is unreachable is judged by them. */
      code?: string;
      syscall?: string;
    }
  | { kind: 'projection-failing'; projection: string; message: string }
  | { kind: 'projection-recovered'; projection: string }
  | { kind: 'event-parked'; projection: string; eventId: string; type: string; error: string }
  | { kind: 'event-skipped'; skipped: SkippedEvent }
  | { kind: 'spans'; spans: SpanRecord[] }
  | { kind: 'failed'; message: string };
