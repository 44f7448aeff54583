/**
 * Shares one computation among its callers: whoever asks while it runs, or within `maxAgeMs`
 * after it settled, gets the same result, and only then is it computed again. A failure is shared
 * with those already waiting but not kept. For answers anyone may ask for as often as they like
 * (the health report needs no token): a flood of callers costs one computation per interval.
 */
export function sharedResult<T>(compute: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  let current: Promise<T> | undefined;
  /** When `current` settled; Infinity while it runs, so that it is shared until then. */
  let settledAt = 0;
  return () => {
    if (current && performance.now() - settledAt < maxAgeMs) return current;
    const started = compute();
    current = started;
    settledAt = Infinity;
    started.then(
      () => {
        if (current === started) settledAt = performance.now();
      },
      () => {
        if (current === started) current = undefined;
      },
    );
    return started;
  };
}
