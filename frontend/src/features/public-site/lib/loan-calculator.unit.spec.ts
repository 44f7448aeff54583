import { describe, expect, it } from 'vitest';
import { formatPayment, monthlyPayment } from './loan-calculator';

describe('loan payment calculator', () => {
  it('shows 0.00 until amount, rate and term are all filled in', () => {
    expect(formatPayment(monthlyPayment({ amount: '', rate: '6.25', termYears: '30' }))).toBe(
      '0.00',
    );
    expect(formatPayment(monthlyPayment({ amount: '300000', rate: '', termYears: '30' }))).toBe(
      '0.00',
    );
    expect(formatPayment(monthlyPayment({ amount: '300000', rate: '6.25', termYears: '' }))).toBe(
      '0.00',
    );
  });

  it('computes the standard amortised payment rounded to cents', () => {
    // $300,000 at 6.25% over 30 years
    expect(monthlyPayment({ amount: '300000', rate: '6.25', termYears: '30' })).toBe(1847.15);
    // $25,000 auto loan at 4.99% over 5 years
    expect(monthlyPayment({ amount: '25000', rate: '4.99', termYears: '5' })).toBe(471.67);
    expect(formatPayment(1847.15)).toBe('1,847.15');
  });

  it('spreads a zero-rate loan evenly instead of dividing by zero', () => {
    expect(monthlyPayment({ amount: '12000', rate: '0', termYears: '5' })).toBe(200);
  });
});
