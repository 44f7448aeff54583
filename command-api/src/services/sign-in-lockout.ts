import { streams } from '@bank/events';
import { ApiError, messages, ServiceBusy, verifySecret, type EventMetadata } from '@bank/infra';
import { customerAggregate, decideCustomer } from '../domain/customer/customer.ts';
import type { CommandContext } from './context.ts';

/**
 * The sign-in lockout: wrong passwords and codes for an account number are counted, and the
 * fifth within a lock's time locks sign-in for a while. Sign-in counts an attempt before it
 * checks the password; a step-up, a code or a password asked for again counts one that was wrong.
 */

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

/** The answer while sign-in is locked (the spec's ACCOUNT_LOCKED text). */
export const signInLocked = () => new ApiError(423, messages.accountLocked, 'ACCOUNT_LOCKED');

/**
 * Counts one sign-in attempt against the account number before its secret is checked, so that
 * attempts sent at once cannot all be checked: each takes its own number here, in turn. A count
 * from an earlier lock that has run out starts again at 1. Answers the count and the lock.
 */
export async function countAttempt(ctx: CommandContext, accountNumber: string) {
  const { rows } = await ctx.pool.query<{ failed_count: number; locked_until: Date | null }>(
    `INSERT INTO login_failures (account_number, failed_count, updated_at) VALUES ($1, 1, now())
     ON CONFLICT (account_number) DO UPDATE SET
       failed_count = CASE WHEN login_failures.locked_until IS NOT NULL AND login_failures.locked_until < now()
                      THEN 1 ELSE login_failures.failed_count + 1 END,
       locked_until = CASE WHEN login_failures.locked_until < now() THEN NULL ELSE login_failures.locked_until END,
       updated_at = now()
     RETURNING failed_count, locked_until`,
    [accountNumber],
  );
  return rows[0]!;
}

/**
 * Counts an attempt that is about to check a secret, and refuses it unchecked while sign-in is
 * locked or once racing attempts have used up the allowance.
 */
export async function takeAttempt(ctx: CommandContext, accountNumber: string) {
  const attempt = await countAttempt(ctx, accountNumber);
  if (attempt.locked_until || attempt.failed_count > MAX_FAILED_LOGINS) throw signInLocked();
  return attempt;
}

/**
 * After a wrong secret whose attempt was counted: the attempt that spends the allowance (or, when
 * racing requests counted past it, the first of those to get here) locks sign-in and tells the
 * customer. A sign-in that succeeded meanwhile has cleared the count, and then nothing is locked.
 */
export async function lockIfSpent(
  ctx: CommandContext,
  accountNumber: string,
  customerId: string | undefined,
  attempt: { failed_count: number; locked_until: Date | null },
  metadata: EventMetadata,
): Promise<void> {
  if (attempt.failed_count < MAX_FAILED_LOGINS || attempt.locked_until) return;
  const { rows: locked } = await ctx.pool.query<{ locked_until: Date }>(
    `UPDATE login_failures SET locked_until = now() + make_interval(mins => $2)
     WHERE account_number = $1 AND locked_until IS NULL RETURNING locked_until`,
    [accountNumber, LOCK_MINUTES],
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
  accountNumber: string,
  customerId: string | undefined,
  metadata: EventMetadata,
): Promise<void> {
  await lockIfSpent(
    ctx,
    accountNumber,
    customerId,
    await countAttempt(ctx, accountNumber),
    metadata,
  );
}

/**
 * Checks a secret for an attempt already counted. When the bank is too busy to check it (503),
 * the attempt no longer counts: a customer asking again is not locked out by the bank's load.
 */
export async function verifyCounted(
  ctx: CommandContext,
  accountNumber: string,
  hashed: string,
  secret: string,
): Promise<boolean> {
  try {
    return await verifySecret(hashed, secret);
  } catch (error) {
    if (error instanceof ServiceBusy) await uncountAttempt(ctx, accountNumber);
    throw error;
  }
}

/** A right password that only opens a two-factor challenge: its attempt no longer counts. */
export async function uncountAttempt(ctx: CommandContext, accountNumber: string): Promise<void> {
  await ctx.pool.query(
    `UPDATE login_failures SET failed_count = failed_count - 1
     WHERE account_number = $1 AND failed_count > 0 AND locked_until IS NULL`,
    [accountNumber],
  );
}

export async function isLocked(ctx: CommandContext, accountNumber: string): Promise<boolean> {
  const { rows } = await ctx.pool.query(
    'SELECT 1 FROM login_failures WHERE account_number = $1 AND locked_until > now()',
    [accountNumber],
  );
  return rows.length > 0;
}

/** A right sign-in forgets the failures before it. */
export async function forgetAttempts(ctx: CommandContext, accountNumber: string): Promise<void> {
  await ctx.pool.query('DELETE FROM login_failures WHERE account_number = $1', [accountNumber]);
}

/**
 * Checks a password asked for again inside a session (to change it, to turn two-factor off),
 * counted as a sign-in attempt is: refused while sign-in is locked, and wrong ones lock it as
 * wrong sign-ins do, so that a session stepped up with a code is no way to try passwords.
 */
export async function checkPasswordAgain(
  ctx: CommandContext,
  customer: { customerId: string; accountNumber: string; passwordHash: string },
  password: string,
  metadata: EventMetadata,
): Promise<boolean> {
  const attempt = await takeAttempt(ctx, customer.accountNumber);
  if (await verifyCounted(ctx, customer.accountNumber, customer.passwordHash, password)) {
    await uncountAttempt(ctx, customer.accountNumber);
    return true;
  }
  await lockIfSpent(ctx, customer.accountNumber, customer.customerId, attempt, metadata);
  return false;
}
