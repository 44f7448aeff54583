import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, checkBusinessName, checkEin } from './business-account-rules.ts';

describe('checkEin', () => {
  it('takes nine digits with or without the dash', () => {
    expect(checkEin('12-3456789')).toEqual({ digits: '123456789' });
    expect(checkEin('123456789')).toEqual({ digits: '123456789' });
    expect(checkEin(' 45-1234567 ')).toEqual({ digits: '451234567' });
  });

  it.each(['', '12-345678', '1234567890', '123-456789', '12 3456789', 'ab-cdefghi', '12--3456789'])(
    'refuses %j as not written like an EIN',
    (text) => {
      expect(checkEin(text)).toEqual({ error: BUSINESS_MESSAGES.einFormat });
    },
  );

  // As the IRS lists them, written out again here rather than read from the rule.
  it.each('97 96 89 79 78 70 69 49 29 28 19 18 17 09 08 07 00'.split(' '))(
    'refuses the never-assigned prefix %s',
    (prefix) => {
      expect(checkEin(`${prefix}-1234567`)).toEqual({ error: BUSINESS_MESSAGES.einNotIssued });
    },
  );

  it('refuses nine of the same digit, and takes the prefixes next to the unassigned ones', () => {
    expect(checkEin('22-2222222')).toEqual({ error: BUSINESS_MESSAGES.einNotIssued });
    expect(checkEin('111111111')).toEqual({ error: BUSINESS_MESSAGES.einNotIssued });
    for (const prefix of ['01', '06', '10', '16', '20', '27', '30', '48', '50', '68', '71', '77']) {
      expect(checkEin(`${prefix}-1234567`)).toEqual({ digits: `${prefix}1234567` });
    }
    expect(checkEin('80-1234567')).toEqual({ digits: '801234567' });
    expect(checkEin('98-7654321')).toEqual({ digits: '987654321' });
  });
});

describe('checkBusinessName', () => {
  it('trims, and takes 2 to 100 characters', () => {
    expect(checkBusinessName('  Rivera Landscaping LLC ')).toEqual({
      name: 'Rivera Landscaping LLC',
    });
    expect(checkBusinessName('AB')).toEqual({ name: 'AB' });
    expect(checkBusinessName('x'.repeat(100))).toEqual({ name: 'x'.repeat(100) });
  });

  it('refuses empty, too short, too long and control characters', () => {
    expect(checkBusinessName('   ')).toEqual({ error: BUSINESS_MESSAGES.nameRequired });
    expect(checkBusinessName(' A ')).toEqual({ error: BUSINESS_MESSAGES.nameLength });
    expect(checkBusinessName('x'.repeat(101))).toEqual({ error: BUSINESS_MESSAGES.nameLength });
    expect(checkBusinessName('Acme\nInc')).toEqual({ error: BUSINESS_MESSAGES.nameCharacters });
    expect(checkBusinessName('Acme\u202eInc')).toEqual({ error: BUSINESS_MESSAGES.nameCharacters });
  });
});
