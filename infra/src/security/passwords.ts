import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { HashingLine, type HashingTurn } from './hashing-line.ts';

// argon2id (the library's default algorithm) with OWASP's minimum recommended cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many hashings run at once: at most half of libuv's threads, so the rest stay for files, DNS
 * and crypto, and at most one fewer than the machine's cores, so a flood of sign-ins leaves a core
 * for the event loop and PostgreSQL (on two cores, two hashings at once slowed every request).
 */
export const hashingThreads = (libuvThreads: number, cores: number): number =>
  Math.max(1, Math.min(Math.floor(libuvThreads / 2), cores - 1));

/**
 * A hash takes tens of milliseconds, so the line is long: a burst of real sign-ins (forty
 * customers at nine in the morning) waits its turn; only a flood fills it, and a hashing that
 * would wait past 10 s, or find the line full, is answered 503 at once.
 */
const line = new HashingLine(
  hashingThreads(Number(process.env.UV_THREADPOOL_SIZE) || 4, availableParallelism()),
  256,
  10_000,
  // One client's share of the line: an office behind one address, or a load test's seeding,
  // registers or signs in dozens at once. Fairness comes from the turns and from a newcomer to a
  // full line taking the newest place of the longest line, not from this bound.
  64,
);

/**
 * The hash; ServiceBusy (503) when the line of hashings is full. `turn` names whose work it is
 * (an anonymous request's address, a customer, the bank), so that a flood waits behind itself.
 */
export function hashSecret(secret: string, turn: HashingTurn): Promise<string> {
  return line.run(() => hash(secret, OPTIONS), turn);
}

/** Whether the secret matches; ServiceBusy (503) when the line of hashings is full. */
export function verifySecret(hashed: string, secret: string, turn: HashingTurn): Promise<boolean> {
  return line.run(() => verify(hashed, secret).catch(() => false), turn);
}

/** ServiceBusy now when a hashing would be refused: a sign-in refused before it reads or counts. */
export function refuseWhenHashingBusy(turn: HashingTurn): void {
  line.refuseWhenFull(turn);
}
