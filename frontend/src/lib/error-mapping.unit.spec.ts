import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, mapError } from './error-mapping';

describe('shared error mapping', () => {
  it.each([
    [401, 'Authentication Required', 'Please log in to continue.'],
    [403, 'Access Denied', 'You do not have permission to perform this action.'],
    [404, 'Not Found', 'The requested resource was not found.'],
    [429, 'Rate Limit Exceeded', 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server Error', 'A server error occurred. Please try again later.'],
    [503, 'Service Unavailable', 'The service is temporarily unavailable. Please try again later.'],
  ])('maps HTTP %i to "%s" with its default message', (status, title, message) => {
    expect(mapError(new ApiError('x', status))).toEqual({
      type: 'error',
      title,
      message,
      duration: 8000,
    });
  });

  it('titles 400 and 422 and lets the server message replace the default', () => {
    expect(
      mapError(new ApiError('Amount is too large', 400, undefined, undefined, true)),
    ).toMatchObject({
      title: 'Invalid Request',
      message: 'Amount is too large',
    });
    expect(mapError(new ApiError('x', 422)).title).toBe('Validation Error');
  });

  it('joins field errors with commas', () => {
    const error = new ApiError(
      'The given data was invalid.',
      422,
      { email: ['The email is taken.'], phone: ['The phone is required.'] },
      undefined,
      true,
    );
    expect(mapError(error).message).toBe('The email is taken., The phone is required.');
  });

  it.each([
    ['INSUFFICIENT_FUNDS', 'Your account balance is insufficient for this transaction.'],
    [
      'ACCOUNT_LOCKED',
      'Your account has been temporarily locked. Please contact customer service.',
    ],
    ['DAILY_LIMIT_EXCEEDED', 'You have exceeded your daily transaction limit.'],
    ['INVALID_RECIPIENT', 'The recipient information is invalid or incomplete.'],
  ])('explains the server code %s', (code, message) => {
    expect(mapError(new ApiError('x', 422, undefined, code))).toMatchObject({
      type: 'error',
      message,
      duration: 8000,
    });
  });

  it('shows a duplicate transaction as a six-second warning', () => {
    expect(mapError(new ApiError('x', 409, undefined, 'DUPLICATE_TRANSACTION'))).toEqual({
      type: 'warning',
      title: 'Duplicate Transaction',
      message: 'This transaction appears to be a duplicate. Please wait before trying again.',
      duration: 6000,
    });
  });

  it('reports an unreachable server as a connection error', () => {
    expect(mapError(new ApiError('offline', 0))).toMatchObject({
      title: 'Connection Error',
      message:
        'Unable to connect to the server. Please check your internet connection and try again.',
    });
  });

  it('prefers the server message on forms and falls back otherwise', () => {
    expect(
      errorMessage(
        new ApiError('Invalid account number or password.', 401, undefined, undefined, true),
        'Login failed',
      ),
    ).toBe('Invalid account number or password.');
    expect(errorMessage(new ApiError('Unauthorized', 401), 'Login failed')).toBe('Login failed');
  });
});
