import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, preloadable } from './lazy-route';

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
