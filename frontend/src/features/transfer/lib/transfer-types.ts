// The four transfer types and the SEPA reference lists: one table, shared with the server.
export {
  SEPA_COUNTRIES,
  SEPA_PURPOSES,
  TRANSFER_TYPE_INFO,
  TRANSFER_TYPES,
  type TransferType,
  type TransferTypeInfo,
} from '@bank/contracts';

/** Today's date as yyyy-mm-dd in the browser's time zone (the default transfer date). */
export function todayIso(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
