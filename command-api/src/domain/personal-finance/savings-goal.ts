import { SAVINGS_GOAL_MAX_CENTS, SAVINGS_GOAL_MESSAGES } from '@bank/contracts/savings-goal-rules';
import { SavingsGoalRemoved, SavingsGoalSet } from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';

/** One savings account's goal: its target in cents, or null when none is set. */
export interface SavingsGoalState {
  targetCents: number | null;
}

export const savingsGoalAggregate: Aggregate<
  SavingsGoalState,
  StreamEvent<'SavingsGoalSet' | 'SavingsGoalRemoved'>
> = {
  name: 'savings-goal',
  initial: () => ({ targetCents: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'SavingsGoalSet':
        return { targetCents: event.data.targetCents };
      case 'SavingsGoalRemoved':
        return { targetCents: null };
      default:
        return state;
    }
  },
};

/** The account the goal belongs to, as the service found it among the customer's own. */
export interface GoalAccount {
  accountId: string;
  customerId: string;
  type: string;
}

export type SavingsGoalCommand =
  | { type: 'SetGoal'; account: GoalAccount; targetCents: number }
  | { type: 'RemoveGoal'; account: GoalAccount };

/**
 * Pure goal rules. Ownership is checked before (another customer's account is not found); setting
 * the goal it already has, or removing a goal that is not there, changes nothing.
 */
export function decideSavingsGoal(command: SavingsGoalCommand, state: SavingsGoalState) {
  const { accountId, customerId, type } = command.account;
  if (type !== 'savings') throw new DomainError('not_savings', SAVINGS_GOAL_MESSAGES.notSavings);
  switch (command.type) {
    case 'SetGoal': {
      const target = command.targetCents;
      if (!Number.isSafeInteger(target))
        throw new DomainError('invalid', SAVINGS_GOAL_MESSAGES.notWholeCents, 'target_amount');
      if (target <= 0)
        throw new DomainError('invalid', SAVINGS_GOAL_MESSAGES.notPositive, 'target_amount');
      if (target > SAVINGS_GOAL_MAX_CENTS)
        throw new DomainError('invalid', SAVINGS_GOAL_MESSAGES.tooLarge, 'target_amount');
      if (state.targetCents === target) return [];
      return [SavingsGoalSet.create({ accountId, customerId, targetCents: target })];
    }
    case 'RemoveGoal':
      return state.targetCents === null
        ? []
        : [SavingsGoalRemoved.create({ accountId, customerId })];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown savings goal command ${JSON.stringify(unknown)}`);
    }
  }
}
