import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, RELOAD_KEY } from '@/lib/lazy-route';
import type * as LazyRoute from '@/lib/lazy-route';
import { RouteErrorBoundary } from './route-error';

const reload = vi.hoisted(() => vi.fn());
vi.mock('@/lib/lazy-route', async (original) => {
  const actual = await original<typeof LazyRoute>();
  return {
    ...actual,
    reloadForMissingChunk: (error: unknown) =>
      actual.reloadForMissingChunk(error, { online: true, reload }),
  };
});

function Throws({ error }: { error: Error }): never {
  throw error;
}

function renderAt(error: Error) {
  return render(
    <MemoryRouter initialEntries={['/broken']}>
      <Link to="/fine">Elsewhere</Link>
      <Routes>
        <Route
          element={
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          }
        >
          <Route path="broken" element={<Throws error={error} />} />
          <Route path="fine" element={<h1>Fine page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('a page that cannot render', () => {
  // React reports the caught error on the console; the test expects it.
  afterEach(() => {
    vi.restoreAllMocks();
    reload.mockReset();
    window.sessionStorage.clear();
  });

  it('shows the application error in its place, with what went wrong', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(new Error('boom'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });

  it('says the page could not be loaded when its code failed to download', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(new ChunkLoadError('Loading the page timed out after 120 seconds.'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
  });

  it('reloads the page once when its code is gone after a deploy', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(
      new ChunkLoadError('Failed to fetch dynamically imported module: /assets/x.js', {
        failed: true,
      }),
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(RELOAD_KEY)).not.toBeNull();
    expect(screen.getByText('Loading')).toBeInTheDocument();
  });

  it('shows the error when the reload just taken did not bring the code', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    renderAt(
      new ChunkLoadError('Failed to fetch dynamically imported module: /assets/x.js', {
        failed: true,
      }),
    );
    expect(reload).not.toHaveBeenCalled();
    expect(
      screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
  });

  it('renders the next page opened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(new Error('boom'));
    await screen.findByRole('heading', { name: 'Unexpected Application Error!' });
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine page' })).toBeInTheDocument();
  });
});
