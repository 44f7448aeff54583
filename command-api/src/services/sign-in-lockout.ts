import { streams } from '@bank/events';
import {
  ApiError,
  messages,
  rateLimited,
  ServiceBusy,
  customerTurn,
  verifySecret,
  type HashingTurn,
  type EventMetadata,
} from '@bank/infra';
import { customerAggregate, decideCustomer } from '../domain/customer/customer.ts';
import type { CommandContext } from './context.ts';

/**
 * The sign-in lockout: wrong passwords and codes for an account number are counted, and the
 * fifth within a lock's time locks sign-in for a while. Sign-in counts an attempt before it
 * checks the password; a step-up, a code or a password asked for again counts one that was wrong.
 *
 * A browser the customer signed in from before (a trusted device) has a count of its own, and the
 * account number's lock does not hold for it: anyone who knows an account number can spend that
 * number's five attempts, but not those of its owner's browsers.
 */

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

/** The answer while sign-in is locked (the spec's ACCOUNT_LOCKED text). */
export const signInLocked = () => new ApiError(423, messages.accountLocked, 'ACCOUNT_LOCKED');

/**
 * Where an attempt is counted: the account number's count, or that of a browser its customer
 * signed in from before (the hash of its trusted-device token).
 */
export interface FailureCounter {
  accountNumber: string;
  device?: Buffer | undefined;
}

type Attempt = { failed_count: number; locked_until: Date | null };

/**
 * How long an attempt can be in flight between being counted and being checked: seconds (the
 * hashing line gives up after 10 s), so a minute is ample.
 */
const IN_FLIGHT_SECONDS = 60;

/**
 * The count after one more attempt, from row `t` as it was, whose `countedAt` column says when an
 * attempt within the allowance was last counted. A lock that has run out starts again at 1. An
 * unlocked count at or past the allowance that has not moved for longer than an attempt can be in
 * flight was left by attempts that never finished (a process stopped between counting and
 * checking): the wrong ones before them each stayed counted, so this attempt takes the
 * allowance's last place. Otherwise, one more.
 */
const nextCount = (t: string, countedAt: string) => `CASE
  WHEN ${t}.locked_until IS NOT NULL AND ${t}.locked_until < now() THEN 1
  WHEN ${t}.locked_until IS NULL AND ${t}.failed_count >= ${MAX_FAILED_LOGINS}
       AND ${t}.${countedAt} < now() - make_interval(secs => ${IN_FLIGHT_SECONDS})
    THEN ${MAX_FAILED_LOGINS}
  ELSE ${t}.failed_count + 1 END`;

/**
 * The SET list of one more attempt; refused attempts past the allowance do not move `countedAt`.
 * The count is worked out once, from row `t` as it was, and both columns read it.
 */
const countOneMore = (t: string, countedAt: string) => `
  locked_until = CASE WHEN ${t}.locked_until < now() THEN NULL ELSE ${t}.locked_until END,
  (failed_count, ${countedAt}) = (
    SELECT one_more.n,
           CASE WHEN one_more.n <= ${MAX_FAILED_LOGINS} THEN now() ELSE ${t}.${countedAt} END
      FROM (SELECT ${nextCount(t, countedAt)} AS n) AS one_more)`;

/**
 * Counts one sign-in attempt against the account number before its secret is checked, so that
 * attempts sent at once cannot all be checked: each takes its own number here, in turn. Answers
 * the count and the lock (see nextCount).
 */
export async function countAttempt(ctx: CommandContext, counter: FailureCounter) {
  if (counter.device) {
    const { rows } = await ctx.pool.query<Attempt>(
      `UPDATE trusted_devices SET ${countOneMore('trusted_devices', 'counted_at')}
       WHERE token_hash = $1
       RETURNING failed_count, locked_until`,
      [counter.device],
    );
    // A device forgotten meanwhile (its customer erased) has nothing left to try.
    return rows[0] ?? { failed_count: MAX_FAILED_LOGINS + 1, locked_until: null };
  }
  const { rows } = await ctx.pool.query<Attempt>(
    `INSERT INTO login_failures (account_number, failed_count, updated_at) VALUES ($1, 1, now())
     ON CONFLICT (account_number) DO UPDATE SET ${countOneMore('login_failures', 'updated_at')}
     RETURNING failed_count, locked_until`,
    [counter.accountNumber],
  );
  return rows[0]!;
}

/**
 * Counts an attempt that is about to check a secret, and refuses it unchecked while sign-in is
 * locked (423), or while racing attempts are checking the whole allowance (429). The latter
 * checked nothing, so it stops counting: a right password sent a moment later is checked.
 */
export async function takeAttempt(ctx: CommandContext, counter: FailureCounter) {
  const attempt = await countAttempt(ctx, counter);
  if (attempt.locked_until) throw signInLocked();
  if (attempt.failed_count > MAX_FAILED_LOGINS) {
    await uncountAttempt(ctx, counter);
    // Nothing is locked (yet): the customer is asked to wait, not to call the bank.
    throw rateLimited();
  }
  return attempt;
}

