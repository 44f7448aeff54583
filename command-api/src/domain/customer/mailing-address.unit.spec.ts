import { describe, expect, it } from 'vitest';
import { changesMailingAddress, isMailingAddress, type MailingAddress } from './customer.ts';

const onFile: MailingAddress = {
  address: '48 Commercial Street',
  city: 'Portland',
  state: 'ME',
  zipCode: '04101',
};

describe('the mailing address on file', () => {
  it('is the same address written with other case, punctuation or spacing', () => {
    expect(changesMailingAddress(onFile, { address: ' 48  commercial street. ' })).toBe(false);
    expect(changesMailingAddress(onFile, { city: 'PORTLAND', state: 'me' })).toBe(false);
    expect(isMailingAddress(onFile, '48 Commercial Street, Portland, ME 04101')).toBe(true);
    expect(isMailingAddress(onFile, '')).toBe(true);
  });

  it('reads full-width characters as the letters and digits they show', () => {
    expect(changesMailingAddress(onFile, { address: '４８ Ｃｏｍｍｅｒｃｉａｌ Street' })).toBe(
      false,
    );
    expect(changesMailingAddress(onFile, { address: '48 Commercial Street #１２' })).toBe(true);
  });

  it('counts a flat or a house number in any script as another address', () => {
    for (const flat of ['#12', '#１２', '#\u0669', 'Apt Ⅸ', 'Wohnung ä', 'квартира 3']) {
      expect(changesMailingAddress(onFile, { address: `48 Commercial Street ${flat}` })).toBe(true);
      expect(isMailingAddress(onFile, `48 Commercial Street ${flat}, Portland, ME 04101`)).toBe(
        false,
      );
    }
  });
});
