import { ServiceBusy } from '../http/errors.ts';

/**
 * Whose hashing waits: `client` is who it is fair between (an anonymous request's address, as
 * `clientOf` gives it; a customer, for work only they can ask), and `trusted` marks work an
 * anonymous flood cannot make (a sign-in from the customer's own browser, a signed-in customer's
 * step-up or PIN, the bank's own work).
 */
export interface HashingTurn {
  client: string;
  trusted: boolean;
}

/** The bank's own hashings (a seeded customer, the stand-in hash for unknown account numbers). */
export const BANK_TURN: HashingTurn = { client: 'bank', trusted: true };

/** A hashing only `customerId` can ask for: signed in, or from a browser they signed in from. */
export const customerTurn = (customerId: string): HashingTurn => ({
  client: `customer:${customerId}`,
  trusted: true,
});

interface Waiting {
  start: () => void;
  refuse: (error: ServiceBusy) => void;
  timer: NodeJS.Timeout;
  turn: HashingTurn;
}

/** The clients waiting in one tier, each with its own line, served in rotation. */
class Rotation {
  /** Insertion order is the rotation: a client served moves to the end. */
  private readonly lines = new Map<string, Waiting[]>();
  size = 0;

  waitingFor(client: string): number {
    return this.lines.get(client)?.length ?? 0;
  }

  add(entry: Waiting): void {
    const line = this.lines.get(entry.turn.client);
    if (line) line.push(entry);
    else this.lines.set(entry.turn.client, [entry]);
    this.size++;
  }

  /** The first in line of the client whose turn it is. */
  next(): Waiting | undefined {
    const first = this.lines.entries().next();
    if (first.done) return undefined;
    const [client, line] = first.value;
    const entry = line.shift()!;
    this.lines.delete(client);
    if (line.length > 0) this.lines.set(client, line);
    this.size--;
    return entry;
  }

  remove(entry: Waiting): void {
    const line = this.lines.get(entry.turn.client);
    const at = line?.indexOf(entry) ?? -1;
    if (!line || at < 0) return;
    line.splice(at, 1);
    if (line.length === 0) this.lines.delete(entry.turn.client);
    this.size--;
  }

  /** The client with the longest line and its length; of equals, the one served last. */
  longest(): { client: string; length: number } | undefined {
    let found: { client: string; length: number } | undefined;
    for (const [client, line] of this.lines) {
      if (!found || line.length >= found.length) found = { client, length: line.length };
    }
    return found;
  }

  /** The newest entry of `client`, taken out of the line. */
  takeNewest(client: string): Waiting | undefined {
    const entry = this.lines.get(client)?.at(-1);
    if (entry) this.remove(entry);
    return entry;
  }
}

/**
 * A fixed number of hashings at once, and a bounded line waiting for a turn. Argon2 runs on
 * libuv's thread pool, which file reads, DNS look-ups and async crypto share: without a bound, a
 * flood of sign-ins fills every pool thread and its queue, and everything else waits behind it.
 * Past the line, or after waiting longer than anyone should, the answer is 503 with Retry-After.
 *
 * The line is fair: each client waits in a line of its own, at most `maxPerClient` long (past that
 * only that client is refused), and the clients take turns. Trusted clients and anonymous ones
 * wait in two rotations that alternate while both have someone waiting: a flood of either kind
 * can take at most every other turn from the other. A flood from a few addresses then waits behind
 * itself, a customer elsewhere waits about two turns of each flooding client, and one whose own
 * browser signs in waits only for the other trusted clients. When the whole line is full, a
 * newcomer takes the place of the newest entry of the longest anonymous line, if that is longer
 * than the newcomer's own (a trusted newcomer: any anonymous place).
 */
export class HashingLine {
  private running = 0;
  private readonly trusted = new Rotation();
  private readonly anonymous = new Rotation();
  /** Whether the last turn handed over went to a trusted client. */
  private trustedServedLast = false;

  constructor(
    private readonly threads: number,
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
    private readonly maxPerClient: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  /** Refuses now when a hashing asked for would be refused: before work that leads to one. */
  refuseWhenFull(turn: HashingTurn = BANK_TURN): void {
    if (this.running < this.threads) return;
    const ownLineFull = this.tierOf(turn).waitingFor(turn.client) >= this.maxPerClient;
    if (ownLineFull || !this.roomFor(turn)) {
      throw new ServiceBusy(this.retryAfterSeconds);
    }
  }

  async run<T>(work: () => Promise<T>, turn: HashingTurn = BANK_TURN): Promise<T> {
    this.refuseWhenFull(turn);
    if (this.running < this.threads) this.running++;
    else await this.wait(turn);
    try {
      return await work();
    } finally {
      const next = this.nextTurn();
      if (next) {
        clearTimeout(next.timer);
        next.start();
      } else {
        this.running--;
      }
    }
  }

  private nextTurn(): Waiting | undefined {
    const first = this.trustedServedLast && this.anonymous.size > 0 ? this.anonymous : this.trusted;
    const next = first.next() ?? (first === this.trusted ? this.anonymous : this.trusted).next();
    if (next) this.trustedServedLast = next.turn.trusted;
    return next;
  }

  private tierOf(turn: HashingTurn): Rotation {
    return turn.trusted ? this.trusted : this.anonymous;
  }

  /**
   * Whether `turn` may join a line: there is room, or it can take the place of the newest entry
   * of a longer anonymous line (trusted work takes any anonymous place).
   */
  private roomFor(turn: HashingTurn): boolean {
    if (this.trusted.size + this.anonymous.size < this.maxWaiting) return true;
    const longest = this.anonymous.longest();
    if (!longest) return false;
    return turn.trusted || longest.length > this.anonymous.waitingFor(turn.client) + 1;
  }

  /** Waits for a running hashing to hand over its thread. */
  private wait(turn: HashingTurn): Promise<void> {
    if (this.trusted.size + this.anonymous.size >= this.maxWaiting) {
      const displaced = this.anonymous.takeNewest(this.anonymous.longest()!.client)!;
      clearTimeout(displaced.timer);
      displaced.refuse(new ServiceBusy(this.retryAfterSeconds));
    }
    const tier = this.tierOf(turn);
    return new Promise<void>((start, refuse) => {
      const entry: Waiting = {
        start,
        refuse,
        turn,
        timer: setTimeout(() => {
          tier.remove(entry);
          refuse(new ServiceBusy(this.retryAfterSeconds));
        }, this.maxWaitMs),
      };
      tier.add(entry);
    });
  }
}
