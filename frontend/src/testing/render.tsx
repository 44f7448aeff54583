import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/lib/auth';

type Handler = (
  url: URL,
  init: RequestInit,
) => { status?: number; body: unknown; headers?: Record<string, string> } | undefined;

/** Replaces fetch with a small fake server; returns the calls made. */
export function fakeServer(handler: Handler) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] =
    [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        body,
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      const reply = handler(url, init) ?? {
        status: 404,
        body: { status: 'error', message: 'Not found' },
      };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      });
    }),
  );
  return calls;
}

export const ok = (data: unknown, message = 'OK') => ({
  body: { status: 'success', message, data },
});

/** Renders `ui` at `path` inside the app's providers, with extra routes (e.g. the redirect targets). */
export function renderWithApp(ui: ReactElement, { path = '/', routes = [] as RouteObject[] } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
