import { DomainError } from '../../kernel/aggregate.ts';

/** How long a claim code lives, and how many wrong tries it takes. */
export const CLAIM_CODE_TTL_MS = 15 * 60 * 1000;
export const CLAIM_CODE_MAX_ATTEMPTS = 5;

export const CLAIM_CODE_INVALID = 'claim_code_invalid';
export const CLAIM_MESSAGES = {
  nothingWaiting: 'No Zelle payments are waiting for your {kind}.',
  noCode: 'This code is invalid or has expired. Please ask for a new code.',
  wrongCode: 'This code is not correct.',
  spent: 'Too many wrong codes. Please ask for a new code.',
  code: 'Please enter the 6-digit code.',
  kind: 'Please choose email or phone.',
} as const;

/** A code as the check sees it: when it expires, how often it was tried, whether it is closed. */
export interface IssuedCode {
  expiresAt: Date;
  attempts: number;
  closed: boolean;
}

/** Six random digits, from the caller's CSPRNG. */
export function newClaimCode(randomInt: (max: number) => number): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/**
 * Decides a claim attempt on the customer's latest code: a closed or expired code, or one tried
 * too often, claims nothing; a wrong code counts one attempt (the last one spends the code).
 */
export function decideCodeAttempt(
  code: IssuedCode | undefined,
  matches: boolean,
  now: Date,
): { outcome: 'accepted' } | { outcome: 'refused'; countAttempt: boolean; error: DomainError } {
  const refuse = (message: string, countAttempt: boolean) => ({
    outcome: 'refused' as const,
    countAttempt,
    error: new DomainError(CLAIM_CODE_INVALID, message, 'code'),
  });
  if (!code || code.closed || code.expiresAt <= now) return refuse(CLAIM_MESSAGES.noCode, false);
  if (code.attempts >= CLAIM_CODE_MAX_ATTEMPTS) return refuse(CLAIM_MESSAGES.spent, false);
  if (!matches) {
    const last = code.attempts + 1 >= CLAIM_CODE_MAX_ATTEMPTS;
    return refuse(last ? CLAIM_MESSAGES.spent : CLAIM_MESSAGES.wrongCode, true);
  }
  return { outcome: 'accepted' };
}

/** The contact as the ops outbox shows where the code went: "j***@example.com", "***0199". */
export function maskContact(kind: 'email' | 'phone', value: string): string {
  if (kind === 'phone') return `***${value.slice(-4)}`;
  const [user = '', domain = ''] = value.split('@');
  return `${user.slice(0, 1)}***@${domain}`;
}
