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

  it('says how long a company name and an address may be, in words, not zod’s', () => {
    const result = payeeSchema.safeParse({
      ...payee,
      category: 'utilities',
      name: 'N'.repeat(101),
      address: 'A'.repeat(256),
      city: 'C'.repeat(101),
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [String(i.path[0]), i.message]),
    );
    expect(messages).toEqual({
      name: 'The company name may not be greater than 100 characters.',
      address: 'The address field must not be greater than 255 characters.',
      city: 'The city field must not be greater than 100 characters.',
    });
  });
});
