import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  claimChunkReload,
  isMissingChunk,
  lazyComponent,
  preloadable,
  RELOAD_GUARD_MS,
  RELOAD_KEY,
  reloadForMissingChunk,
  withTimeout,
} from './lazy-route';

describe('preloadable', () => {
  it('loads once however often it is asked', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    const module = preloadable(load);
    expect(module.loaded()).toBeUndefined();
    await Promise.all([module.preload(), module.preload()]);
    await module.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(module.loaded()).toBe('module');
  });

  it('can be retried after a failed load', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module');
    const module = preloadable(load);
    await expect(module.preload()).rejects.toThrow('offline');
    await expect(module.preload()).resolves.toBe('module');
  });
});

describe('lazyComponent', () => {
  it('renders at once, without its Suspense fallback, once preloaded', async () => {
    const Page = lazyComponent(() =>
      Promise.resolve({ default: ({ name }: { name: string }) => <h1>Hello {name}</h1> }),
    );
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends until its code has loaded when not preloaded', async () => {
    const Page = lazyComponent(() => Promise.resolve({ default: () => <h1>Loaded</h1> }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
  });
});

describe('reloading once for a chunk a deploy removed', () => {
  const gone = () =>
    withTimeout(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/about-1a2b.js'),
      ),
    ).catch((error: unknown) => error);

  it('knows a chunk that failed to download from one that was too slow', async () => {
    expect(isMissingChunk(await gone())).toBe(true);
    expect(isMissingChunk(new Error('Unable to preload CSS for /assets/cards-9f.css'))).toBe(true);
    expect(isMissingChunk(await withTimeout(() => new Promise(() => {}), 1).catch((e) => e))).toBe(
      false,
    );
    expect(isMissingChunk(new Error('boom'))).toBe(false);
  });

  it('reloads once, then not again within the guard time', async () => {
    const storage = window.sessionStorage;
    storage.clear();
    const reload = vi.fn();
    const error = await gone();
    expect(reloadForMissingChunk(error, { storage, online: true, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The reloaded page still misses it: the error shows instead of a loop.
    expect(reloadForMissingChunk(error, { storage, online: true, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('claims one reload per guard time, noted with its time', () => {
    const storage = window.sessionStorage;
    storage.clear();
    expect(claimChunkReload(storage, 1_000_000)).toBe(true);
    expect(storage.getItem(RELOAD_KEY)).toBe('1000000');
    expect(claimChunkReload(storage, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    // A clock set back counts as recent too.
    expect(claimChunkReload(storage, 1_000_000 - 1)).toBe(false);
    // A later deploy, long after: one more reload.
    expect(claimChunkReload(storage, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it('never reloads where the note cannot be kept, offline, or for other errors', async () => {
    window.sessionStorage.clear();
    const reload = vi.fn();
    const error = await gone();
    expect(reloadForMissingChunk(error, { storage: null, online: true, reload })).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(reloadForMissingChunk(error, { storage: refusing, online: true, reload })).toBe(false);
    expect(
      reloadForMissingChunk(error, { storage: window.sessionStorage, online: false, reload }),
    ).toBe(false);
    expect(
      reloadForMissingChunk(new Error('boom'), {
        storage: window.sessionStorage,
        online: true,
        reload,
      }),
    ).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
