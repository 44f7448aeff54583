import { ERROR_CODE_MESSAGES, type ErrorCode } from '@bank/contracts';

export type { ErrorCode };

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
  insufficientFunds: ERROR_CODE_MESSAGES.INSUFFICIENT_FUNDS,
  accountLocked: ERROR_CODE_MESSAGES.ACCOUNT_LOCKED,
  dailyLimit: ERROR_CODE_MESSAGES.DAILY_LIMIT_EXCEEDED,
  invalidRecipient: ERROR_CODE_MESSAGES.INVALID_RECIPIENT,
  duplicate: ERROR_CODE_MESSAGES.DUPLICATE_TRANSACTION,
} as const;

/** The body of a 429, for the answers written without an ApiError (a plugin's own refusal). */
export const RATE_LIMITED_BODY = {
  status: 'error',
  message: messages.rateLimited,
  code: 'RATE_LIMITED',
} as const;

/** The bank is too busy for anyone just now: 503, and when to ask again. */
export class ServiceBusy extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, messages.unavailable, 'SERVICE_UNAVAILABLE');
  }
}

/** A 422 with errors on named fields; the message is the first field's first error. */
export function fieldError(errors: FieldErrors, code: ErrorCode = 'VALIDATION_ERROR'): ApiError {
  const first = Object.values(errors)[0]?.[0] ?? messages.invalid;
  return new ApiError(422, first, code, errors);
}

export const notFound = () => new ApiError(404, messages.notFound, 'NOT_FOUND');
export const rateLimited = () => new ApiError(429, messages.rateLimited, 'RATE_LIMITED');
export const unauthenticated = () => new ApiError(401, messages.unauthenticated, 'UNAUTHENTICATED');
export const forbidden = () => new ApiError(403, messages.forbidden, 'FORBIDDEN');
