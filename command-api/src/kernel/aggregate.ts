import type { BankEvent } from '@bank/events';

/** How a stream's state is folded from its events: pure, no I/O. */
export interface Aggregate<State> {
  name: string;
  initial(): State;
  evolve(state: State, event: BankEvent): State;
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
