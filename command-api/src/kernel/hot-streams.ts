import { within } from '@bank/infra';
/**
 * Streams that recently conflicted, such as a popular recipient's limits: commands in this process
 * that load one take turns on it, each deciding on the state the previous one left, instead of
 * racing and retrying. Turns are bounded, so commands that take two hot streams in opposite
 * orders only wait, never deadlock.
 */
export class HotStreams {
  private readonly hotUntil = new Map<string, number>();
  private readonly tails = new Map<string, Promise<void>>();

  constructor(
    private readonly coolDownMs = 5_000,
    private readonly maxWaitMs = 1_000,
  ) {}

  markHot(streamId: string): void {
    this.hotUntil.set(streamId, Date.now() + this.coolDownMs);
  }

  isHot(streamId: string): boolean {
    const until = this.hotUntil.get(streamId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.hotUntil.delete(streamId);
    return false;
  }

  /** Waits until the commands before this one on the stream are done; returns its release. */
  async turn(streamId: string): Promise<() => void> {
    const previous = this.tails.get(streamId) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(streamId, tail);
    void tail.then(() => {
      if (this.tails.get(streamId) === tail) this.tails.delete(streamId);
    });
    await within(previous, this.maxWaitMs, undefined);
    return release;
  }
}
