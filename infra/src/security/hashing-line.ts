import { ServiceBusy } from '../http/errors.ts';

interface Waiting {
  start: () => void;
  refuse: (error: ServiceBusy) => void;
  timer: NodeJS.Timeout;
}

/**
 * A fixed number of hashings at once, and a bounded line waiting for a turn. Argon2 runs on
 * libuv's thread pool, which file reads, DNS look-ups and async crypto share: without a bound, a
 * flood of sign-ins fills every pool thread and its queue, and everything else waits behind it.
 * Past the line, or after waiting longer than anyone should, the answer is 503 with Retry-After.
 */
export class HashingLine {
  private running = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly threads: number,
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  /** Refuses now when a hashing asked for would be refused: before work that leads to one. */
  refuseWhenFull(): void {
    if (this.running >= this.threads && this.waiting.length >= this.maxWaiting) {
      throw new ServiceBusy(this.retryAfterSeconds);
    }
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.refuseWhenFull();
    if (this.running < this.threads) this.running++;
    else await this.turn();
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.start();
      } else {
        this.running--;
      }
    }
  }

  /** Waits for a running hashing to hand over its thread. */
  private turn(): Promise<void> {
    return new Promise<void>((start, refuse) => {
      const entry: Waiting = {
        start,
        refuse,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          refuse(new ServiceBusy(this.retryAfterSeconds));
        }, this.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }
}
