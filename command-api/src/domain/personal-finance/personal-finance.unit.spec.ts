import { SAVINGS_GOAL_MAX_CENTS, SAVINGS_GOAL_MESSAGES } from '@bank/contracts/savings-goal-rules';
import { formatUsd, type TransactionCategory } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { deciderSpecification } from '../../kernel/decider-specification.ts';
import { decideSavingsGoal, savingsGoalAggregate, type GoalAccount } from './savings-goal.ts';
import { categoryOverridesAggregate, decideRecategorise } from './transaction-category.ts';

const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';
const savings: GoalAccount = {
  accountId: '7a1c2b9e-3a4d-4e5f-8a7b-9c0d1e2f3a41',
  customerId,
  type: 'savings',
};

const goal = deciderSpecification(savingsGoalAggregate, decideSavingsGoal);
const goalAfter = (...events: Parameters<typeof goal.given>) => goal.given(...events).state;

describe('savings goal decider', () => {
  it('sets, changes and removes a goal, and repeats change nothing', () => {
    const set = goal
      .given()
      .when({ type: 'SetGoal', account: savings, targetCents: 5_000_00 })
      .then([{ type: 'SavingsGoalSet' }]);
    expect(set).toEqual([
      expect.objectContaining({
        type: 'SavingsGoalSet',
        data: { accountId: savings.accountId, customerId, targetCents: 5_000_00 },
      }),
    ]);
    const withGoal = goal.given(...set);
    expect(withGoal.state.targetCents).toBe(5_000_00);
    withGoal
      .when({ type: 'SetGoal', account: savings, targetCents: 5_000_00 })
      .thenNothingHappened();
    const changed = withGoal
      .when({ type: 'SetGoal', account: savings, targetCents: 7_500_00 })
      .then([{ type: 'SavingsGoalSet' }]);
    expect(goalAfter(...set, ...changed).targetCents).toBe(7_500_00);
    const removed = withGoal
      .when({ type: 'RemoveGoal', account: savings })
      .then([{ type: 'SavingsGoalRemoved' }]);
    expect(goalAfter(...set, ...removed).targetCents).toBeNull();
    goal.given().when({ type: 'RemoveGoal', account: savings }).thenNothingHappened();
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
  const overrides = deciderSpecification(
    categoryOverridesAggregate,
    (category: TransactionCategory, state) => decideRecategorise(tx, category, state),
  );

  it('records the customer’s choice, and the default category again removes it', () => {
    const moved = overrides
      .given()
      .when('groceries')
      .then([{ type: 'TransactionRecategorised' }]);
    expect(moved).toEqual([
      expect.objectContaining({
        type: 'TransactionRecategorised',
        data: { customerId, transactionId: tx.transactionId, category: 'groceries' },
      }),
    ]);
    const groceries = overrides.given(...moved);
    expect(groceries.state.overrides.get(tx.transactionId)).toBe('groceries');
    groceries.when('groceries').thenNothingHappened();
    const back = groceries.when('shopping').then([{ data: { category: null } }]);
    expect(back[0]!.data.category).toBeNull();
    expect(overrides.given(...moved, ...back).state.overrides.has(tx.transactionId)).toBe(false);
    // The default category of a transaction never moved is no change at all.
    overrides.given().when('shopping').thenNothingHappened();
  });
});
