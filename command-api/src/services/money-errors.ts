import { ApiError, notFound } from '@bank/infra';
import { INSUFFICIENT_FUNDS } from '../domain/account/account.ts';
import type { DomainError } from '../kernel/aggregate.ts';
import { DAILY_LIMIT_EXCEEDED, DUPLICATE_TRANSACTION } from '../domain/transfers/limits.ts';
import { IDEMPOTENCY_KEY_REUSED } from '../domain/transfers/idempotency.ts';
import { REQUEST_CLOSED } from '../domain/zelle/zelle.ts';
import { QUOTE_EXPIRED } from '../domain/transfers/fx.ts';
import { DUPLICATE_SCHEDULE } from '../domain/bill-pay/schedule.ts';

import { INVALID_RECIPIENT, RECIPIENT_NOT_FOUND } from '../domain/transfers/posting.ts';

export { INVALID_RECIPIENT, RECIPIENT_NOT_FOUND };

/**
 * Maps a broken money rule to the answer the client shows: 422 with the product's message on the
 * field and its error code; 409 for a duplicate, a request that is no longer open or an expired
 * exchange-rate quote; 404 for
 * anything that is not the customer's own.
 */
export function toApiError(error: DomainError): ApiError {
  const field = error.field ?? 'amount';
  const withField = (code: ConstructorParameters<typeof ApiError>[2]) =>
    new ApiError(422, error.message, code, { [field]: [error.message] });
  switch (error.reason) {
    case INSUFFICIENT_FUNDS:
      return withField('INSUFFICIENT_FUNDS');
    case DAILY_LIMIT_EXCEEDED:
      return withField('DAILY_LIMIT_EXCEEDED');
    case INVALID_RECIPIENT:
      return withField('INVALID_RECIPIENT');
    // The words say what is repeated: a transaction, the payment it matches (the customer may
    // confirm this one and go on), an account just opened.
    case DUPLICATE_TRANSACTION:
    case DUPLICATE_SCHEDULE:
      return new ApiError(409, error.message, 'DUPLICATE_TRANSACTION');
    case IDEMPOTENCY_KEY_REUSED:
      return new ApiError(422, error.message, 'IDEMPOTENCY_KEY_REUSED');
    case REQUEST_CLOSED:
    case QUOTE_EXPIRED:
      return new ApiError(409, error.message, 'CONFLICT');
    case 'not_found':
      return notFound();
    default:
      return error.field
        ? new ApiError(422, error.message, 'VALIDATION_ERROR', { [error.field]: [error.message] })
        : new ApiError(422, error.message, 'VALIDATION_ERROR');
  }
}
