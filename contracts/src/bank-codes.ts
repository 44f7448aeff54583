/**
 * Checks of the identifiers of other banks: US routing numbers (ABA checksum), IBANs (ISO 13616
 * mod-97 check digits), SWIFT/BIC codes, and the SEPA area with its purpose codes.
 * Pure and dependency-free: the web app imports this module too (`@bank/contracts/bank-codes`, free of zod), so a
 * customer sees the same verdict, in the same words, as they type and when the server decides.
 */

export const BANK_CODE_MESSAGES = {
  routingNumber: 'Please enter routing number',
  routingLength: 'Routing number must be 9 digits',
  routingChecksum: 'Routing number is not a valid ABA routing number',
  iban: 'Please enter IBAN',
  ibanShape: 'IBAN must start with two letters and two digits and be at most 34 characters',
  ibanLength: 'The IBAN does not have as many characters as IBANs of its country',
  ibanChecksum: 'IBAN check digits are not valid',
  ibanCountry: 'The IBAN does not belong to the selected country',
  sepaSwiftCountry:
    'This SWIFT/BIC is of a bank in another country than the IBAN: check it, or leave it empty (a SEPA transfer needs none)',
} as const;

/** ABA routing number: 9 digits whose weighted sum (3, 7, 1, ...) is a multiple of 10. */
export function isValidAbaRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** An IBAN as people type it: spaces dropped, upper case. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** The accepted shape: two letters, two digits, at most 34 characters, letters and digits only. */
export function hasIbanShape(iban: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban) && iban.length <= 34;
}

/**
 * ISO 13616 / ISO 7064 mod 97-10: move the first four characters to the end, turn letters into
 * numbers (A = 10 ... Z = 35) and the remainder by 97 must be 1. Computed piecewise, no big numbers.
 */
export function hasValidIbanCheckDigits(iban: string): boolean {
  if (!hasIbanShape(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' && char <= 'Z' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder === 1;
}

/** SWIFT/BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (location), optional 3 (branch). */
export function isValidSwiftCode(swift: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(swift);
}

/**
 * The 34 SEPA countries accepted here: the 27 EU member states, Iceland, Liechtenstein, Monaco,
 * Norway, San Marino, Switzerland, and the United Kingdom (which stayed in SEPA after leaving the EU).
 */
export const SEPA_COUNTRIES: Readonly<Record<string, string>> = {
  AT: 'Austria',
  BE: 'Belgium',
  BG: 'Bulgaria',
  HR: 'Croatia',
  CY: 'Cyprus',
  CZ: 'Czech Republic',
  DK: 'Denmark',
  EE: 'Estonia',
  FI: 'Finland',
  FR: 'France',
  DE: 'Germany',
  GR: 'Greece',
  HU: 'Hungary',
  IE: 'Ireland',
  IT: 'Italy',
  LV: 'Latvia',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  MT: 'Malta',
  NL: 'Netherlands',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SK: 'Slovakia',
  SI: 'Slovenia',
  ES: 'Spain',
  SE: 'Sweden',
  IS: 'Iceland',
  LI: 'Liechtenstein',
  MC: 'Monaco',
  NO: 'Norway',
  SM: 'San Marino',
  CH: 'Switzerland',
  GB: 'United Kingdom',
};

export const SEPA_PURPOSE_CODES: Readonly<Record<string, string>> = {
  FAMI: 'Family support',
  SALA: 'Salary payment',
  TRAD: 'Trade services',
  CONS: 'Construction services',
  FINC: 'Financial services',
  EDUC: 'Education expenses',
  MEDI: 'Medical expenses',
  OTHR: 'Other',
};

/**
 * How long an IBAN of each country that has them is (the ISO 13616 registry), spaces left out. A
 * country not here has no IBANs: its banks take an account number.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

/** The country of a SWIFT/BIC's bank: its fifth and sixth letters (ISO 3166 code). */
export function swiftCountry(swift: string): string {
  return swift.slice(4, 6);
}

/**
 * Territories whose banks' SWIFT/BICs carry their own code while their accounts have another
 * country's IBANs (as the IBAN registry lists them): the Crown Dependencies British ones, France's
 * overseas departments and territories French ones, Åland Finnish ones.
 */
const IBAN_COUNTRY_OF_TERRITORY: Readonly<Record<string, string>> = {
  JE: 'GB',
  GG: 'GB',
  IM: 'GB',
  GF: 'FR',
  GP: 'FR',
  MQ: 'FR',
  RE: 'FR',
  YT: 'FR',
  PM: 'FR',
  BL: 'FR',
  MF: 'FR',
  NC: 'FR',
  PF: 'FR',
  WF: 'FR',
  TF: 'FR',
  AX: 'FI',
};

/** Whether an IBAN may be of an account at the bank a SWIFT/BIC names, by their countries. */
function ibanFitsSwift(iban: string, swift: string): boolean {
  const country = swiftCountry(swift);
  return ibanCountry(iban) === (IBAN_COUNTRY_OF_TERRITORY[country] ?? country);
}

// Two-letter codes the region names know that are not countries (or are reserved).
const NOT_COUNTRIES = new Set(['AA', 'EU', 'EZ', 'QO', 'UN', 'ZZ']);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name from its ISO 3166 code, or undefined when the code names none. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code) || /^(Q[M-Z]|X[A-JL-Z])$/.test(code)) {
    return undefined;
  }
  const name = regionNames.of(code);
  return name && name !== code ? name : undefined;
}

