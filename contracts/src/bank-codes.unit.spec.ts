import { describe, expect, it } from 'vitest';
import {
  BANK_CODE_MESSAGES,
  IBAN_LENGTHS,
  SEPA_COUNTRIES,
  WIRE_CODE_MESSAGES,
  SEPA_PURPOSE_CODES,
  hasIbanShape,
  hasValidIbanCheckDigits,
  isValidAbaRoutingNumber,
  isValidSwiftCode,
  ibanProblem,
  internationalWireAccount,
  normalizeIban,
  routingNumberProblem,
  sepaSwiftProblem,
} from './bank-codes.ts';

describe('ABA routing numbers', () => {
  it.each(['021000021', '011000015', '061000227', '121000358'])('accepts %s', (routing) => {
    expect(isValidAbaRoutingNumber(routing)).toBe(true);
  });
  it.each(['021000022', '123456789', '12345678', '0210000210', '02100002a'])('refuses %s', (r) => {
    expect(isValidAbaRoutingNumber(r)).toBe(false);
  });
});

describe('IBAN', () => {
  it.each([
    'DE89370400440532013000',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'CH9300762011623852957',
    'MT84MALT011000012345MTLCAST001S',
  ])('accepts %s (mod 97 = 1)', (iban) => {
    expect(hasIbanShape(iban)).toBe(true);
    expect(hasValidIbanCheckDigits(iban)).toBe(true);
  });

  it('refuses wrong check digits, and a wrong shape', () => {
    expect(hasValidIbanCheckDigits('DE88370400440532013000')).toBe(false);
    expect(hasValidIbanCheckDigits('GB82WEST12345698765433')).toBe(false);
    expect(hasIbanShape('1289370400440532013000')).toBe(false);
    expect(hasIbanShape('DEX9370400440532013000')).toBe(false);
    expect(hasIbanShape(`DE89${'1'.repeat(30)}`)).toBe(true);
    expect(hasIbanShape(`DE89${'1'.repeat(31)}`)).toBe(false);
  });

  it('reads IBANs as people type them', () => {
    expect(normalizeIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
  });
});

describe('SWIFT/BIC', () => {
  it('accepts 8 or 11 characters of the right kind', () => {
    expect(isValidSwiftCode('COBADEFF')).toBe(true);
    expect(isValidSwiftCode('COBADEFFXXX')).toBe(true);
    expect(isValidSwiftCode('COBADEF')).toBe(false);
    expect(isValidSwiftCode('COBADEFFXXXX')).toBe(false);
    expect(isValidSwiftCode('1OBADEFF')).toBe(false);
  });
});

describe('SEPA', () => {
  it('has 34 countries and the 8 purpose codes of the spec', () => {
    expect(Object.keys(SEPA_COUNTRIES)).toHaveLength(34);
    for (const code of ['IS', 'LI', 'MC', 'NO', 'SM', 'CH', 'DE', 'FR', 'IE', 'HR']) {
      expect(SEPA_COUNTRIES[code]).toBeDefined();
    }
    expect(SEPA_COUNTRIES.US).toBeUndefined();
    expect(Object.keys(SEPA_PURPOSE_CODES)).toEqual([
      'FAMI',
      'SALA',
      'TRAD',
      'CONS',
      'FINC',
      'EDUC',
      'MEDI',
      'OTHR',
    ]);
  });

  it('takes no SWIFT/BIC, or one of a bank in the IBAN’s country', () => {
    const iban = 'DE89370400440532013000';
    expect(sepaSwiftProblem('', iban)).toBeNull();
    expect(sepaSwiftProblem('COBADEFFXXX', iban)).toBeNull();
    expect(sepaSwiftProblem('COBADEFF', iban)).toBeNull();
    expect(sepaSwiftProblem('BNPAFRPP', iban)).toBe(BANK_CODE_MESSAGES.sepaSwiftCountry);
    expect(sepaSwiftProblem('BNPAFRPP', 'FR1420041010050500013M02606')).toBeNull();
    expect(sepaSwiftProblem('COBA', iban)).toBe(WIRE_CODE_MESSAGES.swiftFormat);
  });

  it('takes the bank of a territory whose accounts have another country’s IBANs', () => {
    const guernsey = 'RBOSGGSX';
    const british = 'GB29NWBK60161331926819';
    const reunion = 'BNPARERX';
    const french = 'FR1420041010050500013M02606';
    expect(sepaSwiftProblem(guernsey, british)).toBeNull();
    expect(sepaSwiftProblem(reunion, french)).toBeNull();
    expect(sepaSwiftProblem(guernsey, french)).toBe(BANK_CODE_MESSAGES.sepaSwiftCountry);
    expect(internationalWireAccount(guernsey, british).problems).toEqual({});
    expect(internationalWireAccount(reunion, french).problems).toEqual({});
    expect(internationalWireAccount(reunion, british).problems.accountNumber).toBe(
      WIRE_CODE_MESSAGES.ibanOtherCountry,
    );
  });
});

describe('the verdicts shown to the customer (web form and server alike)', () => {
  it.each([
    ['', BANK_CODE_MESSAGES.routingNumber],
    ['02100002a', BANK_CODE_MESSAGES.routingLength],
    ['0210000', BANK_CODE_MESSAGES.routingLength],
    ['021000022', BANK_CODE_MESSAGES.routingChecksum],
    ['021000021', null],
  ])('routing number %j → %j', (routing, expected) => {
    expect(routingNumberProblem(routing)).toBe(expected);
  });

  it.each([
    ['', undefined, BANK_CODE_MESSAGES.iban],
    ['1234567', undefined, BANK_CODE_MESSAGES.ibanShape],
    [`DE89${'1'.repeat(31)}`, undefined, BANK_CODE_MESSAGES.ibanShape],
    ['de88 3704 0044 0532 0130 00', undefined, BANK_CODE_MESSAGES.ibanChecksum],
    // Check digits that add up, but a German IBAN has 22 characters (and a British one 22).
    ['DE543704004405320130001', undefined, BANK_CODE_MESSAGES.ibanLength],
    ['DE5137040044053201300', 'DE', BANK_CODE_MESSAGES.ibanLength],
    ['GB24NWBK6016133192681', undefined, BANK_CODE_MESSAGES.ibanLength],
    ['de89 3704 0044 0532 0130 00', 'DE', null],
    ['DE89370400440532013000', 'FR', BANK_CODE_MESSAGES.ibanCountry],
  ])('IBAN %j in %j → %j', (iban, country, expected) => {
    expect(ibanProblem(iban, country)).toBe(expected);
  });
});

describe('an international wire’s account', () => {
  it('knows the IBAN length of every SEPA country', () => {
    for (const code of Object.keys(SEPA_COUNTRIES)) expect(IBAN_LENGTHS[code]).toBeDefined();
  });

  it('takes an account number only where the bank’s country has no IBANs', () => {
    // Hong Kong and Japan have no IBANs.
    expect(internationalWireAccount('HSBCHKHH', '004-123456-001').problems).toEqual({});
    expect(internationalWireAccount('BOTKJPJT', '1234567').problems).toEqual({});
    // Germany and Brazil have them: a bare account number there is refused.
    expect(internationalWireAccount('DEUTDEFF', '0532013000').problems).toEqual({
      accountNumber: WIRE_CODE_MESSAGES.ibanRequired,
    });
    expect(internationalWireAccount('BRASBRRJ', '123456789').problems).toEqual({
      accountNumber: WIRE_CODE_MESSAGES.ibanRequired,
    });
    expect(internationalWireAccount('DEUTDEFF', 'DE89 3704 0044 0532 0130 00').problems).toEqual(
      {},
    );
  });
});
