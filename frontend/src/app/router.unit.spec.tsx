import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { AppRoutes } from './router';

describe('opening the dashboard with a stored session', () => {
  it('asks for the dashboard data while the sign-in check is still running', async () => {
    localStorage.setItem('auth_token', 'token-1');
    localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Ada Lovelace', email: 'a@b.c' }));
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const path = new URL(input, 'http://localhost').pathname;
        requested.push(path);
        // The sign-in check does not answer during this test.
        if (path === '/api/user') return new Promise<Response>(() => {});
        return Promise.resolve(
          new Response(JSON.stringify({ status: 'success', message: 'OK', data: {} }), {
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/dashboard']}>
            <AppRoutes />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect([...requested].sort()).toEqual(['/api/dashboard', '/api/user']));
    vi.unstubAllGlobals();
  });
});
