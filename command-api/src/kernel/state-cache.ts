/** A bounded least-recently-used cache of folded stream states, keyed by stream id. */
export class StateCache {
  private readonly entries = new Map<string, { version: number; state: unknown }>();

  constructor(private readonly capacity = 50_000) {}

  get<S>(streamId: string): { version: number; state: S } | undefined {
    const entry = this.entries.get(streamId);
    if (!entry) return undefined;
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return entry as { version: number; state: S };
  }

  set(streamId: string, version: number, state: unknown): void {
    const current = this.entries.get(streamId);
    if (current && current.version > version) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, { version, state });
    if (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }
}
