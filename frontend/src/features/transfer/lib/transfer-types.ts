// The four transfer types and the SEPA reference lists.

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

/** 34 countries: the EU, Iceland, Liechtenstein, Monaco, Norway, San Marino, Switzerland and the United Kingdom. */
export const SEPA_COUNTRIES: Record<string, string> = {
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
  IS: 'Iceland',
  IE: 'Ireland',
  IT: 'Italy',
  LV: 'Latvia',
  LI: 'Liechtenstein',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  MT: 'Malta',
  MC: 'Monaco',
  NL: 'Netherlands',
  NO: 'Norway',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SM: 'San Marino',
  SK: 'Slovakia',
  SI: 'Slovenia',
  ES: 'Spain',
  SE: 'Sweden',
  CH: 'Switzerland',
  GB: 'United Kingdom',
};

export const SEPA_PURPOSES: Record<string, string> = {
  FAMI: 'Family support',
  SALA: 'Salary payment',
  TRAD: 'Trade services',
  CONS: 'Construction services',
  FINC: 'Financial services',
  EDUC: 'Education expenses',
  MEDI: 'Medical expenses',
  OTHR: 'Other',
};

/** Today's date as yyyy-mm-dd in the browser's time zone (the default transfer date). */
export function todayIso(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
