import { streams } from '@bank/events';
import {
  ApiError,
  fieldError,
  BANK_TURN,
  customerTurn,
  hashSecret,
  refuseWhenHashingBusy,
  hashToken,
  verifySecret,
  inTransaction,
  newToken,
  type EventMetadata,
} from '@bank/infra';
import {
  customerAggregate,
  decideCustomer,
  type CustomerState,
} from '../domain/customer/customer.ts';
import { normalizeEmail, reservationAggregate } from '../domain/reservation.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { CommandContext } from './context.ts';
import { mayIssueResetLink } from './reset-link-limits.ts';
import {
  forgetAttempts,
  isLocked,
  lockIfSpent,
  checkPasswordAgain,
  type FailureCounter,
  MAX_FAILED_LOGINS,
  recordFailure,
  signInLocked,
  takeAttempt,
  uncountAttempt,
  verifyCounted,
} from './sign-in-lockout.ts';
import { failureCounterFor, trustDevice } from './trusted-devices.ts';
import {
  answerSignInChallenge,
  loadCustomer,
  notifySignIn,
  openSignInChallenge,
  stepUp,
} from './two-factor.ts';

const INVALID_CREDENTIALS = 'The account number or password is incorrect.';
// Verified against when the account number is unknown, so both paths take the same time.
const DUMMY_HASH = hashSecret('not-a-real-password', BANK_TURN);

async function customerIdByReservation(
  ctx: CommandContext,
  kind: 'account_number' | 'email',
  value: string,
): Promise<string | undefined> {
  const events = await ctx.bus.store.readStream(streams.reservation(kind, value));
  const state = events.reduce(
    (s, e) => reservationAggregate.evolve(s, e.event as never),
    reservationAggregate.initial(),
  );
  return state?.customerId;
}

/** A sign-in either opens a session or, with two-factor on, asks for the code first. */
export type OpenedSession = {
  kind: 'session';
  customerId: string;
  token: string;
  expiresAt: Date;
  /** The browser's trusted-device token, to keep in its cookie. */
  deviceToken: string;
};
export type SignIn =
  OpenedSession | { kind: 'two_factor'; challengeToken: string; expiresAt: Date };

const invalidCredentials = () =>
  new ApiError(401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS', {
    account_number: [INVALID_CREDENTIALS],
  });

/**
 * Whether the password a sign-in checked is still the customer's, the customer not erased, now
 * that what it opened (a session, a challenge) exists. A password change or an erasure ends what
 * exists before and after its record, so one that checked the old password while the change ran
 * and opened its session after that end is caught here: the record is visible now, or else the
 * change's second end is still to come and closes it.
 */
async function stillProven(ctx: CommandContext, proven: CustomerState): Promise<boolean> {
  const now = await loadCustomer(ctx, proven.customerId);
  return now.registered && !now.erased && now.passwordHash === proven.passwordHash;
}

/**
 * The sign-in succeeded: failures are forgotten, a session opens, and the browser becomes a
 * trusted device. The customer is told only of a browser new to them: a notice on every sign-in
 * from their own browser would teach them to ignore the one that matters.
 */
async function openSession(
  ctx: CommandContext,
  proven: CustomerState,
  device: string,
  client: SignInClient,
  metadata: EventMetadata,
): Promise<OpenedSession> {
  const { customerId } = proven;
  await forgetAttempts(ctx, client.counter);
  const session = await ctx.sessions.create(customerId, device);
  if (!(await stillProven(ctx, proven))) {
    await ctx.sessions.revoke(hashToken(session.token));
    throw invalidCredentials();
  }
  const knownBrowser = client.counter.device !== undefined;
  const deviceToken = await trustDevice(ctx.pool, customerId, client.counter, client.deviceToken);
  if (!knownBrowser) await notifySignIn(ctx, customerId, device, new Date(), metadata);
  return { kind: 'session', customerId, ...session, deviceToken };
}

/**
 * Where a sign-in comes from: the trusted-device token its browser sent (if any), and its client
 * (`clientOf` its address), whose turn its password check waits for.
 */
export interface SignInFrom {
  deviceToken: string | undefined;
  client: string;
}

/** Who signs in: the trusted-device token the browser sent (if any), and where failures count. */
interface SignInClient {
  deviceToken: string | undefined;
  counter: FailureCounter;
}

/**
 * Signs a customer in with the 12-digit account number and password. Repeated failures lock
 * sign-in for a while (ACCOUNT_LOCKED); the answer never tells which of the two was wrong. With
 * two-factor on, the right password only opens a challenge for the code; failures are forgotten
 * once the code is right too, so wrong codes count towards the same lockout.
 */
