import { IdempotentRequestRecorded, type EventData, type KeptReply } from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { DUPLICATE_TRANSACTION, DUPLICATE_WINDOW_MS } from './limits.ts';

export type IdempotencyState = EventData<'IdempotentRequestRecorded'> | null;

export const idempotencyAggregate: Aggregate<
  IdempotencyState,
  StreamEvent<'IdempotentRequestRecorded'>
> = {
  name: 'idempotency',
  writtenOnce: true,
  initial: () => null,
  evolve: (state, event) => (event.type === 'IdempotentRequestRecorded' ? event.data : state),
};

export const IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused';

export interface StoredReply {
  statusCode: number;
  body: unknown;
  /**
   * How to build the body again from events the same append writes: the log then keeps this
   * instead of a sealed copy of the body.
   */
  kept?: KeptReply;
}

/** A first answer as the log keeps it: its body, or how to build the body again. */
export type RecordedReply =
  { statusCode: number; body: unknown; kept?: undefined } | { statusCode: number; kept: KeptReply };

/**
 * What a request under an Idempotency-Key does: the first runs; a retry with the same request
 * gets the first reply again; the same key with another request is refused. A request may be
 * named by more than one hash (what it means, and the body it was sent as, which keys recorded
 * before the meaning was hashed carry): any of them is the same request.
 */
export function replayFor(
  state: IdempotencyState,
  ...requestHashes: string[]
): RecordedReply | undefined {
  if (!state) return undefined;
  if (!requestHashes.includes(state.requestHash)) {
    throw new DomainError(
      IDEMPOTENCY_KEY_REUSED,
      'This Idempotency-Key was already used for a different request.',
    );
  }
  return state.kept
    ? { statusCode: state.statusCode, kept: state.kept }
    : { statusCode: state.statusCode, body: state.body };
}

export function recordReply(
  customerId: string,
  requestHash: string,
  reply: StoredReply,
  now: Date,
) {
  return [
    IdempotentRequestRecorded.create({
      customerId,
      requestHash,
      statusCode: reply.statusCode,
      ...(reply.kept ? { body: null, kept: reply.kept } : { body: reply.body }),
      at: now.toISOString(),
    }),
  ];
}

/** When a request sent without a key was last accepted (ms), from its repeat-guard stream. */
export const repeatGuardAggregate: Aggregate<
  number | null,
  StreamEvent<'IdempotentRequestRecorded'>
> = {
  name: 'repeat-guard',
  initial: () => null,
  evolve: (state, event) =>
    event.type === 'IdempotentRequestRecorded' ? Date.parse(event.data.at) : state,
};

const REPEATED_TRANSACTION =
  'This transaction appears to be a duplicate. Please wait before trying again.';

/**
 * A request that sets money up for later (a schedule) or asks for it (a Zelle request) moves
 * nothing now, so the duplicate check of movements does not see it. Sent again without a key
 * within the same 60 seconds, the same request is refused as a duplicate, as a movement would be;
 * accepted, it is recorded (without its answer) for the next one to be decided on.
 */
export function decideRepeat(
  lastAcceptedMs: number | null,
  customerId: string,
  requestHash: string,
  now: Date,
  repeatMessage: string = REPEATED_TRANSACTION,
) {
  const sinceMs = lastAcceptedMs === null ? null : now.getTime() - lastAcceptedMs;
  if (sinceMs !== null && sinceMs >= 0 && sinceMs < DUPLICATE_WINDOW_MS) {
    throw new DomainError(DUPLICATE_TRANSACTION, repeatMessage);
  }
  // No answer is kept: a repeat is refused, never answered again.
  return [requestMark(customerId, requestHash, now)];
}

/** A request recorded as made at `now`, without an answer: what a count or a guard is kept by. */
export function requestMark(customerId: string, requestHash: string, now: Date) {
  return IdempotentRequestRecorded.create({
    customerId,
    requestHash,
    statusCode: 0,
    body: null,
    at: now.toISOString(),
  });
}
