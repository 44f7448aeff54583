import { describe, expect, it } from 'vitest';
import { BILL_PAY_MESSAGES } from '@bank/contracts';
import {
  editPaymentPayload,
  editPaymentSchema,
  type EditPaymentForm,
} from './scheduled-payment-controls';

const today = '2031-03-01';
const valid: EditPaymentForm = {
  from_account_id: 'acct-1',
  amount: '55.25',
  scheduled_date: '2031-03-12',
  is_recurring: true,
  recurring_frequency: 'monthly',
  recurring_end_date: '',
};

function messages(values: Partial<EditPaymentForm>) {
  const parsed = editPaymentSchema(today).safeParse({ ...valid, ...values });
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
}

describe('the Edit Payment form', () => {
  it('gives the messages of Schedule Payment', () => {
    expect(messages({})).toEqual({});
    expect(messages({ amount: '' })).toEqual({ amount: BILL_PAY_MESSAGES.amountRequired });
    expect(messages({ amount: '1.234' })).toEqual({ amount: BILL_PAY_MESSAGES.amountFormat });
    expect(messages({ amount: '0' })).toEqual({ amount: BILL_PAY_MESSAGES.minimum });
    expect(messages({ scheduled_date: '2031-02-28' })).toEqual({
      scheduled_date: BILL_PAY_MESSAGES.datePast,
    });
    expect(messages({ scheduled_date: '2032-03-01' })).toEqual({});
    expect(messages({ scheduled_date: '2032-03-02' })).toEqual({
      scheduled_date: BILL_PAY_MESSAGES.dateTooFar,
    });
    expect(messages({ recurring_frequency: '' })).toEqual({
      recurring_frequency: BILL_PAY_MESSAGES.frequency,
    });
    expect(messages({ from_account_id: '' })).toEqual({
      from_account_id: BILL_PAY_MESSAGES.fromAccount,
    });
  });

  it('ends a repeating payment on or after its date, as the server allows', () => {
    expect(messages({ recurring_end_date: valid.scheduled_date })).toEqual({});
    expect(messages({ recurring_end_date: '2031-03-11' })).toEqual({
      recurring_end_date: BILL_PAY_MESSAGES.endBeforeStart,
    });
  });

  it('sends no frequency or end for a one-off payment', () => {
    expect(
      editPaymentPayload({ ...valid, is_recurring: false, recurring_end_date: '2031-12-01' }),
    ).toEqual({
      from_account_id: 'acct-1',
      amount: 55.25,
      scheduled_date: '2031-03-12',
      is_recurring: false,
      recurring_frequency: undefined,
      recurring_end_date: undefined,
    });
  });
});
