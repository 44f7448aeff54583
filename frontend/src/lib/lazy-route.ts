import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { tabStore } from './browser-storage';

// Route chunks (and heavy widgets) load lazily and give up after 120 s with a
// ChunkLoadError.

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  /** True when the download failed outright (the file may be gone), not when it was too slow. */
  readonly failed: boolean;
  constructor(message: string, options: { failed?: boolean } = {}) {
    super(message);
    this.failed = options.failed ?? false;
  }
}

export function withTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new ChunkLoadError(`Loading the page timed out after ${timeoutMs / 1000} seconds.`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          new ChunkLoadError(
            error instanceof Error ? error.message : 'The page could not be loaded.',
            { failed: true },
          ),
        );
      },
    );
  });
}

/** A module loaded once on first demand (with the chunk timeout); a failed load can be retried. */
export function preloadable<T>(load: () => Promise<T>) {
  let pending: Promise<T> | null = null;
  let value: T | undefined;
  return {
    preload(): Promise<T> {
      pending ??= withTimeout(load).then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

/**
 * A component whose code loads on first render (inside a Suspense boundary), or earlier through
 * preload(): routes preload while the sign-in check runs, widgets on the user's first intent.
 * Once loaded it renders at once, without suspending again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const module = preloadable(load);
  const Lazy = lazy(module.preload);
  function LazyComponent(props: ComponentProps<T>) {
    // Fixed at mount: switching type later would remount the page and lose its state.
    const [Component] = useState<ComponentType<ComponentProps<T>>>(
      () => module.loaded()?.default ?? (Lazy as unknown as ComponentType<ComponentProps<T>>),
    );
    return createElement(Component, props);
  }
  return Object.assign(LazyComponent, { preload: module.preload });
}

export const lazyRoute = lazyComponent;

// A deploy replaces the hashed chunks, so a tab opened before it asks for files that no longer
// exist. Reloading the page (at the address being opened) fetches the new version. One automatic
// reload per tab within RELOAD_GUARD_MS: if the chunk is still missing after it, the error shows.

export const RELOAD_KEY = 'chunk-reload-at';
export const RELOAD_GUARD_MS = 5 * 60_000;

/**
 * A chunk that failed to download outright (the file is gone, or its CSS is), which the newest
 * version of the app may fix; a time-out is a slow network, which a reload does not fix.
 */
export function isMissingChunk(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return error.failed;
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/**
 * Takes this tab's one automatic reload: true (and noted with the time) when none was taken
 * within RELOAD_GUARD_MS. Without a store that keeps the note, never: the reload could loop.
 */
export function claimChunkReload(storage: Storage | null, now = Date.now()): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOAD_KEY));
    if (last && Math.abs(now - last) < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_KEY, String(now));
    return storage.getItem(RELOAD_KEY) === String(now);
  } catch {
    return false;
  }
}

/**
 * Reloads the page when a chunk is missing and this tab has not just reloaded for that; returns
 * whether it did. Offline, a reload would only show the browser's error page.
 */
export function reloadForMissingChunk(
  error: unknown,
  {
    storage = tabStore(),
    online = typeof navigator === 'undefined' || navigator.onLine !== false,
    reload = () => window.location.reload(),
  }: { storage?: Storage | null; online?: boolean; reload?: () => void } = {},
): boolean {
  if (!isMissingChunk(error) || !online || !claimChunkReload(storage)) return false;
  reload();
  return true;
}
