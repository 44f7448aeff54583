/**
 * One append of this process to a stream, queued in the event store and not yet settled.
 *
 * The store commits the appends to a stream in the order they were queued, so the next command
 * may decide on the state this one will leave and expect its version: if this one fails, the
 * stream stays below that version and the next one fails too. That holds only while every append
 * to the stream joins the chain in flight behind the last one (no other append may land in
 * between and bring the stream to the expected version by another path); the unit of work checks
 * it as the append joins the queue.
 */
export interface InFlightAppend {
  /** The version and state the stream will have if the append lands as decided; else unknown. */
  outcome: { version: number; state: unknown } | undefined;
  /**
   * Whether a command may decide on `outcome` before the append lands: only when the chain in
   * flight began on the stream's known head and nothing in it failed so far.
   */
  buildable: boolean;
  /** Once settled: whether the stream reached `outcome` (false if it failed, or landed elsewhere). */
  stored?: boolean;
  /** Resolves once the append settled and the cache holds what it left. */
  settled: Promise<void>;
}

/** The chains of this process's appends in flight, per stream, in commit order. */
export class InFlightAppends {
  private readonly chains = new Map<string, InFlightAppend[]>();

  last(streamId: string): InFlightAppend | undefined {
    return this.chains.get(streamId)?.at(-1);
  }

  all(streamId: string): readonly InFlightAppend[] {
    return this.chains.get(streamId) ?? [];
  }

  add(streamId: string, append: InFlightAppend): void {
    const chain = this.chains.get(streamId);
    if (chain) chain.push(append);
    else this.chains.set(streamId, [append]);
  }

  settle(streamId: string, append: InFlightAppend, stored: boolean): void {
    append.stored = stored;
    const chain = this.chains.get(streamId) ?? [];
    const at = chain.indexOf(append);
    if (at < 0) return;
    chain.splice(at, 1);
    // The appends behind it expected the version it would have left: they cannot land as decided
    // any more, so nothing may be decided on them.
    if (!stored) for (const behind of chain.slice(at)) behind.buildable = false;
    if (chain.length === 0) this.chains.delete(streamId);
  }
}
