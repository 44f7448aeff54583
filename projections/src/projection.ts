import type { BankEvent, BankEventType } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';

export interface Db {
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}

/**
 * Whose rows one application of an event writes. The embedded runner applies each event once,
 * for everyone. Scale mode applies an event on each Kafka partition it was sent to (its stream
 * owner's; for a fact about two customers the other party's too; for an erasure every one), for
 * the customers that partition holds: a handler of a type its projection lists as `sided` writes
 * each customer's rows only where `owns` says so. `shard` numbers where the application runs
 * (the partition; 0 in the embedded runner), so that a sum kept as one row per shard is never
 * written by two partitions at once.
 */
export interface Scope {
  owns(customerId: string): boolean;
  shard: number;
}

/** The embedded runner's scope: every event applied once, for every customer. */
export const EVERYONE: Scope = { owns: () => true, shard: 0 };

export type Handler<T extends BankEventType> = (
  data: Extract<BankEvent, { type: T }>['data'],
  event: RecordedEvent<BankEvent>,
  db: Db,
  scope: Scope,
) => Promise<void>;

/**
 * A projection turns events into read-model rows. It owns its tables, which a rebuild empties;
 * each handler runs inside the transaction that also moves the projection's checkpoint.
 */
export interface Projection {
  name: string;
  tables: readonly string[];
  handlers: { [T in BankEventType]?: Handler<T> };
  /** Optional set-based form of handlers that only aggregate (see Aggregation). */
  aggregate?: Aggregation;
  /**
   * Event types whose handlers write the rows of other customers than the stream's owner (the
   * other party of a Zelle payment or request, everyone's lines naming an erased customer). In
   * scale mode these handlers also run on the copies sent to the other parties' partitions, and
   * write each customer's rows only where `scope.owns` allows; the other handlers run once, on
   * the owner's partition, and write only the owner's rows.
   */
  sided?: readonly BankEventType[];
  /**
   * Tables whose rows depend on where the events were applied (sums kept per shard), each with
   * the query that reads it as its readers do; `$table` stands for the table. Read models are
   * compared through it (the live tables against a rebuild).
   */
  compareAs?: Readonly<Record<string, string>>;
  /**
   * False when no handler reads a sealed personal-data field (events/src/pii.ts): a rebuild of
   * this projection then reads events without opening them, sparing a decryption per field.
   * Live, the runner's one shared read still opens them for the projections that need them.
   */
  readsPersonalData?: boolean;
}

/**
 * A faster form of some handlers, for projections whose handlers for these events only add up
 * figures or add rows that no other accepted event reads: a run of consecutive accepted events is
 * applied in a few set-based statements. It must
 * leave exactly the rows the handlers would leave one event at a time (test it both ways), and
 * accept only events the projection has handlers for (a rebuild reads no other type).
 */
export interface Aggregation {
  accepts(event: RecordedEvent<BankEvent>): boolean;
  apply(events: readonly RecordedEvent<BankEvent>[], db: Db, scope: Scope): Promise<void>;
}

/** The handlers each aggregation was defined with: it stands for those and no others. */
const aggregatedHandlers = new WeakMap<Aggregation, Projection['handlers']>();

export function defineProjection(projection: Projection): Projection {
  if (projection.aggregate) aggregatedHandlers.set(projection.aggregate, projection.handlers);
  return projection;
}

/**
 * The projection's aggregation, if its handlers are still those it was defined with (a copy of a
 * projection with handlers replaced, as tests make, runs its handlers one event at a time).
 */
export function aggregationOf(projection: Projection): Aggregation | undefined {
  const aggregation = projection.aggregate;
  return aggregation && aggregatedHandlers.get(aggregation) === projection.handlers
    ? aggregation
    : undefined;
}
