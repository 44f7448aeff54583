import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from './server-errors';

type Form = { name: string; account: string; amount: string };

describe('serverFieldErrors', () => {
  it('puts each refusal under its field and the focus in the first of them, in the form’s order', () => {
    const set: [string, string, boolean][] = [];
    const refused = new ApiError('Validation failed', 422, {
      amount: ['Too much'],
      iban: ['Not an IBAN'],
      memo: ['Unknown field'],
    });
    const first = serverFieldErrors<Form>(
      refused,
      (field, error, options) =>
        set.push([field, error.message ?? '', options?.shouldFocus ?? false]),
      { iban: 'account' },
      ['name', 'account', 'amount'],
    );
    expect(first).toBe('account');
    expect(set).toEqual([
      ['account', 'Not an IBAN', true],
      ['amount', 'Too much', false],
    ]);
  });

  it('sets nothing for a refusal that names no field, or an error that is not the bank’s', () => {
    const none = () => {
      throw new Error('no field error expected');
    };
    expect(serverFieldErrors<Form>(new ApiError('Limit reached', 409), none)).toBeNull();
    expect(serverFieldErrors<Form>(new Error('offline'), none)).toBeNull();
  });
});
