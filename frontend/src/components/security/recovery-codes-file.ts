import { bankDate } from '@bank/contracts/bank-time';
import { BANK } from '@/components/ui/brand';

export const RECOVERY_CODES_FILE_NAME = 'harborview-recovery-codes.txt';

/**
 * The recovery codes as the customer copies or downloads them: a short heading dated on the bank's
 * day (as statements and the history are), then one per line.
 */
export function recoveryCodesText(codes: string[], issuedAt: Date): string {
  return [
    `${BANK.name}: two-factor recovery codes`,
    `Issued ${bankDate(issuedAt)}. Each code signs you in once; new codes replace these.`,
    '',
    ...codes,
    '',
  ].join('\n');
}
