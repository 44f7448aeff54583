import { SEPA_COUNTRIES as SEPA_COUNTRY_NAMES } from '@bank/contracts';
import { IBAN_LENGTHS, normalizeIban } from '@bank/contracts/bank-codes';

// The four transfer types and the SEPA reference lists: one table, shared with the server.
export {
  SEPA_PURPOSES,
  TRANSFER_TYPE_INFO,
  TRANSFER_TYPES,
  type TransferType,
  type TransferTypeInfo,
} from '@bank/contracts';

/** The SEPA countries, by name for the picker (the list and its codes are the server's). */
export const SEPA_COUNTRIES: Record<string, string> = Object.fromEntries(
  Object.entries(SEPA_COUNTRY_NAMES).sort(([, a], [, b]) => a.localeCompare(b)),
);

// Transfer dates are the bank's calendar dates, as the server judges them.
export { bankToday, lastScheduleEndDate, lastSchedulableDate } from '@bank/contracts/bank-time';

/**
 * Whether an IBAN being typed is worth judging yet: its start can no longer become valid, or it
 * has the length of its country's IBANs (so the check digits can be verified), or it is too long.
 */
export function ibanReadyToCheck(typed: string): boolean {
  const iban = normalizeIban(typed);
  if (!/^([A-Z]{0,2}|[A-Z]{2}\d{1,2}|[A-Z]{2}\d{2}[A-Z0-9]*)$/.test(iban)) return true;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  return iban.length >= (expected ?? 34);
}

/** Whether a routing number being typed is worth judging yet: a non-digit, or all 9 digits. */
export function routingReadyToCheck(typed: string): boolean {
  const routing = typed.trim();
  return /\D/.test(routing) || routing.length >= 9;
}
