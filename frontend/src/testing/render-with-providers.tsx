import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';

/** Renders a screen with a fresh query client, a router at `path`, and the toaster. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    ),
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => unknown;

/**
 * Replaces fetch with a table of `METHOD /api/path` → handler. A handler returns the response body
 * (wrapped as {status:'success', data}) or a `Response` for errors. Unknown calls answer 404.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] =
    [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    calls.push({
      method,
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const handler = routes[key];
    if (!handler)
      return new Response(JSON.stringify({ status: 'error', message: 'Not found' }), {
        status: 404,
      });
    const result = await handler(url, init);
    if (result instanceof Response) return result;
    return new Response(JSON.stringify({ status: 'success', message: 'OK', data: result }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function errorResponse(status: number, body: Record<string, unknown>) {
  return new Response(JSON.stringify({ status: 'error', ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The bank's refusal until the customer confirms it is them ("Confirm it's you"). */
export const stepUpRequired = () =>
  errorResponse(403, {
    code: 'STEP_UP_REQUIRED',
    message: 'Please confirm it is you with your password or authenticator code to continue.',
  });
