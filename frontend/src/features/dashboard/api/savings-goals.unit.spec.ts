import { SAVINGS_GOAL_MESSAGES } from '@bank/contracts/savings-goal-rules';
import { describe, expect, it } from 'vitest';
import { goalAmountError } from './savings-goals';

describe('the savings goal as typed', () => {
  it('accepts money as customers write it', () => {
    for (const text of ['20000', '$20,000', '$20,000.50', '20,000', '$ 1,500.5'])
      expect(goalAmountError(text), text).toBeNull();
  });

  it('refuses junk, misplaced separators and more than 2 decimals', () => {
    expect(goalAmountError(' ')).toBe(SAVINGS_GOAL_MESSAGES.required);
    for (const text of ['abc', '12.345', '2,00', '$20,0000', '20000$'])
      expect(goalAmountError(text), text).toBe(SAVINGS_GOAL_MESSAGES.notWholeCents);
    expect(goalAmountError('$0.00')).toBe(SAVINGS_GOAL_MESSAGES.notPositive);
    expect(goalAmountError('$20,000,000')).toBe(SAVINGS_GOAL_MESSAGES.tooLarge);
  });
});