/** What an international wire's bank code and account are refused for. */
export const WIRE_CODE_MESSAGES = {
  internationalAccount: 'Please enter the IBAN or account number',
  internationalAccountFormat: 'The account number must be 4 to 34 letters and digits',
  swiftCode: 'Please enter the SWIFT/BIC code',
  swiftFormat: 'SWIFT/BIC must be 8 or 11 letters and digits',
  swiftCountry: 'This SWIFT/BIC code does not name a country',
  swiftDomestic: 'This bank is in the United States: send a domestic wire instead',
  ibanOtherCountry: 'The IBAN belongs to another country than the bank’s SWIFT/BIC',
  ibanRequired: 'Banks in this country take an IBAN: please enter the IBAN',
} as const;

/**
 * An international wire's bank (its SWIFT/BIC, which gives the country) and the account there: an
 * IBAN (checked, and of the bank's country) or, only where the country has none, an account number.
 * Returns both as the bank records them, and what is wrong with each.
 */
export function internationalWireAccount(
  swiftTyped: string,
  accountTyped: string,
): {
  swiftCode: string;
  country: string;
  accountNumber: string;
  problems: { swiftCode?: string; accountNumber?: string };
} {
  const swiftCode = swiftTyped.replace(/\s+/g, '').toUpperCase();
  const country = swiftCountry(swiftCode);
  const accountNumber = normalizeIban(accountTyped).replace(/-/g, '');
  const problems: { swiftCode?: string; accountNumber?: string } = {};
  const swiftValid = isValidSwiftCode(swiftCode);
  if (swiftCode === '') problems.swiftCode = WIRE_CODE_MESSAGES.swiftCode;
  else if (!swiftValid) problems.swiftCode = WIRE_CODE_MESSAGES.swiftFormat;
  else if (country === 'US') problems.swiftCode = WIRE_CODE_MESSAGES.swiftDomestic;
  else if (!countryName(country)) problems.swiftCode = WIRE_CODE_MESSAGES.swiftCountry;
  if (accountNumber === '') {
    problems.accountNumber = WIRE_CODE_MESSAGES.internationalAccount;
  } else if (hasIbanShape(accountNumber)) {
    const problem = ibanProblem(accountNumber);
    if (problem) problems.accountNumber = problem;
    else if (swiftValid && !ibanFitsSwift(accountNumber, swiftCode)) {
      problems.accountNumber = WIRE_CODE_MESSAGES.ibanOtherCountry;
    }
  } else if (swiftValid && IBAN_LENGTHS[country] !== undefined) {
    problems.accountNumber = WIRE_CODE_MESSAGES.ibanRequired;
  } else if (!/^[A-Z0-9]{4,34}$/.test(accountNumber)) {
    problems.accountNumber = WIRE_CODE_MESSAGES.internationalAccountFormat;
  }
  return { swiftCode, country, accountNumber, problems };
}

/**
 * Why a SEPA transfer's SWIFT/BIC is refused, or null: it is optional, but one given must be well
 * formed and name a bank where the IBAN's accounts are, as an international wire's must (a bank's
 * code from another country sends the payment to the wrong bank, or back with fees).
 */
export function sepaSwiftProblem(swiftCode: string, iban: string): string | null {
  if (swiftCode === '') return null;
  if (!isValidSwiftCode(swiftCode)) return WIRE_CODE_MESSAGES.swiftFormat;
  if (hasIbanShape(iban) && !ibanFitsSwift(iban, swiftCode)) {
    return BANK_CODE_MESSAGES.sepaSwiftCountry;
  }
  return null;
}

/** The country an IBAN belongs to: its first two letters (ISO 3166 code). */
export function ibanCountry(iban: string): string {
  return iban.slice(0, 2);
}

/** Why a routing number is refused, or null when it is a valid ABA routing number. */
export function routingNumberProblem(routing: string): string | null {
  if (routing === '') return BANK_CODE_MESSAGES.routingNumber;
  if (!/^\d{9}$/.test(routing)) return BANK_CODE_MESSAGES.routingLength;
  if (!isValidAbaRoutingNumber(routing)) return BANK_CODE_MESSAGES.routingChecksum;
  return null;
}

/**
 * Why an IBAN is refused, or null when it is well formed, as long as its country's IBANs (where the
 * registry knows the country) and with valid check digits. With a SEPA country, the IBAN must also
 * belong to it. `iban` may be typed with spaces and in lower case.
 */
export function ibanProblem(typed: string, country?: string): string | null {
  const iban = normalizeIban(typed);
  if (iban === '') return BANK_CODE_MESSAGES.iban;
  if (!hasIbanShape(iban)) return BANK_CODE_MESSAGES.ibanShape;
  const length = IBAN_LENGTHS[ibanCountry(iban)];
  if (length !== undefined && iban.length !== length) return BANK_CODE_MESSAGES.ibanLength;
  if (!hasValidIbanCheckDigits(iban)) return BANK_CODE_MESSAGES.ibanChecksum;
  if (country && SEPA_COUNTRIES[country] && ibanCountry(iban) !== country) {
    return BANK_CODE_MESSAGES.ibanCountry;
  }
  return null;
}
