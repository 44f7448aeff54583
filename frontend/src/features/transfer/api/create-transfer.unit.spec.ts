import { describe, expect, it } from 'vitest';
import {
  emptyTransferForm,
  transferPayload,
  transferSchema,
  type TransferForm,
} from './create-transfer';

const accounts = [
  { id: 'a1', available_balance: 100 },
  { id: 'a2', available_balance: 50 },
];

const base = (overrides: Partial<TransferForm> = {}): TransferForm => ({
  ...emptyTransferForm('2026-11-22'),
  fromAccount: 'a1',
  amount: '20',
  ...overrides,
});

function messages(result: ReturnType<ReturnType<typeof transferSchema>['safeParse']>) {
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('transfer validation, all types', () => {
  it('requires a source account and at least $5.00', () => {
    const m = messages(
      transferSchema('between-accounts', accounts).safeParse(
        base({ fromAccount: '', amount: '4.99', toAccount: 'a2' }),
      ),
    );
    expect(m.fromAccount).toBe('Please select an account to transfer from');
    expect(m.amount).toBe('Please enter an amount of at least $5.00');
  });

  it('refuses more than the available balance', () => {
    const m = messages(
      transferSchema('between-accounts', accounts).safeParse(
        base({ amount: '100.01', toAccount: 'a2' }),
      ),
    );
    expect(m.amount).toBe('Insufficient funds');
    expect(
      transferSchema('between-accounts', accounts).safeParse(
        base({ amount: '100', toAccount: 'a2' }),
      ).success,
    ).toBe(true);
  });
});

describe('between-accounts', () => {
  it('needs a different destination account', () => {
    const schema = transferSchema('between-accounts', accounts);
    expect(messages(schema.safeParse(base())).toAccount).toBe(
      'Please select an account to transfer to',
    );
    expect(messages(schema.safeParse(base({ toAccount: 'a1' }))).toAccount).toBe(
      'Cannot transfer to the same account',
    );
  });
});

describe('same-bank', () => {
  it('needs an email or a phone', () => {
    const schema = transferSchema('same-bank', accounts);
    expect(messages(schema.safeParse(base())).recipientEmail).toBe(
      'Please enter recipient email or phone number',
    );
    expect(schema.safeParse(base({ recipientPhone: '5550001111' })).success).toBe(true);
  });

  it('shows the lookup message when the recipient was not found', () => {
    const schema = transferSchema('same-bank', accounts, {
      contact: 'nobody@example.com',
      valid: false,
      message: 'Recipient not found',
      recipientName: null,
      recipientId: null,
    });
    expect(
      messages(schema.safeParse(base({ recipientEmail: 'nobody@example.com' }))).recipientEmail,
    ).toBe('Recipient not found');
  });
});

describe('external-bank', () => {
  it('requires name, bank, account and a 9-digit routing number', () => {
    const schema = transferSchema('external-bank', accounts);
    const m = messages(schema.safeParse(base()));
    expect(m).toMatchObject({
      recipientName: 'Please enter recipient name',
      externalBankName: 'Please enter bank name',
      externalAccountNumber: 'Please enter account number',
      externalRoutingNumber: 'Please enter routing number',
    });
    expect(
      messages(schema.safeParse(base({ externalRoutingNumber: '12345678' }))).externalRoutingNumber,
    ).toBe('Routing number must be 9 digits');
  });
});

describe('sepa', () => {
  const valid = base({
    recipientName: 'Anna Schmidt',
    recipientIban: 'de89 3704 0044 0532 0130 00',
    recipientBankName: 'Commerzbank',
    recipientCountry: 'DE',
    purposeOfPayment: 'FAMI',
  });

  it('accepts a complete form, case-insensitive IBAN with spaces', () => {
    expect(transferSchema('sepa', accounts).safeParse(valid).success).toBe(true);
  });

  it('checks the IBAN shape and length and the SWIFT length', () => {
    const schema = transferSchema('sepa', accounts);
    expect(messages(schema.safeParse({ ...valid, recipientIban: '1234' })).recipientIban).toBe(
      'IBAN must start with two letters and two digits and be at most 34 characters',
    );
    expect(
      messages(schema.safeParse({ ...valid, recipientIban: `DE89${'1'.repeat(31)}` }))
        .recipientIban,
    ).toBe('IBAN must start with two letters and two digits and be at most 34 characters');
    expect(
      messages(schema.safeParse({ ...valid, recipientSwiftCode: 'COBADEFFXXXX' }))
        .recipientSwiftCode,
    ).toBe('SWIFT/BIC must be at most 11 characters');
  });

  it('requires country and purpose', () => {
    const m = messages(
      transferSchema('sepa', accounts).safeParse({
        ...valid,
        recipientCountry: '',
        purposeOfPayment: '',
      }),
    );
    expect(m.recipientCountry).toBeTruthy();
    expect(m.purposeOfPayment).toBeTruthy();
  });

  it('sends the spec payload with a normalised IBAN', () => {
    expect(transferPayload('sepa', valid)).toEqual({
      fromAccount: 'a1',
      amount: 20,
      memo: '',
      transferDate: '2026-11-22',
      recipientName: 'Anna Schmidt',
      iban: 'DE89370400440532013000',
      swiftCode: '',
      bankName: 'Commerzbank',
      country: 'DE',
      purposeOfPayment: 'FAMI',
    });
  });
});

describe('a saved recipient chosen in the form', () => {
  const picked = base({
    savedRecipientId: 'r1',
    recipientName: 'Pat Doe',
    externalBankName: 'Other Bank',
    externalAccountNumber: '****6789',
    externalRoutingNumber: '021000021',
    recipientIban: '****3000',
  });

  it('accepts the masked account the bank fills in; SEPA still needs a purpose', () => {
    expect(transferSchema('external-bank', accounts).safeParse(picked).success).toBe(true);
    expect(messages(transferSchema('sepa', accounts).safeParse(picked))).toEqual({
      purposeOfPayment: 'Please select a purpose of payment',
    });
  });

  it('sends the recipient id, never the masked account', () => {
    expect(transferPayload('external-bank', picked)).toEqual({
      fromAccount: 'a1',
      amount: 20,
      memo: '',
      transferDate: '2026-11-22',
      savedRecipientId: 'r1',
      recipientAddress: '',
    });
    expect(transferPayload('sepa', { ...picked, purposeOfPayment: 'FAMI' })).toEqual({
      fromAccount: 'a1',
      amount: 20,
      memo: '',
      transferDate: '2026-11-22',
      savedRecipientId: 'r1',
      purposeOfPayment: 'FAMI',
    });
  });
});
