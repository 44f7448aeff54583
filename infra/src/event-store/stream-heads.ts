/** The head of a stream: its last version and that event's chained hash (hex; null at 0). */
export interface StreamHead {
  version: number;
  hash: string | null;
}

export const EMPTY_HEAD: StreamHead = { version: 0, hash: null };

/**
 * The heads of the streams this process last wrote or read, least recently used dropped first.
 * An event's version and hash never change once stored, so a head seen is true for as long as no
 * one appends after it; a later one never gives way to an earlier one.
 */
export class StreamHeads {
  private readonly heads = new Map<string, StreamHead>();

  constructor(private readonly capacity = 100_000) {}

  get(streamId: string): StreamHead | undefined {
    const head = this.heads.get(streamId);
    if (head) {
      this.heads.delete(streamId);
      this.heads.set(streamId, head);
    }
    return head;
  }

  /** Records a head seen in the log, unless one further along is already known. */
  saw(streamId: string, head: StreamHead): void {
    const known = this.heads.get(streamId);
    if (known && known.version > head.version) return;
    this.set(streamId, head);
  }

  /** Records the head this process's own commit left (or the database just confirmed). */
  set(streamId: string, head: StreamHead): void {
    this.heads.delete(streamId);
    this.heads.set(streamId, head);
    if (this.heads.size > this.capacity) {
      this.heads.delete(this.heads.keys().next().value as string);
    }
  }

  forget(streamId: string): void {
    this.heads.delete(streamId);
  }
}
