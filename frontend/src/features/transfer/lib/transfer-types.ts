import {
  SEPA_COUNTRIES as SEPA_COUNTRY_NAMES,
  SEPA_IBAN_LENGTHS,
  SEPA_PURPOSE_CODES,
  normalizeIban,
} from '@bank/events/bank-codes';

// The four transfer types, their fees and processing times, and the SEPA reference lists.

export const TRANSFER_TYPES = ['between-accounts', 'same-bank', 'external-bank', 'sepa'] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

export type TransferTypeInfo = {
  type: TransferType;
  title: string;
  description: string;
  processing: string;
  fee: number;
};

export const TRANSFER_TYPE_INFO: Record<TransferType, TransferTypeInfo> = {
  'between-accounts': {
    type: 'between-accounts',
    title: 'Between My Accounts',
    description: 'Move money between your own checking, savings and other accounts.',
    processing: 'Instant',
    fee: 0,
  },
  'same-bank': {
    type: 'same-bank',
    title: 'To Another Customer',
    description: 'Send money to another customer of this bank by email or phone number.',
    processing: 'Instant',
    fee: 0,
  },
  'external-bank': {
    type: 'external-bank',
    title: 'To Another Bank',
    description: 'Send money to an account at another US bank using its routing number.',
    processing: '1-3 business days',
    fee: 3,
  },
  sepa: {
    type: 'sepa',
    title: 'SEPA Transfer',
    description: 'Send euros to a bank account in the Single Euro Payments Area (EUR only).',
    processing: 'Next business day',
    fee: 15,
  },
};

export function isTransferType(value: string): value is TransferType {
  return (TRANSFER_TYPES as readonly string[]).includes(value);
}

/** The SEPA countries, by name for the picker (the list and its codes are the server's). */
export const SEPA_COUNTRIES: Record<string, string> = Object.fromEntries(
  Object.entries(SEPA_COUNTRY_NAMES).sort(([, a], [, b]) => a.localeCompare(b)),
);

export const SEPA_PURPOSES = SEPA_PURPOSE_CODES;

/** Today's date as yyyy-mm-dd in the browser's time zone (the default transfer date). */
export function todayIso(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * Whether an IBAN being typed is worth judging yet: its start can no longer become valid, or it
 * has the length of its country's IBANs (so the check digits can be verified), or it is too long.
 */
export function ibanReadyToCheck(typed: string): boolean {
  const iban = normalizeIban(typed);
  if (!/^([A-Z]{0,2}|[A-Z]{2}\d{1,2}|[A-Z]{2}\d{2}[A-Z0-9]*)$/.test(iban)) return true;
  const expected = SEPA_IBAN_LENGTHS[iban.slice(0, 2)];
  return iban.length >= (expected ?? 34);
}

/** Whether a routing number being typed is worth judging yet: a non-digit, or all 9 digits. */
export function routingReadyToCheck(typed: string): boolean {
  const routing = typed.trim();
  return /\D/.test(routing) || routing.length >= 9;
}
