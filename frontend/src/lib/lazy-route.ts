import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

// Route chunks (and heavy widgets) load lazily and give up after 120 s with a
// ChunkLoadError.

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
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
