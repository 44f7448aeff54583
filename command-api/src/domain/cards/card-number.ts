import type { CardNetwork } from '@bank/events';

/** Luhn check digit for a string of digits (the payload without its check digit). */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i += 1) {
    // Doubling starts at the rightmost payload digit (it sits left of the check digit).
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  return luhnCheckDigit(number.slice(0, -1)) === Number(number.slice(-1));
}

/** Issuer prefixes of the bank's card programmes (Visa 4…, Mastercard 51–55…). */
const ISSUER_PREFIX: Record<CardNetwork, (digit: (max: number) => number) => string> = {
  visa: () => '485932',
  mastercard: (digit) => `5${1 + digit(5)}4417`,
};

/** Which network a number belongs to, by its prefix; undefined for other schemes. */
export function networkOf(number: string): CardNetwork | undefined {
  if (/^4\d{15}$/.test(number)) return 'visa';
  if (/^5[1-5]\d{14}$/.test(number)) return 'mastercard';
  return undefined;
}

/**
 * A 16-digit number valid by Luhn for its network. `digit(max)` returns an integer in [0, max):
 * crypto.randomInt in production, anything deterministic in tests.
 */
export function generateCardNumber(network: CardNetwork, digit: (max: number) => number): string {
  let payload = ISSUER_PREFIX[network](digit);
  while (payload.length < 15) payload += String(digit(10));
  return `${payload}${luhnCheckDigit(payload)}`;
}

export function generateCvv(digit: (max: number) => number): string {
  return Array.from({ length: 3 }, () => String(digit(10))).join('');
}

/** MM/YY of the month `years` years after `issuedOn` (cards expire at the end of that month). */
export function expiryDate(issuedOn: Date, years: number): string {
  const month = String(issuedOn.getUTCMonth() + 1).padStart(2, '0');
  const year = String((issuedOn.getUTCFullYear() + years) % 100).padStart(2, '0');
  return `${month}/${year}`;
}

/** "4859 3212 3456 7890" */
export function formatCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function maskCardNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}
