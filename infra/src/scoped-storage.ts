import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An AsyncLocalStorage that is enabled only while one of its contexts is open. On Node 20, while
 * any AsyncLocalStorage is enabled, every promise the process creates runs a hook (about 60 ns
 * per await per storage), and a storage stays enabled once used. Work that needs a context now and
 * then (a job, a read with a consistency token) then taxes every request of the process; this one
 * switches itself off when its last context closes.
 */
export class ScopedStorage<T> {
  private readonly storage = new AsyncLocalStorage<T>();
  private opened = 0;

  getStore(): T | undefined {
    return this.storage.getStore();
  }

  /**
   * Runs `fn` in a context holding `store`, and leaves that context open until `close` is called
   * (a context that outlives the function that entered it, such as a request's).
   */
  open<R>(store: T, fn: () => R): { result: R; close: () => void } {
    this.opened += 1;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      this.opened -= 1;
      // No context is left to read: stop tracking the process's promises.
      if (this.opened === 0) this.storage.disable();
    };
    try {
      return { result: this.storage.run(store, fn), close };
    } catch (error) {
      close();
      throw error;
    }
  }

  /** Runs `fn` in a context holding `store`, closed once `fn` (or the promise it returns) ends. */
  run<R>(store: T, fn: () => Promise<R>): Promise<R> {
    const { result, close } = this.open(store, fn);
    return result.finally(close);
  }

  /** How many contexts are open (for tests). */
  get openContexts(): number {
    return this.opened;
  }
}
