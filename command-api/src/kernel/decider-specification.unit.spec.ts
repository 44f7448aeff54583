import { SavingsGoalSet } from '@bank/events';
import { describe, expect, it } from 'vitest';
import {
  decideSavingsGoal,
  savingsGoalAggregate,
  type GoalAccount,
} from '../domain/personal-finance/savings-goal.ts';
import { deciderSpecification, plannedEvent, stateAfter } from './decider-specification.ts';

const account: GoalAccount = {
  accountId: '7a1c2b9e-3a4d-4e5f-8a7b-9c0d1e2f3a41',
  customerId: '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02',
  type: 'savings',
};
const goalSet = (targetCents: number) =>
  SavingsGoalSet.create({
    accountId: account.accountId,
    customerId: account.customerId,
    targetCents,
  });
const goal = deciderSpecification(savingsGoalAggregate, decideSavingsGoal);
const setGoal = (targetCents: number) => ({ type: 'SetGoal' as const, account, targetCents });

describe('deciderSpecification', () => {
  it('folds the given events, step by step or at once, with the aggregate', () => {
    const changed = goal.given(goalSet(100_00)).and(goalSet(250_00));
    expect(changed.state.targetCents).toBe(250_00);
    expect(goal.given(goalSet(100_00), goalSet(250_00)).state).toEqual(changed.state);
    expect(stateAfter(savingsGoalAggregate, goalSet(100_00))).toEqual(
      goal.given(goalSet(100_00)).state,
    );
  });

  it('fails a then whose events differ, and answers the events decided', () => {
    const none = goal.given();
    expect(none.when(setGoal(5_00)).then([{ type: 'SavingsGoalSet' }])).toHaveLength(1);
    expect(() => none.when(setGoal(5_00)).then([{ type: 'SavingsGoalRemoved' }])).toThrow();
    expect(() => none.when(setGoal(5_00)).then([])).toThrow();
    expect(() => none.when(setGoal(5_00)).thenNothingHappened()).toThrow();
    goal.given(goalSet(5_00)).when(setGoal(5_00)).thenNothingHappened();
  });

  it('fails a thenRefuses when the command is accepted, or refused with other words', () => {
    const none = goal.given();
    none.when(setGoal(0)).thenRefuses('The goal must be at least $0.01.', 'target_amount');
    expect(() => none.when(setGoal(1)).thenRefuses('The goal must be at least $0.01.')).toThrow(
      /expected the command to be refused/,
    );
    expect(() => none.when(setGoal(0)).thenRefuses('The goal must be')).toThrow();
    expect(() =>
      none.when(setGoal(0)).thenRefuses('The goal must be at least $0.01.', 'amount'),
    ).toThrow();
  });

  it('reads a planned event back through the catalogue, refusing one of another type', () => {
    const set = goalSet(1_00);
    expect(plannedEvent(set, 'SavingsGoalSet')).toEqual({ type: 'SavingsGoalSet', data: set.data });
    expect(() => plannedEvent(set, 'SavingsGoalRemoved')).toThrow();
  });
});