/**
 * After a wrong secret whose attempt was counted: the attempt that spends the allowance (or, when
 * racing requests counted past it, the first of those to get here) locks sign-in and tells the
 * customer. A sign-in that succeeded meanwhile has cleared the count, and then nothing is locked.
 */
export async function lockIfSpent(
  ctx: CommandContext,
  counter: FailureCounter,
  customerId: string | undefined,
  attempt: Attempt,
  metadata: EventMetadata,
): Promise<void> {
  if (attempt.failed_count < MAX_FAILED_LOGINS || attempt.locked_until) return;
  if (counter.device) {
    // Only this browser is locked; the account and the customer's other browsers are not.
    await ctx.pool.query(
      `UPDATE trusted_devices SET locked_until = now() + make_interval(mins => $2)
       WHERE token_hash = $1 AND locked_until IS NULL`,
      [counter.device, LOCK_MINUTES],
    );
    return;
  }
  const { rows: locked } = await ctx.pool.query<{ locked_until: Date }>(
    `UPDATE login_failures SET locked_until = now() + make_interval(mins => $2)
     WHERE account_number = $1 AND locked_until IS NULL RETURNING locked_until`,
    [counter.accountNumber, LOCK_MINUTES],
  );
  const lockedUntil = locked[0]?.locked_until;
  if (!lockedUntil || !customerId) return;
  await ctx.bus.execute(metadata, async (uow) => {
    const customer = await uow.load(streams.customer(customerId), customerAggregate);
    uow.append(
      streams.customer(customerId),
      decideCustomer(
        {
          type: 'LockSignIn',
          lockedUntil: lockedUntil.toISOString(),
          failedAttempts: attempt.failed_count,
        },
        customer.state,
      ),
    );
  });
}

/** A wrong secret checked before it was counted (a code, a step-up): counts it, and may lock. */
export async function recordFailure(
  ctx: CommandContext,
  counter: FailureCounter,
  customerId: string | undefined,
  metadata: EventMetadata,
): Promise<void> {
  await lockIfSpent(ctx, counter, customerId, await countAttempt(ctx, counter), metadata);
}

/**
 * Checks a secret for an attempt already counted. When the bank is too busy to check it (503),
 * the attempt no longer counts: a customer asking again is not locked out by the bank's load.
 */
export async function verifyCounted(
  ctx: CommandContext,
  counter: FailureCounter,
  hashed: string,
  secret: string,
  turn: HashingTurn,
): Promise<boolean> {
  try {
    return await verifySecret(hashed, secret, turn);
  } catch (error) {
    if (error instanceof ServiceBusy) await uncountAttempt(ctx, counter);
    throw error;
  }
}

/** A right password that only opens a two-factor challenge: its attempt no longer counts. */
export async function uncountAttempt(ctx: CommandContext, counter: FailureCounter): Promise<void> {
  await ctx.pool.query(
    counter.device
      ? `UPDATE trusted_devices SET failed_count = failed_count - 1
         WHERE token_hash = $1 AND failed_count > 0 AND locked_until IS NULL`
      : `UPDATE login_failures SET failed_count = failed_count - 1
         WHERE account_number = $1 AND failed_count > 0 AND locked_until IS NULL`,
    [counter.device ?? counter.accountNumber],
  );
}

export async function isLocked(ctx: CommandContext, counter: FailureCounter): Promise<boolean> {
  const { rows } = await ctx.pool.query(
    counter.device
      ? 'SELECT 1 FROM trusted_devices WHERE token_hash = $1 AND locked_until > now()'
      : 'SELECT 1 FROM login_failures WHERE account_number = $1 AND locked_until > now()',
    [counter.device ?? counter.accountNumber],
  );
  return rows.length > 0;
}

/**
 * A right sign-in forgets the failures before it: the account number's, and the browser's own
 * when it signed in as a trusted device.
 */
export async function forgetAttempts(ctx: CommandContext, counter: FailureCounter): Promise<void> {
  await ctx.pool.query('DELETE FROM login_failures WHERE account_number = $1', [
    counter.accountNumber,
  ]);
  if (counter.device) {
    await ctx.pool.query(
      'UPDATE trusted_devices SET failed_count = 0, locked_until = NULL WHERE token_hash = $1',
      [counter.device],
    );
  }
}

/**
 * Checks a password asked for again inside a session (to change it, to turn two-factor off),
 * counted as a sign-in attempt is: refused while sign-in is locked, and wrong ones lock it as
 * wrong sign-ins do, so that a session stepped up with a code is no way to try passwords.
 */
export async function checkPasswordAgain(
  ctx: CommandContext,
  customer: { customerId: string; passwordHash: string },
  counter: FailureCounter,
  password: string,
  metadata: EventMetadata,
): Promise<boolean> {
  const attempt = await takeAttempt(ctx, counter);
  const turn = customerTurn(customer.customerId);
  if (await verifyCounted(ctx, counter, customer.passwordHash, password, turn)) {
    await uncountAttempt(ctx, counter);
    return true;
  }
  await lockIfSpent(ctx, counter, customer.customerId, attempt, metadata);
  return false;
}
