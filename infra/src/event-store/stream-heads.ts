/** The head of a stream: its last version and that event's chained hash (hex; null at 0). */
export interface StreamHead {
  version: number;
  hash: string | null;
  /**
   * The stream holds a closing event (CLOSING_EVENT_TYPES): an "open" append to it fails. Known
   * when this store appended the close or the database refused an "open" append for it; a head
   * read from the log does not say, and append_events() then checks.
   */
  closed?: boolean;
}

/** The event types that close their stream for good (as migration 0971_closed_streams.sql). */
export const CLOSING_EVENT_TYPES: ReadonlySet<string> = new Set(['AccountClosed']);

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

  /**
   * Records a head seen in the log, unless it is already known (with what else is known of it,
   * such as its being closed) or one further along is.
   */
  saw(streamId: string, head: StreamHead): void {
    const known = this.heads.get(streamId);
    if (known && known.version >= head.version) return;
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
