/**
 * Work that runs one at a time per key, in the order it was asked for, within this process. A
 * failure ends only its own turn: the next piece of work for the key still runs.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly counts = new Map<string, number>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    this.counts.set(key, this.pending(key) + 1);
    void tail.then(() => {
      const left = this.pending(key) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** The key's work running or waiting for its turn. */
  pending(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
