import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { endServerSession, logoutRetryDelay } from './end-session';

const failure = (status: number, retryAfter?: number) =>
  new ApiError('failed', status, undefined, undefined, false, retryAfter);

/** Answers the logout calls in turn (an error is thrown), recording the waits asked for. */
function bank(...answers: (ApiError | Error | 'ok')[]) {
  const waits: number[] = [];
  let calls = 0;
  const send = async () => {
    const answer = answers[calls++];
    if (answer === undefined) throw new Error('called once too often');
    if (answer !== 'ok') throw answer;
  };
  const wait = async (ms: number) => {
    waits.push(ms);
  };
  return { send, wait, waits, calls: () => calls };
}

const live = () => new AbortController().signal;

describe('ending the session on the server at sign-out', () => {
  it('is done when the server answers, or answers 401 (the session had already ended)', async () => {
    for (const answer of ['ok', failure(401)] as const) {
      const b = bank(answer);
      expect(await endServerSession(b.send, live(), b.wait)).toBe(true);
      expect(b.calls()).toBe(1);
    }
  });

  it('sends again after a lost connection, a 5xx or a 429, with a short backoff', async () => {
    for (const status of [0, 500, 502, 503, 429]) {
      const b = bank(failure(status), 'ok');
      expect(await endServerSession(b.send, live(), b.wait)).toBe(true);
      expect(b.waits).toEqual([500]);
    }
  });

  it('gives up unconfirmed after two retries', async () => {
    const b = bank(failure(503), failure(0), failure(503));
    expect(await endServerSession(b.send, live(), b.wait)).toBe(false);
    expect(b.waits).toEqual([500, 1000]);
    expect(b.calls()).toBe(3);
  });

  it('waits as long as a short Retry-After asks, and not at all for a long one', async () => {
    const short = bank(failure(429, 2), failure(503, 1), 'ok');
    expect(await endServerSession(short.send, live(), short.wait)).toBe(true);
    expect(short.waits).toEqual([2000, 1000]);

    const long = bank(failure(429, 60));
    expect(await endServerSession(long.send, live(), long.wait)).toBe(false);
    expect(long.waits).toEqual([]);
  });

  it('does not send again a refusal that another try would not change', async () => {
    for (const error of [failure(400), failure(403), failure(404), new TypeError('parse')]) {
      const b = bank(error);
      expect(await endServerSession(b.send, live(), b.wait)).toBe(false);
      expect(b.calls()).toBe(1);
    }
  });

  it('stops when its time is up (a server that does not answer)', async () => {
    const controller = new AbortController();
    const b = bank(failure(0));
    controller.abort();
    expect(await endServerSession(b.send, controller.signal, b.wait)).toBe(false);
    expect(b.calls()).toBe(1);
  });
});

describe('logoutRetryDelay', () => {
  it('names no wait past the retries allowed', () => {
    expect(logoutRetryDelay(failure(503), 0)).toBe(500);
    expect(logoutRetryDelay(failure(503), 1)).toBe(1000);
    expect(logoutRetryDelay(failure(503), 2)).toBeNull();
  });
});
