import { IdempotentRequestRecorded, type EventData } from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';

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
}

/**
 * What a request under an Idempotency-Key does: the first runs; a retry with the same request
 * gets the first reply again; the same key with another request is refused.
 */
export function replayFor(state: IdempotencyState, requestHash: string): StoredReply | undefined {
  if (!state) return undefined;
  if (state.requestHash !== requestHash) {
    throw new DomainError(
      IDEMPOTENCY_KEY_REUSED,
      'This Idempotency-Key was already used for a different request.',
    );
  }
  return { statusCode: state.statusCode, body: state.body };
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
      body: reply.body,
      at: now.toISOString(),
    }),
  ];
}
