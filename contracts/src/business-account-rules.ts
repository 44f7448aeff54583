/**
 * Opening a business checking account: the rules the form and the server share, so that both
 * refuse the same things with the same words.
 */

export const BUSINESS_TYPES = [
  'sole_proprietorship',
  'llc',
  'corporation',
  'partnership',
  'nonprofit',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  sole_proprietorship: 'Sole proprietorship',
  llc: 'Limited liability company (LLC)',
  corporation: 'Corporation',
  partnership: 'Partnership',
  nonprofit: 'Nonprofit',
};

/** How many business accounts one customer may open online; more go through a business banker. */
export const MAX_BUSINESS_ACCOUNTS = 3;

export const BUSINESS_NAME_MIN = 2;
export const BUSINESS_NAME_MAX = 100;

/**
 * The account's name as lists show it: the product's, not the business's. An account's name is
 * copied in clear into the events that move money (a transfer names both accounts) and into
 * read models that do not open sealed data, so it must carry no personal data; the business name
 * is kept sealed in BusinessProfileRecorded, and the masked number tells two accounts apart.
 */
export const BUSINESS_ACCOUNT_NAME = 'Business Checking';

/**
 * EIN prefixes (the first two digits) the IRS has never assigned: a number starting with one of
 * them is a typo or made up.
 */
const UNASSIGNED_EIN_PREFIXES = new Set(
  '00 07 08 09 17 18 19 28 29 49 69 70 78 79 89 96 97'.split(' '),
);

export const BUSINESS_MESSAGES = {
  nameRequired: 'Please enter the business name.',
  nameLength: `The business name must be ${BUSINESS_NAME_MIN} to ${BUSINESS_NAME_MAX} characters.`,
  nameCharacters: 'The business name may contain only printable characters.',
  einFormat: 'Please enter the 9-digit EIN as 12-3456789.',
  einNotIssued: 'This is not an EIN the IRS issues. Please check the number.',
  typeRequired: 'Please choose the type of business.',
  authorized: 'Please confirm you are authorized to open this account for this business.',
  justOpened: 'This business account was just opened. Check your accounts before opening it again.',
  tooMany: `You can open up to ${MAX_BUSINESS_ACCOUNTS} business accounts online. Please talk to a business banker to open more.`,
} as const;

/**
 * The EIN's nine digits, or the message saying why it is not one: nine digits written NN-NNNNNNN
 * or without the dash, not all the same digit, and not starting with a prefix the IRS never
 * assigns.
 */
export function checkEin(text: string): { digits: string } | { error: string } {
  const match = /^(\d{2})-?(\d{7})$/.exec(text.trim());
  if (!match) return { error: BUSINESS_MESSAGES.einFormat };
  const digits = `${match[1]}${match[2]}`;
  if (/^(\d)\1{8}$/.test(digits) || UNASSIGNED_EIN_PREFIXES.has(match[1]!)) {
    return { error: BUSINESS_MESSAGES.einNotIssued };
  }
  return { digits };
}

/** The business name as typed, trimmed; or the message saying why it cannot be one. */
export function checkBusinessName(text: string): { name: string } | { error: string } {
  const name = text.trim();
  if (name === '') return { error: BUSINESS_MESSAGES.nameRequired };
  // Printable: no control characters (tabs, newlines, NUL, bidi overrides' C0/C1 cousins).
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name)) return { error: BUSINESS_MESSAGES.nameCharacters };
  const length = [...name].length;
  if (length < BUSINESS_NAME_MIN || length > BUSINESS_NAME_MAX) {
    return { error: BUSINESS_MESSAGES.nameLength };
  }
  return { name };
}
