import { SAVINGS_GOAL_MAX_CENTS, SAVINGS_GOAL_MESSAGES } from '@bank/contracts/savings-goal-rules';
import { formatUsd, type BankEvent } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import {
  decideSavingsGoal,
  savingsGoalAggregate,
  type GoalAccount,
  type SavingsGoalState,
} from './savings-goal.ts';
import {
  categoryOverridesAggregate,
  decideRecategorise,
  type CategoryOverridesState,
} from './transaction-category.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const savings: GoalAccount = {
  accountId: '7a1c2b9e-3a4d-4e5f-8a7b-9c0d1e2f3a41',
  customerId,
  type: 'savings',
};

const goalAfter = (...events: { type: string; data: unknown }[]): SavingsGoalState =>
  events.reduce(
    (state, e) => savingsGoalAggregate.evolve(state, e as BankEvent),
    savingsGoalAggregate.initial(),
  );

describe('savings goal decider', () => {
  it('sets, changes and removes a goal, and repeats change nothing', () => {
    const set = decideSavingsGoal(
      { type: 'SetGoal', account: savings, targetCents: 5_000_00 },
      goalAfter(),
    );
    expect(set).toEqual([
      expect.objectContaining({
        type: 'SavingsGoalSet',
        data: { accountId: savings.accountId, customerId, targetCents: 5_000_00 },
      }),
    ]);
    const withGoal = goalAfter(...set);
    expect(withGoal.targetCents).toBe(5_000_00);
    expect(
      decideSavingsGoal({ type: 'SetGoal', account: savings, targetCents: 5_000_00 }, withGoal),
    ).toEqual([]);
    const changed = decideSavingsGoal(
      { type: 'SetGoal', account: savings, targetCents: 7_500_00 },
      withGoal,
    );
    expect(goalAfter(...set, ...changed).targetCents).toBe(7_500_00);
    const removed = decideSavingsGoal({ type: 'RemoveGoal', account: savings }, withGoal);
    expect(removed.map((e) => e.type)).toEqual(['SavingsGoalRemoved']);
    expect(goalAfter(...set, ...removed).targetCents).toBeNull();
    expect(decideSavingsGoal({ type: 'RemoveGoal', account: savings }, goalAfter())).toEqual([]);
  });

  it.each([
    [0, SAVINGS_GOAL_MESSAGES.notPositive],
    [-1, SAVINGS_GOAL_MESSAGES.notPositive],
    [10.5, SAVINGS_GOAL_MESSAGES.notWholeCents],
    [Number.NaN, SAVINGS_GOAL_MESSAGES.notWholeCents],
    [SAVINGS_GOAL_MAX_CENTS + 1, SAVINGS_GOAL_MESSAGES.tooLarge],
  ])('refuses a target of %s cents on the amount field', (targetCents, message) => {
    const decide = () =>
      decideSavingsGoal({ type: 'SetGoal', account: savings, targetCents }, goalAfter());
    expect(decide).toThrow(new DomainError('invalid', message, 'target_amount'));
    try {
      decide();
    } catch (error) {
      expect((error as DomainError).field).toBe('target_amount');
    }
  });

  it('accepts the largest goal and refuses any goal on an account that is not savings', () => {
    expect(
      decideSavingsGoal(
        { type: 'SetGoal', account: savings, targetCents: SAVINGS_GOAL_MAX_CENTS },
        goalAfter(),
      ),
    ).toHaveLength(1);
    expect(() =>
      decideSavingsGoal(
        { type: 'SetGoal', account: { ...savings, type: 'checking' }, targetCents: 100 },
        goalAfter(),
      ),
    ).toThrow(SAVINGS_GOAL_MESSAGES.notSavings);
  });

  it('names the largest goal in its message as the bank formats money', () => {
    expect(SAVINGS_GOAL_MESSAGES.tooLarge).toBe(
      `The goal can be at most ${formatUsd(SAVINGS_GOAL_MAX_CENTS)}.`,
    );
  });
});

describe('recategorising a transaction', () => {
  const tx = {
    transactionId: 'entry:account:debit',
    customerId,
    defaultCategory: 'shopping' as const,
  };
  const overridesAfter = (...events: { type: string; data: unknown }[]): CategoryOverridesState =>
    events.reduce(
      (state, e) => categoryOverridesAggregate.evolve(state, e as BankEvent),
      categoryOverridesAggregate.initial(),
    );

  it('records the customer’s choice, and the default category again removes it', () => {
    const moved = decideRecategorise(tx, 'groceries', overridesAfter());
    expect(moved).toEqual([
      expect.objectContaining({
        type: 'TransactionRecategorised',
        data: { customerId, transactionId: tx.transactionId, category: 'groceries' },
      }),
    ]);
    const state = overridesAfter(...moved);
    expect(state.overrides.get(tx.transactionId)).toBe('groceries');
    expect(decideRecategorise(tx, 'groceries', state)).toEqual([]);
    const back = decideRecategorise(tx, 'shopping', state);
    expect(back[0]!.data.category).toBeNull();
    expect(overridesAfter(...moved, ...back).overrides.has(tx.transactionId)).toBe(false);
    // The default category of a transaction never moved is no change at all.
    expect(decideRecategorise(tx, 'shopping', overridesAfter())).toEqual([]);
  });
});
