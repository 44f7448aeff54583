interface Entry {
  version: number;
  state: unknown;
  /** False when events may have been appended after `version` (an unchecked append, say). */
  current: boolean;
  /** The highest version the stream is known to have reached. */
  known: number;
}

/** A bounded least-recently-used cache of folded stream states, keyed by stream id. */
export class StateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 50_000) {}

  get<S>(streamId: string): { version: number; state: S; current: boolean } | undefined {
    const entry = this.entries.get(streamId);
    if (!entry) return undefined;
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return entry as { version: number; state: S; current: boolean };
  }

  /** Records the state at `version`, as read from the store or as this process just wrote it. */
  set(streamId: string, version: number, state: unknown): void {
    const existing = this.entries.get(streamId);
    if (existing && existing.version > version) return;
    const known = Math.max(existing?.known ?? 0, version);
    this.entries.delete(streamId);
    this.entries.set(streamId, { version, state, current: known === version, known });
    if (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  /**
   * Keeps the state, but the next load reads what was appended after it; `reached` is a version
   * the stream is known to have reached, so a state older than it is never taken as current.
   */
  markStale(streamId: string, reached = 0): void {
    const entry = this.entries.get(streamId);
    if (!entry) return;
    entry.current = false;
    entry.known = Math.max(entry.known, reached);
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }
}
