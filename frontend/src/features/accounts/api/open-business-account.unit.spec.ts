import { BUSINESS_MESSAGES } from '@bank/contracts/business-account-rules';
import { describe, expect, it } from 'vitest';
import {
  businessAccountSchema,
  emptyBusinessAccountForm,
  formatEin,
} from './open-business-account';

describe('formatEin', () => {
  it('shows the digits typed as the IRS writes an EIN, and no more than nine', () => {
    expect(formatEin('4')).toBe('4');
    expect(formatEin('45')).toBe('45');
    expect(formatEin('453')).toBe('45-3');
    expect(formatEin('453187296')).toBe('45-3187296');
    expect(formatEin('45-3187296')).toBe('45-3187296');
    expect(formatEin('45 31a87296 99')).toBe('45-3187296');
  });
});

describe('the business account form', () => {
  it('says what each field needs, with the messages the server uses', () => {
    const result = businessAccountSchema.safeParse(emptyBusinessAccountForm);
    expect(result.success).toBe(false);
    expect(result.error!.flatten().fieldErrors).toEqual({
      business_name: [BUSINESS_MESSAGES.nameRequired],
      ein: [BUSINESS_MESSAGES.einFormat],
      business_type: [BUSINESS_MESSAGES.typeRequired],
      authorized: [BUSINESS_MESSAGES.authorized],
    });
  });

  it('takes a filled-in form', () => {
    expect(
      businessAccountSchema.safeParse({
        business_name: 'Rivera Landscaping LLC',
        ein: '45-3187296',
        business_type: 'llc',
        authorized: true,
      }).success,
    ).toBe(true);
  });
});
