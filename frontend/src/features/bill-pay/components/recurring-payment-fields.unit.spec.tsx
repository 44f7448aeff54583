import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { RecurringPaymentFields } from './recurring-payment-fields';

type Values = {
  amount: string;
  is_recurring: boolean;
  recurring_frequency: string;
  recurring_end_date: string;
};

let submitted: Values | null = null;

function Form() {
  const form = useForm<Values>({
    defaultValues: {
      amount: '5',
      is_recurring: false,
      recurring_frequency: '',
      recurring_end_date: '',
    },
  });
  return (
    <form
      onSubmit={form.handleSubmit((values) => {
        submitted = values;
      })}
    >
      <RecurringPaymentFields form={form} today="2026-12-01" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('recurring payment fields', () => {
  it('show the frequency and end date once ticked, and give their values to the form', async () => {
    const user = userEvent.setup();
    render(<Form />);
    expect(screen.queryByLabelText('Frequency')).toBeNull();
    await user.click(screen.getByLabelText('Make this a recurring payment'));
    await user.selectOptions(screen.getByLabelText('Frequency'), 'monthly');
    const end = screen.getByLabelText(/End Date/);
    expect(end.getAttribute('min')).toBe('2026-12-01');
    await user.type(end, '2027-06-30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual({
      amount: '5',
      is_recurring: true,
      recurring_frequency: 'monthly',
      recurring_end_date: '2027-06-30',
    });
    await user.click(screen.getByLabelText('Make this a recurring payment'));
    expect(screen.queryByLabelText('Frequency')).toBeNull();
  });
});
