import { describe, expect, it } from 'vitest';
import { cardLimitsSchema } from './update-card-limits';

const atmProblem = (daily_atm_limit: string) => {
  const result = cardLimitsSchema.safeParse({ daily_atm_limit, daily_purchase_limit: '' });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('the card limits form', () => {
  it('says what is wrong with a limit in the words of the fault', () => {
    expect(atmProblem('-100')).toBe('The daily ATM limit must be more than $0.00.');
    expect(atmProblem('0')).toBe('The daily ATM limit must be more than $0.00.');
    expect(atmProblem('12.345')).toBe(
      'The daily ATM limit must be an amount in dollars with at most 2 decimals.',
    );
    expect(atmProblem('lots')).toBe('The daily ATM limit must be an amount in dollars.');
    expect(atmProblem('5000.01')).toBe('The daily ATM limit can be at most $5,000.00.');
    expect(atmProblem('500')).toBeNull();
    expect(atmProblem('')).toBeNull();
  });
});
