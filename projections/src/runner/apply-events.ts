import type { BankEvent } from '@bank/events';
import { inSpan, linksToEvents, type RecordedEvent } from '@bank/infra';
import {
  aggregationOf,
  EVERYONE,
  type Db,
  type Handler,
  type Projection,
  type Scope,
} from '../projection.ts';
import { storableDb } from '../toolkit/storable.ts';

/** Whether the projection has a handler for any of these events (if not, only its checkpoint moves). */
export function handlesAny(projection: Projection, events: readonly RecordedEvent[]): boolean {
  const handlers = projection.handlers as Record<string, unknown>;
  return events.some((e) => handlers[(e.event as BankEvent).type] !== undefined);
}

/**
 * Runs the projection's handlers for each event, in order, on `db` (inside the caller's
 * transaction), for `scope` (everyone unless a Kafka partition's). Runs of consecutive events its
 * aggregation accepts are applied set-based. Every parameter the handlers send is made storable
 * (no NUL) on the way.
 */
export async function applyEvents(
  writer: Db,
  projection: Projection,
  events: readonly RecordedEvent[],
  options: ApplyOptions = {},
): Promise<void> {
  // A span per batch, linked to the appends that wrote its events (their metadata's trace context).
  return inSpan(
    `projection ${projection.name}`,
    () => applyInOrder(writer, projection, events, options),
    {
      links: linksToEvents(events.map((e) => e.metadata)),
      attributes: { 'bank.projection': projection.name, 'bank.events': events.length },
    },
  );
}

export interface ApplyOptions {
  /** False: every event through its handler, none set-based. */
  aggregate?: boolean;
  scope?: Scope;
}

async function applyInOrder(
  writer: Db,
  projection: Projection,
  events: readonly RecordedEvent[],
  options: ApplyOptions,
): Promise<void> {
  const db = storableDb(writer);
  const scope = options.scope ?? EVERYONE;
  const aggregation = options.aggregate === false ? undefined : aggregationOf(projection);
  const apply = async (recorded: RecordedEvent) => {
    const event = recorded.event as BankEvent;
    const handler = projection.handlers[event.type] as Handler<typeof event.type> | undefined;
    if (handler)
      await handler(event.data as never, recorded as RecordedEvent<BankEvent>, db, scope);
  };
  let run: RecordedEvent<BankEvent>[] = [];
  const applyRun = async () => {
    if (run.length === 1) await apply(run[0]!);
    else if (run.length > 1) await aggregation!.apply(run, db, scope);
    run = [];
  };
  for (const recorded of events) {
    // An event the projection has no handler for changes nothing: it does not end a run.
    if (!(projection.handlers as Record<string, unknown>)[(recorded.event as BankEvent).type]) {
      continue;
    }
    if (aggregation?.accepts(recorded as RecordedEvent<BankEvent>)) {
      run.push(recorded as RecordedEvent<BankEvent>);
      continue;
    }
    await applyRun();
    await apply(recorded);
  }
  await applyRun();
}
