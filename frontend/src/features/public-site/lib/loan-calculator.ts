// The loans page payment calculator.

export const LOAN_TERMS_YEARS = [5, 10, 15, 20, 25, 30] as const;

export const LOAN_TYPES = [
  { value: 'mortgage', label: 'Mortgage' },
  { value: 'auto', label: 'Auto Loan' },
  { value: 'personal', label: 'Personal Loan' },
  { value: 'home-equity', label: 'Home Equity' },
] as const;

export type LoanInput = { amount: string; rate: string; termYears: string };

/**
 * The standard amortised monthly payment, rounded to 2 decimals: annual rate / 12 over years × 12
 * months. Returns 0 until amount, rate and term are all filled in. A 0% rate is the principal
 * spread evenly over the months (the formula would divide by zero).
 */
export function monthlyPayment({ amount, rate, termYears }: LoanInput): number {
  if (amount.trim() === '' || rate.trim() === '' || termYears.trim() === '') return 0;
  const principal = Number(amount);
  const annualRate = Number(rate);
  const months = Number(termYears) * 12;
  if (
    !Number.isFinite(principal) ||
    !Number.isFinite(annualRate) ||
    !(months > 0) ||
    principal <= 0 ||
    annualRate < 0
  )
    return 0;
  const r = annualRate / 100 / 12;
  const payment = r === 0 ? principal / months : (principal * r) / (1 - Math.pow(1 + r, -months));
  return Math.round(payment * 100) / 100;
}

/** "0.00" until the form is complete, then the payment with two decimals and thousands separators. */
export function formatPayment(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
