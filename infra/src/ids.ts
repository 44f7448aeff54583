import { createHash, randomInt } from 'node:crypto';

/** A UUID derived from a name, so that projections rebuilt from the log give the same ids. */
export function deterministicUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A human-readable reference such as TRF-8K2M4Q7Z, derived from an id when given. */
export function referenceNumber(prefix: string, fromId?: string): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const source = fromId
    ? createHash('sha256').update(fromId).digest()
    : Buffer.from(Array.from({ length: 8 }, () => randomInt(256)));
  let code = '';
  for (let i = 0; i < 8; i += 1) code += alphabet[source[i]! % alphabet.length];
  return `${prefix}-${code}`;
}

/** A random decimal string of the given length that does not start with 0. */
export function randomDigits(length: number): string {
  let digits = String(randomInt(1, 10));
  while (digits.length < length) digits += String(randomInt(10));
  return digits;
}
