import type { BankEvent, BankEventType } from '@bank/events';

/** The events of the types named: what one stream holds. */
export type StreamEvent<T extends BankEventType> = Extract<BankEvent, { type: T }>;

/**
 * How a stream's state is folded from its own events: pure, no I/O. The unit of work hands it the
 * events it reads from the stream; an event of another type (there is none in a well-kept stream)
 * falls through evolve's switch and leaves the state as it was.
 */
export interface Aggregate<State, Event extends BankEvent = BankEvent> {
  name: string;
  initial(): State;
  evolve(state: State, event: Event): State;
  /**
   * Its streams are written once, when created, and seldom read again (an idempotency key's
   * reply, a transfer): the state cache does not keep them. Kept, two of them per transfer
   * filled the cache, crowding out the accounts and customers commands come back to, and held a
   * reply or a transfer on the heap for each, which every full garbage collection walks.
   */
  writtenOnce?: boolean;
}

/**
 * Folds the events read back from a stream (the store hands them back as stored): a stream holds
 * its aggregate's own events, and an event of any other type falls through evolve unchanged.
 */
export function foldRecorded<State, Event extends BankEvent>(
  aggregate: Aggregate<State, Event>,
  recorded: readonly { event: unknown }[],
  from: State = aggregate.initial(),
): State {
  const stream: Aggregate<State> = aggregate;
  return recorded.reduce((state, r) => stream.evolve(state, r.event as BankEvent), from);
}

/** A rule the command broke, with what the client shows. Thrown by pure decide functions. */
export class DomainError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Folds a stream into whether it has any event: for streams that are written once. */
export const existence: Aggregate<boolean> = {
  name: 'existence',
  initial: () => false,
  evolve: () => true,
};
