import { describe, expect, it } from 'vitest';
import { HttpError, rateLimitHint } from './http.ts';

describe('rateLimitHint', () => {
  it('names RATE_LIMITS=load for a bank that answered 429', () => {
    const error = new HttpError(429, { message: 'Too many requests' }, 'POST /api/register');
    expect(rateLimitHint(error)).toBe(
      "POST /api/register answered 429 Too Many Requests: the bank's rate limits refuse the load test; start the bank with RATE_LIMITS=load (load tests only).",
    );
  });

  it('has nothing to say of another failure', () => {
    expect(rateLimitHint(new HttpError(500, {}, 'POST /api/register'))).toBeUndefined();
    expect(rateLimitHint(new Error('boom'))).toBeUndefined();
  });
});
