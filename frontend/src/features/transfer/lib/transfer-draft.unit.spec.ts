import { describe, expect, it } from 'vitest';
import { emptyTransferForm } from '../api/create-transfer';
import {
  forgetTransferDraft,
  loadTransferDraft,
  reviewKeyFor,
  saveTransferDraft,
} from './transfer-draft';

const values = { ...emptyTransferForm('2026-12-06'), fromAccount: 'a1', amount: '42.75' };

describe('the transfer draft kept in this tab', () => {
  it('gives back what was kept, with the key of the attempt reviewed', () => {
    saveTransferDraft({ type: 'between-accounts', values, reviewKey: 'key-1' });
    expect(loadTransferDraft('between-accounts')).toEqual({
      type: 'between-accounts',
      values,
      reviewKey: 'key-1',
      retype: {},
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

  const external = {
    ...values,
    recipientName: 'Sam Lee',
    externalBankName: 'First Bank',
    externalAccountNumber: '000987654321',
    externalRoutingNumber: '021000021',
  };
  const sepa = {
    ...values,
    recipientName: 'Anna Weber',
    recipientIban: 'DE89 3704 0044 0532 0130 00',
  };

  it('keeps no typed account number or IBAN, only its last 4, for the form to ask again', () => {
    saveTransferDraft({ type: 'external-bank', values: external, reviewKey: 'key-2' });
    const kept = window.sessionStorage.getItem('draft:transfer') ?? '';
    expect(kept).not.toContain('98765');
    expect(kept).toContain('021000021'); // a routing number names a bank, not an account
    expect(loadTransferDraft('external-bank')).toEqual({
      type: 'external-bank',
      values: { ...external, externalAccountNumber: '' },
      reviewKey: 'key-2',
      retype: { externalAccountNumber: '4321' },
    });

    saveTransferDraft({ type: 'sepa', values: sepa, reviewKey: null });
    expect(window.sessionStorage.getItem('draft:transfer')).not.toMatch(/3704|0532/);
    expect(loadTransferDraft('sepa')).toMatchObject({
      values: { ...sepa, recipientIban: '' },
      retype: { recipientIban: '3000' },
    });
  });

  it('still asks for the number after another reload before it is typed again', () => {
    saveTransferDraft({ type: 'external-bank', values: external, reviewKey: 'key-3' });
    const restored = loadTransferDraft('external-bank')!;
    saveTransferDraft({
      ...restored,
      reviewKey: reviewKeyFor(restored, 'external-bank', restored.values),
    });
    expect(loadTransferDraft('external-bank')).toEqual(restored);
  });

  it('gives the reviewed key back only for the same transfer with the number typed again', () => {
    saveTransferDraft({ type: 'external-bank', values: external, reviewKey: 'key-4' });
    const restored = loadTransferDraft('external-bank')!;
    expect(reviewKeyFor(restored, 'external-bank', external)).toBe('key-4');
    expect(
      reviewKeyFor(restored, 'external-bank', { ...external, externalAccountNumber: '1111' }),
    ).toBeNull();
    expect(reviewKeyFor(restored, 'external-bank', { ...external, amount: '43' })).toBeNull();
    expect(reviewKeyFor(restored, 'sepa', external)).toBeNull();
  });

  it("keeps a saved recipient's masked account as it is: nothing to type again", () => {
    const saved = { ...external, savedRecipientId: 'r1', externalAccountNumber: '****4321' };
    saveTransferDraft({ type: 'external-bank', values: saved, reviewKey: 'key-5' });
    expect(loadTransferDraft('external-bank')).toEqual({
      type: 'external-bank',
      values: saved,
      reviewKey: 'key-5',
      retype: {},
    });
  });

  it('drops a number a draft kept earlier still holds, and asks for it', () => {
    window.sessionStorage.setItem(
      'draft:transfer',
      JSON.stringify({ type: 'external-bank', values: external, reviewKey: 'key-6' }),
    );
    expect(loadTransferDraft('external-bank')).toMatchObject({
      values: { externalAccountNumber: '' },
      retype: { externalAccountNumber: '4321' },
    });
  });

  it('is gone once forgotten', () => {
    saveTransferDraft({ type: 'sepa', values, reviewKey: null });
    forgetTransferDraft();
    expect(loadTransferDraft('sepa')).toBeNull();
  });
});
