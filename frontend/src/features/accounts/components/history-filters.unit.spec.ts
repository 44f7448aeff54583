import { describe, expect, it } from 'vitest';
import { filterProblems, type FilterValues } from './history-filters';

const filters = (v: Partial<FilterValues>): FilterValues => ({
  from: '',
  to: '',
  type: '',
  min: '',
  max: '',
  ...v,
});

describe('filterProblems', () => {
  it('refuses what the bank refuses, by field', () => {
    expect(filterProblems(filters({ min: '12.345' }))).toEqual({
      min: 'The minimum amount must be 0 or more, with at most 2 decimals.',
    });
    expect(filterProblems(filters({ max: '-5' }))).toEqual({
      max: 'The maximum amount must be 0 or more, with at most 2 decimals.',
    });
    expect(filterProblems(filters({ min: '10', max: '9.99' }))).toEqual({
      max: 'The maximum amount must not be less than the minimum amount.',
    });
    expect(filterProblems(filters({ from: '2026-11-20', to: '2026-11-01' }))).toEqual({
      to: 'The to date must not be before the from date.',
    });
  });

  it('compares amounts by their cents', () => {
    expect(filterProblems(filters({ min: '0.1', max: '0.10' }))).toEqual({});
    expect(filterProblems(filters({ min: '9.5', max: '10' }))).toEqual({});
    expect(filterProblems(filters({ from: '2026-11-01', to: '2026-11-01' }))).toEqual({});
  });
});
