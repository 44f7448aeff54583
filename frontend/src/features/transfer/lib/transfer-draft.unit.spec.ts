import { describe, expect, it } from 'vitest';
import { emptyTransferForm } from '../api/create-transfer';
import { forgetTransferDraft, loadTransferDraft, saveTransferDraft } from './transfer-draft';

const values = { ...emptyTransferForm('2026-12-06'), fromAccount: 'a1', amount: '42.75' };

describe('the transfer draft kept in this tab', () => {
  it('gives back what was kept, with the key of the attempt reviewed', () => {
    saveTransferDraft({ type: 'between-accounts', values, reviewKey: 'key-1' });
    expect(loadTransferDraft('between-accounts')).toEqual({
      type: 'between-accounts',
      values,
      reviewKey: 'key-1',
    });
  });

  it('is not a draft for a wizard of another type', () => {
    saveTransferDraft({ type: 'between-accounts', values, reviewKey: null });
    expect(loadTransferDraft('external-bank')).toBeNull();
  });

  it("keeps only the form's own fields", () => {
    const withMore = { ...values, code: '123456', cardNumber: '4111111111111111' };
    saveTransferDraft({ type: 'between-accounts', values: withMore, reviewKey: null });
    const kept = window.sessionStorage.getItem('draft:transfer') ?? '';
    expect(kept).not.toContain('123456');
    expect(kept).not.toContain('4111');
    expect(loadTransferDraft('between-accounts')?.values).toEqual(values);
  });

  it('reads nothing from a kept value that is not a transfer form', () => {
    window.sessionStorage.setItem('draft:transfer', '{"type":"between-accounts","values":{}}');
    expect(loadTransferDraft('between-accounts')).toBeNull();
    window.sessionStorage.setItem('draft:transfer', 'not json');
    expect(loadTransferDraft('between-accounts')).toBeNull();
  });

  it('is gone once forgotten', () => {
    saveTransferDraft({ type: 'sepa', values, reviewKey: null });
    forgetTransferDraft();
    expect(loadTransferDraft('sepa')).toBeNull();
  });
});
