import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import {
  customerAggregate,
  decideCustomer,
  NEW_PASSWORD_IS_CURRENT,
  type CustomerState,
} from './customer.ts';

const customer = (): CustomerState => ({
  ...customerAggregate.initial(),
  registered: true,
  customerId: '00000000-0000-4000-8000-000000000009',
});

const changePassword = (reason: 'changed' | 'reset', newPasswordIsCurrent: boolean) =>
  decideCustomer(
    {
      type: 'ChangePassword',
      currentPasswordValid: true,
      newPasswordIsCurrent,
      newPasswordHash: 'new-hash',
      reason,
    },
    customer(),
  );

describe('a new password', () => {
  it.each(['changed', 'reset'] as const)(
    'is refused when it is the current one (%s), on the new password field',
    (reason) => {
      const refusal = (() => {
        try {
          changePassword(reason, true);
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({
        reason: 'same_password',
        message: NEW_PASSWORD_IS_CURRENT,
        field: 'new_password',
      });
    },
  );

  it.each(['changed', 'reset'] as const)('is taken when it is another one (%s)', (reason) => {
    expect(changePassword(reason, false)).toHaveLength(1);
  });
});