export async function login(
  ctx: CommandContext,
  accountNumber: string,
  password: string,
  device: string,
  from: SignInFrom,
  metadata: EventMetadata,
): Promise<SignIn> {
  const { deviceToken, client } = from;
  // A browser that may be trusted is refused only once it is known not to be (below).
  if (deviceToken === undefined) refuseWhenHashingBusy({ client, trusted: false });
  const customerId = await customerIdByReservation(ctx, 'account_number', accountNumber);
  const counter = await failureCounterFor(ctx.pool, accountNumber, customerId, deviceToken);
  // Counted before the password is checked: of attempts sent at once, only those within the
  // allowance are checked at all; the rest are refused unchecked.
  const attempt = await takeAttempt(ctx, counter);
  const customer = customerId ? await loadCustomer(ctx, customerId) : undefined;
  // From the customer's own browser, the check waits in their turn, among the trusted: a flood of
  // strangers cannot make one (any number of tries from it wait in one customer's line).
  const turn = counter.device && customerId ? customerTurn(customerId) : { client, trusted: false };
  const valid =
    customer?.registered && !customer.erased
      ? await verifyCounted(ctx, counter, customer.passwordHash, password, turn)
      : (await verifyCounted(ctx, counter, await DUMMY_HASH, password, turn), false);
  if (!valid || !customerId || !customer) {
    await lockIfSpent(ctx, counter, customerId, attempt, metadata);
    if (attempt.failed_count >= MAX_FAILED_LOGINS) {
      throw signInLocked();
    }
    throw invalidCredentials();
  }
  if (customer.twoFactor) {
    await uncountAttempt(ctx, counter);
    const challenge = await openSignInChallenge(ctx, customerId);
    if (!(await stillProven(ctx, customer))) {
      await endSignInChallenges(ctx.pool, customerId);
      throw invalidCredentials();
    }
    return { kind: 'two_factor', ...challenge };
  }
  return openSession(ctx, customer, device, { deviceToken, counter }, metadata);
}

/** Where a customer's failures count when they send `deviceToken`. */
const counterOf = (ctx: CommandContext, customer: CustomerState, deviceToken: string | undefined) =>
  failureCounterFor(ctx.pool, customer.accountNumber, customer.customerId, deviceToken);

/** The second step of a two-factor sign-in: the challenge and a code (or a recovery code). */
export async function completeTwoFactorLogin(
  ctx: CommandContext,
  challengeToken: string,
  code: string,
  device: string,
  deviceToken: string | undefined,
  metadata: EventMetadata,
): Promise<OpenedSession> {
  const customer = await answerSignInChallenge(
    ctx,
    challengeToken,
    code,
    metadata,
    async (wrong) => {
      const counter = await counterOf(ctx, wrong, deviceToken);
      await recordFailure(ctx, counter, wrong.customerId, metadata);
      if (await isLocked(ctx, counter)) {
        throw signInLocked();
      }
    },
    async (customer) => isLocked(ctx, await counterOf(ctx, customer, deviceToken)),
  );
  // A lock taken while the code was checked (wrong codes racing it) still holds.
  const counter = await counterOf(ctx, customer, deviceToken);
  if (await isLocked(ctx, counter)) {
    throw signInLocked();
  }
  return openSession(ctx, customer, device, { deviceToken, counter }, metadata);
}

/**
 * Step-up within a session; wrong answers count towards the sign-in lockout, and a right password
 * forgets them as a right sign-in does (the account number's, and the browser's own if trusted).
 */
export function stepUpSession(
  ctx: CommandContext,
  customerId: string,
  sessionHash: Buffer,
  proof: { password?: string | undefined; code?: string | undefined },
  deviceToken: string | undefined,
  metadata: EventMetadata,
) {
  return stepUp(
    ctx,
    customerId,
    sessionHash,
    proof,
    async (customer) => {
      const counter = await counterOf(ctx, customer, deviceToken);
      await recordFailure(ctx, counter, customer.customerId, metadata);
      if (await isLocked(ctx, counter)) {
        throw signInLocked();
      }
    },
    async (customer) => isLocked(ctx, await counterOf(ctx, customer, deviceToken)),
    async (customer) => forgetAttempts(ctx, await counterOf(ctx, customer, deviceToken)),
    metadata,
  );
}

/**
 * Changes the password and ends what the old one opened (every session but `keepSession`, reset
 * links, sign-ins waiting for their second step). That ending runs once the decision stands and
 * before the event is appended, so a crash after the append cannot leave the old sessions alive;
 * and once more after it, for a sign-in with the old password made in between.
 */
