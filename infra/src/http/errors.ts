/** Server error codes the app knows (spec 1, section 8). */
export type ErrorCode =
  | 'INSUFFICIENT_FUNDS'
  | 'ACCOUNT_LOCKED'
  | 'DAILY_LIMIT_EXCEEDED'
  | 'INVALID_RECIPIENT'
  | 'DUPLICATE_TRANSACTION'
  | 'VALIDATION_ERROR'
  | 'NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'INVALID_CREDENTIALS'
  | 'STEP_UP_REQUIRED'
  | 'INVALID_TWO_FACTOR_CODE'
  | 'TWO_FACTOR_CHALLENGE_EXPIRED';

export type FieldErrors = Record<string, string[]>;

/** An expected failure with the status, message, code and field errors the client shows. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const messages = {
  invalid: 'The given data was invalid.',
  unauthenticated: 'Please log in to continue.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  serverError: 'A server error occurred. Please try again later.',
  unavailable: 'The service is temporarily unavailable. Please try again later.',
  insufficientFunds: 'Your account balance is insufficient for this transaction.',
  accountLocked: 'Your account has been temporarily locked. Please contact customer service.',
  dailyLimit: 'You have exceeded your daily transaction limit.',
  invalidRecipient: 'The recipient information is invalid or incomplete.',
  duplicate: 'This transaction appears to be a duplicate. Please wait before trying again.',
} as const;

/** A 422 with errors on named fields; the message is the first field's first error. */
export function fieldError(errors: FieldErrors, code: ErrorCode = 'VALIDATION_ERROR'): ApiError {
  const first = Object.values(errors)[0]?.[0] ?? messages.invalid;
  return new ApiError(422, first, code, errors);
}

export const notFound = () => new ApiError(404, messages.notFound, 'NOT_FOUND');
export const unauthenticated = () => new ApiError(401, messages.unauthenticated, 'UNAUTHENTICATED');
export const forbidden = () => new ApiError(403, messages.forbidden, 'FORBIDDEN');
