import type { BankEvent, BankEventType } from '@bank/events';
import type { RecordedEvent } from '@bank/infra';

export interface Db {
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}

export type Handler<T extends BankEventType> = (
  data: Extract<BankEvent, { type: T }>['data'],
  event: RecordedEvent<BankEvent>,
  db: Db,
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
   * False when no handler reads a sealed personal-data field (events/src/pii.ts): a rebuild of
   * this projection then reads events without opening them, sparing a decryption per field.
   * Live, the runner's one shared read still opens them for the projections that need them.
   */
  readsPersonalData?: boolean;
}

/**
 * A faster form of some handlers, for projections whose handlers for these events only add up
 * figures: a run of consecutive accepted events is applied in a few set-based statements. It must
 * leave exactly the rows the handlers would leave one event at a time (test it both ways), and
 * accept only events the projection has handlers for (a rebuild reads no other type).
 */
export interface Aggregation {
  accepts(event: RecordedEvent<BankEvent>): boolean;
  apply(events: readonly RecordedEvent<BankEvent>[], db: Db): Promise<void>;
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
