import { catalogue, type BankEvent, type BankEventType } from '@bank/events';
import { expect } from 'vitest';
import { DomainError, type Aggregate, type StreamEvent } from './aggregate.ts';

/** An expected event: its type, and as much of its data as the test cares about. */
export type ExpectedEvent<E> = E extends { type: infer T; data: infer D }
  ? { type?: T; data?: DeepPartial<D> }
  : never;

type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** What `toThrow` accepts: a message part, a pattern, an error class or an asymmetric matcher. */
type ThrownMatcher =
  | string
  | RegExp
  | Error
  | (abstract new (...args: never[]) => Error)
  | ReturnType<typeof expect.objectContaining>;

/**
 * The state a stream's own events leave, folded by its aggregate: the given of a plan that takes
 * the states of several streams.
 */
export function stateAfter<State, Event extends BankEvent>(
  aggregate: Aggregate<State, Event>,
  ...events: Event[]
): State {
  return deciderSpecification(aggregate, () => []).given(...events).state;
}

/**
 * One of the events a plan lists (plans name their events loosely, per stream) as the stream event
 * it is, to fold it: its type checked and its data read through the catalogue's schema.
 */
export function plannedEvent<T extends BankEventType>(
  event: { type: string; data: unknown; schemaVersion: number },
  type: T,
): StreamEvent<T> {
  expect(event.type).toBe(type);
  return catalogue.read(event.type, event.schemaVersion, event.data) as StreamEvent<T>;
}

/**
 * Given/when/then tests of a pure decider, as emmett's DeciderSpecification: the given events are
 * the stream's own (typed by its aggregate), folded by the aggregate's evolve; the command is
 * decided on the state they leave.
 *
 *   const account = deciderSpecification(accountAggregate, decideAccount);
 *   account.given(opened, credited).when(debit).then([{ type: 'AccountDebited' }]);
 *   account.given(opened).when(debit).thenRefuses('Insufficient funds', 'amount');
 */
export function deciderSpecification<
  State,
  Event extends BankEvent,
  Command,
  Decided extends readonly object[],
>(aggregate: Aggregate<State, Event>, decide: (command: Command, state: State) => Decided) {
  const fold = (state: State, events: Event[]) =>
    events.reduce((s, event) => aggregate.evolve(s, event), state);

  const scenario = (state: State) => ({
    /** The state the given events leave, for assertions on the fold itself. */
    state,
    /** More given events, folded onto these (a history built up step by step). */
    and: (...events: Event[]) => scenario(fold(state, events)),
    when(command: Command) {
      const decided = () => decide(command, state);
      return {
        /** The events decided match these, in order; answers them (to fold them further). */
        then(expected: ExpectedEvent<Decided[number]>[]): Decided[number][] {
          const events = [...decided()];
          expect(events).toMatchObject(expected);
          return events;
        },
        /** The command is accepted and changes nothing. */
        thenNothingHappened(): void {
          expect(decided()).toEqual([]);
        },
        /** The command is refused: a rule of the domain, with exactly this message (and field). */
        thenRefuses(message: string, field?: string): DomainError {
          let refusal: unknown;
          try {
            decided();
          } catch (error) {
            refusal = error;
          }
          expect(refusal, 'expected the command to be refused').toBeInstanceOf(DomainError);
          const error = refusal as DomainError;
          expect(error.message).toBe(message);
          if (field !== undefined) expect(error.field).toBe(field);
          return error;
        },
        /** Deciding throws as `toThrow` would check it. */
        thenThrows(matcher?: ThrownMatcher): void {
          expect(decided).toThrow(matcher);
        },
      };
    },
  });

  return {
    given: (...events: Event[]) => scenario(fold(aggregate.initial(), events)),
  };
}
