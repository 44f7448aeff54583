import { BANK_ROUTING_NUMBER, OWN_ROUTING_NUMBER_MESSAGE } from '@bank/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyWireForm,
  swiftCountryName,
  wirePayload,
  wireProblems,
  type WireForm,
} from './send-wire';

const accounts = [{ id: 'a1', available_balance: 1000.1 }];

const domestic = (overrides: Partial<WireForm> = {}): WireForm => ({
  ...emptyWireForm(),
  fromAccount: 'a1',
  recipientName: 'Title Co',
  bankName: 'First National',
  accountNumber: '1234 5678',
  routingNumber: '021000021',
  recipientAddress: '1 Main St',
  amount: '500',
  purposeOfPayment: 'property',
  ...overrides,
});

const international = (overrides: Partial<WireForm> = {}): WireForm =>
  domestic({ accountNumber: 'DE89 3704 0044 0532 0130 00', swiftCode: 'deut deff', ...overrides });

describe('wireProblems', () => {
  it('finds nothing wrong with a whole domestic wire', () => {
    expect(wireProblems('domestic-wire', domestic(), accounts)).toEqual({});
  });

  it("refuses this bank's own routing number, saying which transfer reaches the account", () => {
    expect(
      wireProblems('domestic-wire', domestic({ routingNumber: BANK_ROUTING_NUMBER }), accounts),
    ).toEqual({ routingNumber: OWN_ROUTING_NUMBER_MESSAGE });
  });

  it('counts the fee against the available balance, in whole cents', () => {
    // $975.10 + $25.00 fee = $1,000.10: exactly what is available.
    expect(wireProblems('domestic-wire', domestic({ amount: '975.10' }), accounts)).toEqual({});
    expect(wireProblems('domestic-wire', domestic({ amount: '975.11' }), accounts).amount).toBe(
      'The amount and the wire fee are more than the available balance',
    );
    // The international fee is $45.00.
    expect(
      wireProblems('international-wire', international({ amount: '955.10' }), accounts),
    ).toEqual({});
    expect(
      wireProblems('international-wire', international({ amount: '955.11' }), accounts).amount,
    ).toBe('The amount and the wire fee are more than the available balance');
  });

  it('reads amounts as customers write them, and refuses what is no amount', () => {
    expect(
      wireProblems('domestic-wire', domestic({ amount: '$1,000' }), [
        { id: 'a1', available_balance: 5000 },
      ]),
    ).toEqual({});
    for (const amount of ['', 'abc', '4.99', '-5']) {
      expect(wireProblems('domestic-wire', domestic({ amount }), accounts).amount).toBe(
        'Please enter an amount of at least $5.00',
      );
    }
    expect(wireProblems('domestic-wire', domestic({ amount: '10.005' }), accounts).amount).toBe(
      'Please enter an amount with at most 2 decimal places',
    );
  });

  it('asks for a saved recipient when that is the choice, and no typed account then', () => {
    const saved = domestic({ recipientName: '', accountNumber: '', routingNumber: '' });
    expect(wireProblems('domestic-wire', saved, accounts, 'saved')).toEqual({
      savedRecipientId: 'Please choose one of your saved recipients',
    });
    expect(
      wireProblems('domestic-wire', { ...saved, savedRecipientId: 'r1' }, accounts, 'saved'),
    ).toEqual({});
  });

  it('asks for the SWIFT/BIC of a saved IBAN that has none', () => {
    const saved = international({
      recipientName: '',
      accountNumber: '',
      swiftCode: '',
      savedRecipientId: 'r1',
    });
    expect(wireProblems('international-wire', saved, accounts, 'saved')).toEqual({});
    expect(wireProblems('international-wire', saved, accounts, 'saved-without-swift')).toEqual({
      swiftCode: 'Please enter the SWIFT/BIC code',
    });
    expect(
      wireProblems(
        'international-wire',
        { ...saved, swiftCode: 'bnpa frpp' },
        accounts,
        'saved-without-swift',
      ),
    ).toEqual({});
  });

  it('judges the SWIFT/BIC and the IBAN of an international wire together', () => {
    expect(wireProblems('international-wire', international(), accounts)).toEqual({});
    expect(
      wireProblems('international-wire', international({ swiftCode: 'BNPAFRPP' }), accounts)
        .accountNumber,
    ).toBe('The IBAN belongs to another country than the bank’s SWIFT/BIC');
    expect(
      wireProblems('international-wire', international({ swiftCode: 'CHASUS33' }), accounts)
        .swiftCode,
    ).toBe('This bank is in the United States: send a domestic wire instead');
    expect(swiftCountryName('deut de ff')).toBe('Germany');
    expect(swiftCountryName('HSBC')).toBeNull();
  });
});

describe('wirePayload', () => {
  it('sends the account as the bank records it, and a saved recipient by its id only', () => {
    expect(wirePayload('international-wire', international())).toMatchObject({
      accountNumber: 'DE89370400440532013000',
      swiftCode: 'DEUTDEFF',
      amount: '500',
    });
    expect(wirePayload('domestic-wire', domestic({ amount: '$1,250.50' }))).toMatchObject({
      accountNumber: '12345678',
      amount: '1250.50',
    });
    const saved = wirePayload('domestic-wire', domestic({ savedRecipientId: 'r1' }));
    expect(saved).toMatchObject({ savedRecipientId: 'r1', recipientAddress: '1 Main St' });
    expect(saved).not.toHaveProperty('accountNumber');
  });

  it('sends the SWIFT/BIC typed beside a saved IBAN only when the address book has none', () => {
    const values = international({ savedRecipientId: 'r1', swiftCode: 'bnpa frpp' });
    const withoutSwift = wirePayload('international-wire', values, 'saved-without-swift');
    expect(withoutSwift).toMatchObject({ savedRecipientId: 'r1', swiftCode: 'BNPAFRPP' });
    expect(withoutSwift).not.toHaveProperty('accountNumber');
    expect(wirePayload('international-wire', values, 'saved')).not.toHaveProperty('swiftCode');
  });
});
