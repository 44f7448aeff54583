import { useState } from 'react';
import { SelectField, TextField } from '@/components/ui/field';
import {
  formatPayment,
  LOAN_TERMS_YEARS,
  LOAN_TYPES,
  monthlyPayment,
} from '../lib/loan-calculator';

/** Amount, rate (step 0.01), term 5–30 years and loan type; the payment shows 0.00 until all are filled. */
export function LoanCalculator() {
  const [loanType, setLoanType] = useState<string>('mortgage');
  const [amount, setAmount] = useState('');
  const [rate, setRate] = useState('');
  const [termYears, setTermYears] = useState('');
  const payment = monthlyPayment({ amount, rate, termYears });
  return (
    <div className="calc">
      <form
        className="form"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Loan payment calculator"
      >
        <SelectField
          label="Loan type"
          value={loanType}
          onChange={(e) => setLoanType(e.target.value)}
        >
          {LOAN_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Loan amount ($)"
          type="number"
          inputMode="decimal"
          min={0}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <div className="form-row">
          <TextField
            label="Interest rate (%)"
            type="number"
            inputMode="decimal"
            step={0.01}
            min={0}
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
          <SelectField
            label="Loan term"
            value={termYears}
            onChange={(e) => setTermYears(e.target.value)}
          >
            <option value="">Select term</option>
            {LOAN_TERMS_YEARS.map((y) => (
              <option key={y} value={y}>
                {y} years
              </option>
            ))}
          </SelectField>
        </div>
      </form>
      <div className="calc__result">
        <p>Estimated monthly payment</p>
        <p className="calc__amount tabular" aria-live="polite" data-testid="monthly-payment">
          ${formatPayment(payment)}
        </p>
        <p className="calc__note">
          Principal and interest only. Taxes and insurance not included. For illustration; not a
          loan offer.
        </p>
      </div>
    </div>
  );
}