async function changePasswordCommand(
  ctx: CommandContext,
  customerId: string,
  command: {
    /** The current password given, and the hash it was found to match (a change only). */
    currentPassword?: string;
    matchedHash?: string;
    newPassword: string;
    reason: 'changed' | 'reset';
    keepSession: Buffer | undefined;
  },
  metadata: EventMetadata,
) {
  const newPasswordHash = await hashSecret(command.newPassword, customerTurn(customerId));
  try {
    const outcome = await ctx.bus.execute(metadata, async (uow) => {
      const stream = streams.customer(customerId);
      const customer = await uow.load(stream, customerAggregate);
      // A password changed since it was checked makes the check stale: then it does not match.
      const currentPasswordValid =
        command.reason === 'reset' || command.matchedHash === customer.state.passwordHash;
      const changed = decideCustomer(
        {
          type: 'ChangePassword',
          currentPasswordValid,
          newPasswordIsCurrent:
            command.reason === 'reset'
              ? await verifySecret(
                  customer.state.passwordHash,
                  command.newPassword,
                  customerTurn(customerId),
                )
              : currentPasswordValid && command.newPassword === command.currentPassword,
          newPasswordHash,
          reason: command.reason,
        },
        customer.state,
      );
      await endWhatTheOldPasswordOpened(ctx, customerId, command.keepSession);
      uow.append(stream, changed);
    });
    await endWhatTheOldPasswordOpened(ctx, customerId, command.keepSession);
    return outcome;
  } catch (error) {
    if (error instanceof DomainError && error.field) {
      // The reset form has one new-password field, named `password`.
      const field =
        command.reason === 'reset' && error.field === 'new_password' ? 'password' : error.field;
      throw fieldError({ [field]: [error.message] });
    }
    throw error;
  }
}

/** Ends every reset link of the customer not yet used. */
async function endResetLinks(db: Pick<CommandContext['pool'], 'query'>, customerId: string) {
  await db.query(
    'UPDATE password_resets SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL',
    [customerId],
  );
}

/**
 * Every other session is signed out, and what the old password or the mailbox could still finish
 * ends too (reset links not yet used, sign-ins waiting for their second step).
 */
async function endWhatTheOldPasswordOpened(
  ctx: CommandContext,
  customerId: string,
  keepSession: Buffer | undefined,
) {
  await ctx.sessions.revokeOthers(customerId, keepSession);
  await endResetLinks(ctx.pool, customerId);
  await endSignInChallenges(ctx.pool, customerId);
}

/** Ends every sign-in of the customer still waiting for its second step. */
async function endSignInChallenges(db: Pick<CommandContext['pool'], 'query'>, customerId: string) {
  await db.query(
    'UPDATE two_factor_challenges SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL',
    [customerId],
  );
}

/** Changes the password after checking the current one; every other session is signed out. */
export async function changePassword(
  ctx: CommandContext,
  customerId: string,
  keepSession: Buffer | undefined,
  currentPassword: string,
  newPassword: string,
  deviceToken: string | undefined,
  metadata: EventMetadata,
) {
  const customer = await loadCustomer(ctx, customerId);
  const matches = await checkPasswordAgain(
    ctx,
    customer,
    await counterOf(ctx, customer, deviceToken),
    currentPassword,
    metadata,
  );
  return changePasswordCommand(
    ctx,
    customerId,
    {
      currentPassword,
      ...(matches ? { matchedHash: customer.passwordHash } : {}),
      newPassword,
      reason: 'changed',
      keepSession,
    },
    metadata,
  );
}

const RESET_TTL_MINUTES = 60;
/**
 * The reset links kept per customer, the newest among them; older ones are deleted as a new one
 * is issued. No fewer than RESET_LINKS_PER_HOUR, which counts the links of the last hour.
 */
export const RESET_LINKS_KEPT = 5;
/** The advisory lock class under which one customer's reset requests take turns. */
const PASSWORD_RESETS_LOCK = 7431008;

/**
 * Starts a password reset for an account number or email, sent to the customer's email once they
 * have proved it. Earlier links of theirs keep working until their hour is up or one of them is
 * used (a changed password ends them all): a new request must not let a stranger cancel the link
 * the customer is about to open. One link a minute and RESET_LINKS_PER_HOUR an hour are issued
 * per customer; a request beyond that issues nothing. The answer is the same whether or not the
 * customer exists or a link was issued, and so is the time it takes (RESET_REQUEST_MS). The link
 * always points at the bank's configured public URL (never at a host the request names); staff
 * deliver it (no mail server here), so it is kept sealed with the secrets key and its token is
 * looked up by hash only.
 */
