import { MoneyMovementRecorded, moneyRules, type MovementCategory } from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { bankDate } from './bank-time.ts';

/** Daily and monthly limits per channel, in cents (the bank's day and month, see bank-time.ts). */
export const DAILY_LIMITS: Record<MovementCategory, number> = moneyRules.dailyLimits;
export const MONTHLY_LIMITS: Record<MovementCategory, number> = moneyRules.monthlyLimits;

/** An identical movement (same source, destination and amount) this soon is a duplicate. */
export const DUPLICATE_WINDOW_MS = 60_000;
/** How long movements are kept in the state: long enough for the monthly limit. */
const KEEP_MS = 40 * 24 * 3600 * 1000;

export const DAILY_LIMIT_EXCEEDED = 'daily_limit_exceeded';
export const DUPLICATE_TRANSACTION = 'duplicate_transaction';
export const DAILY_LIMIT_MESSAGE = 'You have exceeded your daily transaction limit.';
export const MONTHLY_LIMIT_MESSAGE = 'You have exceeded your monthly transaction limit.';

export interface Movement {
  movementId: string;
  category: MovementCategory;
  amount: number;
  fingerprint: string | null;
  at: string;
  /** `at` in ms, and the bank's date of it (YYYY-MM-DD): worked out once, when it is recorded. */
  atMs: number;
  bankDate: string;
}

/**
 * A customer's movements of the last 40 days, oldest first: `log[from]` up to `log[to - 1]`.
 *
 * States share their log. A state whose end is the log's end appends in place, so one state
 * following another (the usual case, and a fold over the stream) adds one entry instead of copying
 * 40 days of them; a state whose log has grown past its end shares it too when the entry after
 * its end is the very movement it records (the same event folded again), and otherwise (a sibling
 * recorded another first) copies its part before appending. Either way a state holds only what
 * its own history recorded, and what it holds never changes: read it with movementsOf, never
 * past `to`.
 */
export interface ActivityState {
  readonly log: Movement[];
  readonly from: number;
  readonly to: number;
}

/** A state's movements, oldest first (a copy). */
export const movementsOf = (state: ActivityState): Movement[] =>
  state.log.slice(state.from, state.to);

const activityOf = (movements: Movement[]): ActivityState => ({
  log: movements,
  from: 0,
  to: movements.length,
});

/** Past this many aged-out entries at the start of a log, and half of it, the log is copied. */
const COMPACT_AFTER = 64;

const sameMovement = (a: Movement, b: Movement): boolean =>
  a.movementId === b.movementId &&
  a.category === b.category &&
  a.amount === b.amount &&
  a.fingerprint === b.fingerprint &&
  a.at === b.at;

function recorded(state: ActivityState, movement: Movement): ActivityState {
  let { from } = state;
  const horizon = movement.atMs - KEEP_MS;
  while (from < state.to && state.log[from]!.atMs < horizon) from += 1;
  if (!(from > COMPACT_AFTER && from * 2 > state.to)) {
    // The same movement recorded on the same state again (a command's outcome is folded more
    // than once on its way to the log) is the entry already after its end: shared, not copied.
    const next = state.log[state.to];
    if (next && sameMovement(next, movement)) return { log: state.log, from, to: state.to + 1 };
    if (state.log.length === state.to) {
      state.log.push(movement);
      return { log: state.log, from, to: state.to + 1 };
    }
  }
  return activityOf([...state.log.slice(from, state.to), movement]);
}

/** A customer's recent movements, from their money-activity stream. */
export const activityAggregate: Aggregate<
  ActivityState,
  StreamEvent<'MoneyMovementRecorded' | 'MoneyMovementCancelled'>
> = {
  name: 'money-activity',
  initial: () => activityOf([]),
  evolve(state, event) {
    switch (event.type) {
      case 'MoneyMovementRecorded': {
        const d = event.data;
        const atMs = Date.parse(d.at);
        return recorded(state, {
          movementId: d.movementId,
          category: d.category,
          amount: d.amount,
          fingerprint: d.fingerprint,
          at: d.at,
          atMs,
          bankDate: bankDate(new Date(atMs)),
        });
      }
      case 'MoneyMovementCancelled':
        return activityOf(movementsOf(state).filter((m) => m.movementId !== event.data.movementId));
      default:
        return state;
    }
  },
};

