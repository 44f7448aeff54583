import { DomainError } from '../../kernel/aggregate.ts';

/** How long a claim code lives, and how many wrong tries it takes. */
export const CLAIM_CODE_TTL_MS = 15 * 60 * 1000;
export const CLAIM_CODE_MAX_ATTEMPTS = 5;

/** How many waiting payments one claim credits at most (the rest wait for the next code). */
export const CLAIMS_PER_CODE = 25;

/**
 * How many codes may be sent to one email or phone in any rolling hour: by one customer, and by
 * all the customers who have carried it (one who registers with another's email and moves on
 * must not buy a fresh allowance for the next).
 */
export const CLAIM_CODES_PER_HOUR = 3;
export const CLAIM_CODE_ISSUE_WINDOW_MS = 60 * 60 * 1000;

/**
 * How many wrong codes may be entered in any rolling 24 hours: by one customer across their
 * codes, and for one email or phone across the customers who asked codes for it.
 */
export const CLAIM_WRONG_CODES_PER_DAY = 10;
export const CLAIM_WRONG_CODE_WINDOW_MS = 24 * 60 * 60 * 1000;

export const CLAIM_CODE_INVALID = 'claim_code_invalid';
export const CLAIM_CODE_LIMITED = 'claim_code_limited';
export const CLAIM_MESSAGES = {
  nothingWaiting: 'No Zelle payments are waiting for your {kind}.',
  noCode: 'This code is invalid or has expired. Please ask for a new code.',
  used: 'This code has already been used. If more payments arrive, ask for a new code.',
  wrongCode: 'This code is not correct.',
  spent: 'Too many wrong codes. Please ask for a new code.',
  tooManyCodes: 'Too many codes requested. Please try again later.',
  tooManyWrong: 'Too many wrong codes. Please try again tomorrow.',
  code: 'Please enter the 6-digit code.',
  kind: 'Please choose email or phone.',
} as const;

/**
 * A code as the check sees it: when it expires, its wrong tries so far, whether it is closed, and
 * whether a claim took it already.
 */
export interface IssuedCode {
  expiresAt: Date;
  attempts: number;
  closed: boolean;
  used?: boolean;
}

/** Six random digits, from the caller's CSPRNG. */
export function newClaimCode(randomInt: (max: number) => number): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/**
 * Decides a claim attempt on the customer's latest code: a closed, used or expired code, or one
 * tried too often, claims nothing; a wrong code counts one attempt (the last one spends the code).
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
  if (!code || code.expiresAt <= now) return refuse(CLAIM_MESSAGES.noCode, false);
  // The right code again after a claim took it (sent twice, or many times at once) is told so.
  if (code.used) return refuse(matches ? CLAIM_MESSAGES.used : CLAIM_MESSAGES.noCode, false);
  if (code.closed) return refuse(CLAIM_MESSAGES.noCode, false);
  if (code.attempts >= CLAIM_CODE_MAX_ATTEMPTS) return refuse(CLAIM_MESSAGES.spent, false);
  if (!matches) {
    const last = code.attempts + 1 >= CLAIM_CODE_MAX_ATTEMPTS;
    return refuse(last ? CLAIM_MESSAGES.spent : CLAIM_MESSAGES.wrongCode, true);
  }
  return { outcome: 'accepted' };
}

/**
 * Decides whether a new code may be sent, given when the customer's earlier codes to the same
 * email or phone were issued: at most CLAIM_CODES_PER_HOUR in any rolling hour.
 */
export function decideNewCode(
  issuedAt: readonly Date[],
  now: Date,
): { outcome: 'allowed' } | { outcome: 'refused'; error: DomainError } {
  const since = now.getTime() - CLAIM_CODE_ISSUE_WINDOW_MS;
  const recent = issuedAt.filter((at) => at.getTime() > since).length;
  if (recent < CLAIM_CODES_PER_HOUR) return { outcome: 'allowed' };
  return {
    outcome: 'refused',
    error: new DomainError(CLAIM_CODE_LIMITED, CLAIM_MESSAGES.tooManyCodes, 'kind'),
  };
}

/**
 * Decides whether the customer may try a code at all, given their codes (of either kind) with
 * the wrong tries each took: at most CLAIM_WRONG_CODES_PER_DAY wrong tries in any rolling 24
 * hours. A try falls between a code's issue and its expiry, so a code counts while its expiry is
 * inside the window (a try up to one code lifetime older may count too, never one too few).
 */
export function decideCodeTry(
  codes: readonly Pick<IssuedCode, 'expiresAt' | 'attempts'>[],
  now: Date,
): { outcome: 'allowed' } | { outcome: 'refused'; error: DomainError } {
  const since = now.getTime() - CLAIM_WRONG_CODE_WINDOW_MS;
  const wrong = codes
    .filter((code) => code.expiresAt.getTime() > since)
    .reduce((sum, code) => sum + code.attempts, 0);
  if (wrong < CLAIM_WRONG_CODES_PER_DAY) return { outcome: 'allowed' };
  return {
    outcome: 'refused',
    error: new DomainError(CLAIM_CODE_LIMITED, CLAIM_MESSAGES.tooManyWrong, 'code'),
  };
}

/** The contact as the ops outbox shows where the code went: "j***@example.com", "***0199". */
export function maskContact(kind: 'email' | 'phone', value: string): string {
  if (kind === 'phone') return `***${value.slice(-4)}`;
  const [user = '', domain = ''] = value.split('@');
  return `${user.slice(0, 1)}***@${domain}`;
}
