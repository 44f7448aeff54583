import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi } from '@/testing/render-with-providers';
import { api } from './api-client';
import { AuthProvider, ttlFrom, useAuth } from './auth';

function Status() {
  const { status, user } = useAuth();
  return <p>{`${status}${user ? ` as ${user.name}` : ''}`}</p>;
}

const open = (onSignedOut?: () => void) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider onSignedOut={onSignedOut}>
        <Status />
      </AuthProvider>
    </QueryClientProvider>,
  );

beforeEach(() => {
  localStorage.setItem('auth_token', 'token-1');
  localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Ada Lovelace', email: 'a@b.c' }));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('opening the app with a stored session', () => {
  it('keeps the customer signed in when the bank cannot answer who they are', async () => {
    for (const failure of [
      () => errorResponse(503, { message: 'Service unavailable' }),
      () => errorResponse(500, { message: 'Internal error' }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      localStorage.setItem('auth_token', 'token-1');
      mockApi({ 'GET /api/user': failure });
      const { unmount } = open();
      expect(await screen.findByText('authenticated as Ada Lovelace')).toBeInTheDocument();
      expect(localStorage.getItem('auth_token')).toBe('token-1');
      unmount();
    }
  });

  it('signs out when the bank says the session has ended', async () => {
    mockApi({ 'GET /api/user': () => errorResponse(401, { message: 'Unauthenticated.' }) });
    open();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('a 401 on any call', () => {
  it('signs out and leaves for the sign-in page even when the token was already gone from storage', async () => {
    // The bank cannot say who the customer is: the stored session stands (as above).
    mockApi({
      'GET /api/user': () => errorResponse(503, { message: 'Service unavailable' }),
      'POST /api/transfers': () => errorResponse(401, { message: 'Please log in to continue.' }),
    });
    const signedOut = vi.fn();
    open(signedOut);
    expect(await screen.findByText('authenticated as Ada Lovelace')).toBeInTheDocument();

    // Removed in this tab (no storage event here): the call goes without a token.
    localStorage.removeItem('auth_token');
    await api.post('/transfers', {}).catch(() => undefined);

    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('the idle lifetime of a session', () => {
  // The server answers at 13:00:00.300; its Date header names the whole second, 13:00:00.
  const serverTime = Date.parse('2026-12-06T13:00:00.300Z');
  const thirtyMinutes = 30 * 60_000;

  it.each([
    ['28 minutes fast', 28],
    ['28 minutes slow', -28],
    ['right', 0],
  ])('is the server’s 30 minutes when the computer’s clock is %s', async (_, skewMinutes) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(serverTime + skewMinutes * 60_000);
    mockApi({
      'POST /api/session/refresh': () =>
        new Response(JSON.stringify({ status: 'success', data: {} }), {
          headers: { 'Content-Type': 'application/json', Date: new Date(serverTime).toUTCString() },
        }),
    });
    await api.post('/session/refresh');
    // The expiry the server set 40 ms before it answered.
    expect(ttlFrom(new Date(serverTime - 40 + thirtyMinutes).toISOString())).toBe(thirtyMinutes);
  });
});