export async function requestPasswordReset(
  ctx: CommandContext,
  identifier: { accountNumber?: string; email?: string },
): Promise<void> {
  const started = performance.now();
  try {
    await issueResetLink(ctx, identifier);
  } finally {
    const left = RESET_REQUEST_MS - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

/**
 * How long a request for a reset link takes, whoever it names. Issuing a link (for a customer
 * whose email is proved: a lookup, a lock, a sealed link) took 2-3 ms, against under 1 ms for
 * details that are nobody's, so timing the same answer told anyone who banks here, by email or
 * by account number.
 */
export const RESET_REQUEST_MS = 250;

async function issueResetLink(
  ctx: CommandContext,
  identifier: { accountNumber?: string; email?: string },
): Promise<void> {
  const customerId = identifier.accountNumber
    ? await customerIdByReservation(ctx, 'account_number', identifier.accountNumber)
    : identifier.email
      ? await customerIdByReservation(ctx, 'email', normalizeEmail(identifier.email))
      : undefined;
  if (!customerId) return;
  const customer = await loadCustomer(ctx, customerId);
  if (!customer.registered || customer.erased) return;
  // An email the customer changed away from no longer reaches them.
  if (identifier.email && normalizeEmail(customer.email) !== normalizeEmail(identifier.email)) {
    return;
  }
  // The link goes to the email on file: one never proved may be someone else's mailbox, and
  // whoever reads the link owns the account.
  if (customer.unverifiedContacts.includes('email')) return;
  const { token, hash } = newToken();
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  // One customer's requests take turns, across processes too, so two at once cannot both pass
  // the limit. Links end as a password change ends them, not when another is asked for.
  await inTransaction(ctx.pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      PASSWORD_RESETS_LOCK,
      customerId,
    ]);
    if (!(await mayIssueResetLink(db, customerId))) return;
    await db.query(
      `INSERT INTO password_resets (token_hash, customer_id, link_sealed, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [hash, customerId, ctx.secrets.encrypt(link), RESET_TTL_MINUTES],
    );
    await db.query(
      `DELETE FROM password_resets WHERE customer_id = $1 AND token_hash <> $2
         AND token_hash NOT IN (SELECT token_hash FROM password_resets WHERE customer_id = $1
                                ORDER BY created_at DESC LIMIT $3)`,
      [customerId, hash, RESET_LINKS_KEPT],
    );
  });
}

/** What a reset link that does not open is told, whatever the reason. */
export const RESET_LINK_REFUSED = 'This password reset link is invalid or has expired.';

/** The customer a reset link opens: its customer must still be there (erasure ends the link). */
async function resetLinkHolder(ctx: CommandContext, customerId: string | undefined) {
  const holder = customerId ? await loadCustomer(ctx, customerId) : undefined;
  if (!customerId || !holder?.registered || holder.erased) {
    throw fieldError({ token: [RESET_LINK_REFUSED] });
  }
  return { customerId, holder };
}

/**
 * Whether a reset link still opens (unused, not expired, its customer there), so the page can say
 * so before a new password is typed. Uses nothing up and changes nothing.
 */
export async function checkResetLink(ctx: CommandContext, token: string): Promise<void> {
  const { rows } = await ctx.pool.query<{ customer_id: string }>(
    `SELECT customer_id FROM password_resets
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [hashToken(token)],
  );
  await resetLinkHolder(ctx, rows[0]?.customer_id);
}

/** Completes a reset with a live token: sets the password and signs out every session. */
export async function resetPassword(
  ctx: CommandContext,
  token: string,
  newPassword: string,
  metadata: EventMetadata,
) {
  const { rows } = await ctx.pool.query<{ customer_id: string }>(
    `UPDATE password_resets SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id`,
    [hashToken(token)],
  );
  const { customerId, holder } = await resetLinkHolder(ctx, rows[0]?.customer_id);
  try {
    await changePasswordCommand(
      ctx,
      customerId,
      { newPassword, reason: 'reset', keepSession: undefined },
      {
        ...metadata,
        actor: `customer:${customerId}`,
      },
    );
  } catch (error) {
    // Refused (the new password is the current one): nothing changed, so the link the customer
    // holds keeps working for a second try instead of sending them back to ask for another.
    if (error instanceof ApiError && error.statusCode === 422) {
      await ctx.pool.query(
        'UPDATE password_resets SET used_at = NULL WHERE token_hash = $1 AND customer_id = $2',
        [hashToken(token), customerId],
      );
    }
    throw error;
  }
  await forgetAttempts(ctx, { accountNumber: holder.accountNumber });
}
