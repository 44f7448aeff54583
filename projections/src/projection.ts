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
}

export function defineProjection(projection: Projection): Projection {
  return projection;
}