/** A category's usage worked out over `log[from]` up to `log[to - 1]`, on the bank day `today`. */
interface CountedUsage {
  from: number;
  to: number;
  today: string;
  day: number;
  month: number;
}

/**
 * The last usage worked out on each log, per category. States that share a log and follow one
 * another (every command on a stream decides on the state the one before it left) then add only
 * the movements recorded since, and take away the ones aged out since, instead of adding up 40
 * days of movements again: a log's entries never change, so the difference is exact.
 */
const countedUsages = new WeakMap<Movement[], Map<MovementCategory, CountedUsage>>();

/** What has been used of a category's limits on the bank day (and month) of `now`. */
export function usage(state: ActivityState, category: MovementCategory, now: Date) {
  const today = bankDate(now);
  const month = today.slice(0, 7);
  const { log } = state;
  let counted = countedUsages.get(log);
  if (!counted) countedUsages.set(log, (counted = new Map()));
  const last = counted.get(category);
  let day = 0;
  let monthTotal = 0;
  let countedTo = state.from;
  const add = (i: number, sign: 1 | -1) => {
    const m = log[i]!;
    if (m.category !== category) return;
    if (m.bankDate.startsWith(month)) monthTotal += sign * m.amount;
    if (m.bankDate === today) day += sign * m.amount;
  };
  if (
    last &&
    last.today === today &&
    last.from <= state.from &&
    state.from <= last.to &&
    last.to <= state.to
  ) {
    ({ day, month: monthTotal } = last);
    for (let i = last.from; i < state.from; i += 1) add(i, -1);
    countedTo = last.to;
  }
  for (let i = countedTo; i < state.to; i += 1) add(i, 1);
  counted.set(category, { from: state.from, to: state.to, today, day, month: monthTotal });
  return { day, month: monthTotal };
}

export interface MovementInput {
  customerId: string;
  movementId: string;
  category: MovementCategory;
  amount: number;
  fingerprint: string | null;
  /** With an Idempotency-Key the client names its retries, so no duplicate guess is made. */
  checkDuplicate: boolean;
  now: Date;
  /** The message when a daily limit is hit (the recipient's receive limit words it differently). */
  dailyMessage?: string;
}

/**
 * Refuses an amount that, added to what is `used` already, passes the channel's daily or monthly
 * limit. With nothing used it checks an amount that no day could allow (a payment scheduled
 * ahead, whose usage is counted on the day it runs).
 */
export function requireWithinLimits(
  category: MovementCategory,
  amount: number,
  used: { day: number; month: number } = { day: 0, month: 0 },
  dailyMessage = DAILY_LIMIT_MESSAGE,
  field = 'amount',
): void {
  if (used.day + amount > DAILY_LIMITS[category]) {
    throw new DomainError(DAILY_LIMIT_EXCEEDED, dailyMessage, field);
  }
  if (used.month + amount > MONTHLY_LIMITS[category]) {
    throw new DomainError(DAILY_LIMIT_EXCEEDED, MONTHLY_LIMIT_MESSAGE, field);
  }
}

/**
 * Counts a movement against the customer's limits: refuses it past a daily or monthly limit, or
 * as a duplicate of an identical movement in the last 60 seconds.
 */
export function decideMovement(input: MovementInput, state: ActivityState) {
  const nowMs = input.now.getTime();
  if (input.checkDuplicate && input.fingerprint) {
    let duplicate = false;
    for (let i = state.from; i < state.to && !duplicate; i += 1) {
      const m = state.log[i]!;
      duplicate =
        m.fingerprint === input.fingerprint &&
        nowMs - m.atMs < DUPLICATE_WINDOW_MS &&
        nowMs >= m.atMs;
    }
    if (duplicate) {
      throw new DomainError(
        DUPLICATE_TRANSACTION,
        'This transaction appears to be a duplicate. Please wait before trying again.',
      );
    }
  }
  const used = usage(state, input.category, input.now);
  requireWithinLimits(input.category, input.amount, used, input.dailyMessage);
  return [
    MoneyMovementRecorded.create({
      customerId: input.customerId,
      movementId: input.movementId,
      category: input.category,
      amount: input.amount,
      fingerprint: input.fingerprint,
      at: input.now.toISOString(),
    }),
  ];
}
