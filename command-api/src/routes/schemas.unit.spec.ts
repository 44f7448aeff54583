import { describe, expect, it } from 'vitest';
import { dateOfBirth } from './schemas.ts';

const problems = (text: string) => {
  const parsed = dateOfBirth.safeParse(text);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('a date of birth', () => {
  it('is told once what is wrong with a date that is wrong in several ways', () => {
    const invalid = 'The date of birth must be a valid date (YYYY-MM-DD).';
    for (const text of ['1800-02-30', '2030-02-30', '1899-12-31', '2001-13-01']) {
      expect(problems(text), text).toEqual([invalid]);
    }
  });

  it('takes a real day of an adult, and refuses a minor with its own reason', () => {
    expect(problems('1980-02-29')).toEqual([]);
    const minor = problems(`${new Date().getUTCFullYear() - 10}-06-15`);
    expect(minor).toHaveLength(1);
    expect(minor[0]).not.toBe('The date of birth must be a valid date (YYYY-MM-DD).');
  });
});
