import { isWireType } from '@bank/contracts';
import type { Db } from '@bank/projections';

export type TimelineStepName = 'initiated' | 'settled' | 'failed' | 'reversed';

export interface TimelineStep {
  step: TimelineStepName;
  at: Date;
  detail?: string | undefined;
}

/** The log's events about one movement on one account, oldest first. */
export interface MovementEvent {
  type: string;
  position: number;
  recordedAt: Date;
  occurredAt?: string | undefined;
  reason?: string | undefined;
  /** A released hold's outcome: failed (also when unset), cancelled, or returned unclaimed. */
  outcome?: string | undefined;
}

/**
 * What happened to a movement, from its events: a hold is when it was initiated, the posting when
 * it settled, a released hold when it failed. A posting with no hold before it was initiated and
 * settled at once (on its value date).
 */
export function movementTimeline(events: readonly MovementEvent[]): TimelineStep[] {
  const steps: TimelineStep[] = [];
  for (const event of events) {
    const at = event.occurredAt ? new Date(event.occurredAt) : event.recordedAt;
    if (event.type === 'FundsHeld') steps.push({ step: 'initiated', at });
    else if (event.type === 'HoldReleased') {
      // Cancelled by the customer or returned unclaimed: nothing went wrong, the money came back.
      const reversed = event.outcome === 'cancelled' || event.outcome === 'returned';
      const step = reversed ? 'reversed' : 'failed';
      steps.push({ step, at, detail: event.reason });
    } else if (event.type === 'AccountCredited' || event.type === 'AccountDebited') {
      if (!steps.some((s) => s.step === 'initiated')) steps.push({ step: 'initiated', at });
      steps.push({ step: 'settled', at });
    }
  }
  return steps;
}

/** The events of one movement on the account's stream: its hold, its release, its posting. */
export async function movementEvents(
  db: Db,
  row: { account_id: string; hold_id: string | null; entry_id: string; direction: string },
): Promise<MovementEvent[]> {
  const postingType = row.direction === 'credit' ? 'AccountCredited' : 'AccountDebited';
  const { rows } = await db.query<{
    type: string;
    global_position: number;
    recorded_at: Date;
    occurred_at: string | null;
    reason: string | null;
    outcome: string | null;
  }>(
    `SELECT type, global_position, recorded_at, data->>'occurredAt' AS occurred_at,
            data->>'reason' AS reason, data->>'outcome' AS outcome
     FROM events
     WHERE stream_id = $1
       AND ((data->>'holdId' = $2 AND type IN ('FundsHeld', 'HoldReleased', $4))
            OR (data->>'entryId' = $3 AND type = $4))
     ORDER BY stream_version`,
    [`account-${row.account_id}`, row.hold_id ?? '', row.entry_id, postingType],
  );
  return rows.map((r) => ({
    type: r.type,
    position: Number(r.global_position),
    recordedAt: r.recorded_at,
    occurredAt: r.occurred_at ?? undefined,
    reason: r.reason ?? undefined,
    outcome: r.outcome ?? undefined,
  }));
}

/**
 * What the customer may still take back from this line: a pending external or SEPA transfer, or a
 * Zelle payment nobody has claimed (the cancel routes decide; this only offers the button). A wire
 * is final once sent.
 */
export function cancellableFrom(row: {
  status: string;
  kind: string;
  metadata: Record<string, unknown> | null;
}): { kind: 'transfer' | 'zelle-payment'; id: string } | null {
  if (row.status !== 'pending' || isWireType(row.kind)) return null;
  const metadata = row.metadata ?? {};
  if (typeof metadata.transfer_id === 'string')
    return { kind: 'transfer', id: metadata.transfer_id };
  if (typeof metadata.zelle_payment_id === 'string') {
    return { kind: 'zelle-payment', id: metadata.zelle_payment_id };
  }
  return null;
}
