import { BANK_ROUTING_NUMBER, OWN_ROUTING_NUMBER_MESSAGE } from '@bank/contracts';
import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
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

const TODAY = bankToday();

const base = (overrides: Partial<TransferForm> = {}): TransferForm => ({
  ...emptyTransferForm(TODAY),
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

  it('says what is wrong with an amount: too many decimals, or not an amount at all', () => {
    const amountMessage = (amount: string) =>
      messages(
        transferSchema('between-accounts', accounts).safeParse(base({ amount, toAccount: 'a2' })),
      ).amount;
    expect(amountMessage('20.001')).toBe('Please enter an amount with at most 2 decimal places');
    for (const junk of ['1e3', '0x10', '1_000', '2e1']) {
      expect(amountMessage(junk), junk).toBe('Please enter an amount of at least $5.00');
    }
    expect(amountMessage('20.5')).toBeUndefined();
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

  // The bank holds an external or SEPA transfer's fee with its amount; the others are free.
  it.each([
    ['sepa', '285.00', '285.01'],
    ['external-bank', '297', '297.01'],
    ['same-bank', '300', '300.01'],
    ['between-accounts', '300', '300.01'],
  ] as const)('refuses a %s amount whose fee takes it past the balance', (type, fits, over) => {
    const funded = [{ id: 'a1', available_balance: 300 }];
    const amountError = (amount: string) =>
      messages(transferSchema(type, funded).safeParse(base({ amount }))).amount;
    expect(amountError(fits)).toBeUndefined();
    expect(amountError(over)).toBe('Insufficient funds');
  });

  it('compares by whole cents, not floating-point sums', () => {
    // In floating-point, 5.03 + 3 is 8.030000000000001: more than the 8.03 available.
    const funded = [{ id: 'a1', available_balance: 8.03 }];
    const amountError = (amount: string) =>
      messages(transferSchema('external-bank', funded).safeParse(base({ amount }))).amount;
    expect(amountError('5.03')).toBeUndefined();
    expect(amountError('5.04')).toBe('Insufficient funds');
  });

  it('leaves the balance to the day a scheduled transfer runs', () => {
    const funded = [{ id: 'a1', available_balance: 300 }];
    const m = messages(
      transferSchema('external-bank', funded).safeParse(
        base({ amount: '299', transferDate: addDaysIso(TODAY, 1) }),
      ),
    );
    expect(m.amount).toBeUndefined();
  });
});

describe('the transfer date', () => {
  const schema = transferSchema('between-accounts', accounts);
  const dateError = (
    transferDate: string,
    type: 'between-accounts' | 'sepa' = 'between-accounts',
  ) =>
    messages(transferSchema(type, accounts).safeParse(base({ toAccount: 'a2', transferDate })))
      .transferDate;

  it('refuses a day before the bank’s today, as the bank does', () => {
    expect(dateError('2020-01-01')).toBe('The transfer date cannot be earlier than today.');
    expect(dateError(addDaysIso(TODAY, -1))).toBe(
      'The transfer date cannot be earlier than today.',
    );
  });

  it('takes today and any day up to a year ahead', () => {
    for (const date of [TODAY, addDaysIso(TODAY, 1), addDaysIso(TODAY, 366)]) {
      expect(schema.safeParse(base({ toAccount: 'a2', transferDate: date })).success).toBe(true);
    }
    expect(dateError(addDaysIso(TODAY, 367))).toBe(
      'A transfer can be scheduled at most one year ahead.',
    );
  });

  it('judges the date against the today it is given', () => {
    const m = messages(
      transferSchema('between-accounts', accounts, null, '2031-05-10').safeParse(
        base({ toAccount: 'a2', transferDate: '2031-05-09' }),
      ),
    );
    expect(m.transferDate).toBe('The transfer date cannot be earlier than today.');
  });

  it('ends a recurring transfer at most ten years after its date', () => {
    const transferDate = addDaysIso(TODAY, 30);
    const endError = (endDate: string) =>
      messages(
        schema.safeParse(
          base({ toAccount: 'a2', transferDate, frequency: 'weekly', endType: 'date', endDate }),
        ),
      ).endDate;
    expect(endError(addDaysIso(transferDate, 3653))).toBeUndefined();
    expect(endError(addDaysIso(transferDate, 3654))).toBe(
      'The end date can be at most 10 years after the transfer date.',
    );
    expect(endError('9999-12-31')).toBe(
      'The end date can be at most 10 years after the transfer date.',
    );
  });

  it('sends SEPA today only', () => {
    expect(dateError(addDaysIso(TODAY, 1), 'sepa')).toBe(
      'SEPA transfers are sent today only; they cannot be scheduled.',
    );
  });
});

describe('between-accounts', () => {
  it('gives the same-account error beside insufficient funds', () => {
    const m = messages(
      transferSchema('between-accounts', [{ id: 'a1', available_balance: 0 }]).safeParse(
        base({ toAccount: 'a1' }),
      ),
    );
    expect(m).toMatchObject({
      amount: 'Insufficient funds',
      toAccount: 'Cannot transfer to the same account',
    });
  });

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

  it('says an entry that is neither an email nor a phone number is not valid', () => {
    const schema = transferSchema('same-bank', accounts);
    for (const recipientEmail of ['not-an-email', 'ann@', 'ann@example']) {
      expect(messages(schema.safeParse(base({ recipientEmail }))).recipientEmail).toBe(
        'Please enter a valid email address',
      );
    }
    expect(messages(schema.safeParse(base({ recipientPhone: '555-0100' }))).recipientPhone).toBe(
      'Please enter a valid phone number',
    );
    // The bank reads an entry without an @ as a phone number, in either field.
    expect(schema.safeParse(base({ recipientEmail: '(555) 000-1111' })).success).toBe(true);
    expect(schema.safeParse(base({ recipientPhone: '+1 555 000 1111' })).success).toBe(true);
  });

  it('says a malformed email is not valid even once a lookup found nobody', () => {
    const schema = transferSchema('same-bank', accounts, {
      contact: 'not-an-email',
      valid: false,
      message: 'Recipient not found',
      recipientName: null,
      recipientId: null,
    });
    expect(
      messages(schema.safeParse(base({ recipientEmail: 'not-an-email' }))).recipientEmail,
    ).toBe('Please enter a valid email address');
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

  it("refuses this bank's own routing number, saying which transfer reaches the account", () => {
    const schema = transferSchema('external-bank', accounts);
    const ours = base({
      recipientName: 'Friend',
      externalBankName: 'Harborview Community Bank',
      externalAccountNumber: '100000000123',
      externalRoutingNumber: BANK_ROUTING_NUMBER,
    });
    expect(messages(schema.safeParse(ours))).toEqual({
      externalRoutingNumber: OWN_ROUTING_NUMBER_MESSAGE,
    });
    expect(schema.safeParse({ ...ours, externalRoutingNumber: '021000021' }).success).toBe(true);
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

  it('takes a SWIFT/BIC only of a bank in the IBAN’s country, as the bank does', () => {
    const schema = transferSchema('sepa', accounts);
    const swiftIssue = (recipientSwiftCode: string) =>
      messages(schema.safeParse({ ...valid, recipientSwiftCode })).recipientSwiftCode;
    expect(swiftIssue('cobadeffxxx')).toBeUndefined();
    expect(swiftIssue('BNPAFRPP')).toBe(
      'This SWIFT/BIC is of a bank in another country than the IBAN: check it, or leave it empty (a SEPA transfer needs none)',
    );
    expect(swiftIssue('COBA')).toBe('SWIFT/BIC must be 8 or 11 letters and digits');
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
      transferDate: TODAY,
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
      transferDate: TODAY,
      savedRecipientId: 'r1',
      recipientAddress: '',
    });
    expect(transferPayload('sepa', { ...picked, purposeOfPayment: 'FAMI' })).toEqual({
      fromAccount: 'a1',
      amount: 20,
      memo: '',
      transferDate: TODAY,
      savedRecipientId: 'r1',
      purposeOfPayment: 'FAMI',
    });
  });
});
