// No zod here: the web app's entry chunk reads these texts and should not carry a schema library.

/** The codes a failed answer may carry in `code`. */
export const ERROR_CODES = [
  'INSUFFICIENT_FUNDS',
  'ACCOUNT_LOCKED',
  'DAILY_LIMIT_EXCEEDED',
  'INVALID_RECIPIENT',
  'DUPLICATE_TRANSACTION',
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'INVALID_CREDENTIALS',
  'STEP_UP_REQUIRED',
  'INVALID_TWO_FACTOR_CODE',
  'TWO_FACTOR_CHALLENGE_EXPIRED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The texts of the money refusals: the server answers with them and the browser shows them when
 * an answer carries the code without a message of its own.
 */
export const ERROR_CODE_MESSAGES = {
  INSUFFICIENT_FUNDS: 'Your account balance is insufficient for this transaction.',
  ACCOUNT_LOCKED: 'Your account has been temporarily locked. Please contact customer service.',
  DAILY_LIMIT_EXCEEDED: 'You have exceeded your daily transaction limit.',
  INVALID_RECIPIENT: 'The recipient information is invalid or incomplete.',
  DUPLICATE_TRANSACTION:
    'This transaction appears to be a duplicate. Please wait before trying again.',
} as const satisfies Partial<Record<ErrorCode, string>>;
