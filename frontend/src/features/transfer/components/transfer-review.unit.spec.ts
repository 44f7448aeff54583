import { describe, expect, it } from 'vitest';
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
});
