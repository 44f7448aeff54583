import { describe, expect, it } from 'vitest';
import { account } from '@/testing/fixtures';
import { emptyTransferForm } from '../api/create-transfer';
import { bankToday, lastSchedulableDate } from '../lib/transfer-types';
import { processingText, reviewRows } from './transfer-review';

const TODAY = '2026-12-01';

describe('processingText', () => {
  it('gives the type’s processing time for a transfer sent now', () => {
    expect(processingText('same-bank', { transferDate: TODAY, frequency: '' }, TODAY)).toBe(
      'Instant',
    );
    expect(processingText('external-bank', { transferDate: TODAY, frequency: '' }, TODAY)).toBe(
      '1-3 business days',
    );
  });

  it('says when a transfer for a later date is sent, not that it is instant', () => {
    expect(
      processingText('between-accounts', { transferDate: '2026-12-05', frequency: '' }, TODAY),
    ).toBe('Sent on Dec 5, 2026, arrives the same day');
    expect(
      processingText('external-bank', { transferDate: '2026-12-05', frequency: '' }, TODAY),
    ).toBe('Sent on Dec 5, 2026, arrives in 1-3 business days');
  });

  it('says when the first transfer of a repeat is sent', () => {
    expect(
      processingText('same-bank', { transferDate: '2027-01-15', frequency: 'monthly' }, TODAY),
    ).toBe('First sent on Jan 15, 2027, arrives the same day');
    expect(processingText('same-bank', { transferDate: TODAY, frequency: 'weekly' }, TODAY)).toBe(
      'First sent today, arrives the same day',
    );
  });
});

describe('reviewRows', () => {
  it('tells the time a transfer dated later is sent in the review', () => {
    const later = lastSchedulableDate(bankToday());
    const rows = new Map(
      reviewRows(
        'between-accounts',
        { ...emptyTransferForm(bankToday()), transferDate: later },
        [],
      ),
    );
    expect(rows.get('Processing time')).toMatch(
      /^Sent on \w{3} \d{1,2}, \d{4}, arrives the same day$/,
    );
  });

  it('masks the account number the way every other screen does', () => {
    for (const [typed, shown] of [
      ['000123457892', '•••• •••• 7892'],
      ['0001 2345 7892', '•••• •••• 7892'],
      ['****7892', '•••• •••• 7892'],
    ] as const) {
      const rows = new Map(
        reviewRows(
          'external-bank',
          { ...emptyTransferForm(bankToday()), externalAccountNumber: typed },
          [],
        ),
      );
      expect(rows.get('Account number')).toBe(shown);
    }
  });

  it('writes a recipient’s phone number as the scheduled transfers list does', () => {
    const rows = new Map(
      reviewRows(
        'same-bank',
        { ...emptyTransferForm(bankToday()), recipientPhone: '207-555-0143' },
        [],
        'Dana Whitfield',
      ),
    );
    expect(rows.get('To')).toBe('Dana Whitfield ((207) 555-0143)');
  });

  it('names From and To by their last four when two accounts share a name', () => {
    const business = (id: string, last4: string) =>
      account({
        id,
        name: 'Business Checking',
        account_name: 'Business Checking',
        account_number: `40001111${last4}`,
        formatted_account_number: `****${last4}`,
      });
    const rows = new Map(
      reviewRows(
        'between-accounts',
        { ...emptyTransferForm(bankToday()), fromAccount: 'b1', toAccount: 'b2' },
        [business('b1', '8989'), business('b2', '4417')],
      ),
    );
    expect(rows.get('From')).toBe('Business Checking ••8989');
    expect(rows.get('To')).toBe('Business Checking ••4417');
  });
});
