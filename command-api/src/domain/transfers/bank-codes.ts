/**
 * Checks of the identifiers of other banks: US routing numbers (ABA checksum), IBANs (ISO 13616
 * mod-97 check digits), SWIFT/BIC codes, and the SEPA area with its purpose codes.
 */

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

/** The country an IBAN belongs to: its first two letters (ISO 3166 code). */
export function ibanCountry(iban: string): string {
  return iban.slice(0, 2);
}
