import { BANK } from '@/components/ui/brand';

export const RECOVERY_CODES_FILE_NAME = 'harborview-recovery-codes.txt';

/** The recovery codes as the customer copies or downloads them: a short heading, then one per line. */
export function recoveryCodesText(codes: string[], issuedAt: Date): string {
  return [
    `${BANK.name}: two-factor recovery codes`,
    `Issued ${issuedAt.toISOString().slice(0, 10)}. Each code signs you in once; new codes replace these.`,
    '',
    ...codes,
    '',
  ].join('\n');
}
