import { describe, expect, it } from 'vitest';
import { emptyPayeeForm, payeeSchema } from './add-payee';

const payee = { ...emptyPayeeForm, name: 'City Water', account_number: '55667788' };
const phoneErrors = (phone: string) => {
  const result = payeeSchema.safeParse({ ...payee, phone });
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === 'phone');
};

describe('the payee form', () => {
  it('says a phone that is not a phone number is wrong, before the server does', () => {
    for (const phone of ['zz', '12', '555-CALL-NOW']) {
      expect(phoneErrors(phone).map((i) => i.message)).toEqual([
        'The phone must be a valid phone number.',
      ]);
    }
  });

  it('leaves the phone optional and takes the usual ways of writing one', () => {
    for (const phone of ['', '(207) 555-0142', '+1 207.555.0142']) {
      expect(phoneErrors(phone)).toEqual([]);
    }
  });
});
