interface Entry {
  version: number;
  state: unknown;
  /** False when events may have been appended after `version` (an unchecked append, say). */
  current: boolean;
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
    this.entries.delete(streamId);
    this.entries.set(streamId, { version, state, current: true });
    if (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  /** Keeps the state, but the next load reads what was appended after it. */
  markStale(streamId: string): void {
    const entry = this.entries.get(streamId);
    if (entry) entry.current = false;
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }
}
