import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi } from '@/testing/render-with-providers';
import { AuthProvider, useAuth } from './auth';

function Status() {
  const { status, user } = useAuth();
  return <p>{`${status}${user ? ` as ${user.name}` : ''}`}</p>;
}

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
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
