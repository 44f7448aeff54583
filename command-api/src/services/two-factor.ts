import { bankTimeText, NotificationRaised, streams } from '@bank/events';
import {
  ApiError,
  fieldError,
  hashToken,
  KeyedQueue,
  newToken,
  notFound,
  customerTurn,
  verifySecret,
  type EventMetadata,
} from '@bank/infra';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  customerAggregate,
  decideCustomer,
  twoFactorMessages,
  type CustomerCommand,
  type CustomerState,
} from '../domain/customer/customer.ts';
import { newTotpSecret, totpStep, totpUri } from '../domain/customer/totp.ts';
import { DomainError } from '../kernel/aggregate.ts';
import { storedState } from '../kernel/stored-state.ts';
import type { CommandContext } from './context.ts';
import { checkPasswordAgain, signInLocked } from './sign-in-lockout.ts';
import { failureCounterFor } from './trusted-devices.ts';

const RECOVERY_CODE_COUNT = 10;
const CHALLENGE_MINUTES = 5;
/** Wrong codes one sign-in challenge takes before the password must be entered again. */
export const MAX_CHALLENGE_ATTEMPTS = 5;
const REUSED_CODE =
  'This code has already been used. Wait for the next code in your authenticator app.';
const REUSED_RECOVERY_CODE =
  'This recovery code has already been used. Enter the current code from your authenticator app or another recovery code.';

/** How a second factor was taken: a repeat of a code just accepted is not a wrong guess. */
type CodeOutcome = 'ok' | 'wrong' | 'reused' | 'reused_recovery';
export const CHALLENGE_EXPIRED = 'This sign-in has expired. Please sign in again.';

export async function loadCustomer(ctx: CommandContext, customerId: string) {
  const stream = streams.customer(customerId);
  return (await storedState(ctx.bus.store, ctx.bus.cache, stream, customerAggregate)).state;
}

function runCustomerCommand(
  ctx: CommandContext,
  customerId: string,
  command: CustomerCommand,
  metadata: EventMetadata,
) {
  return ctx.bus
    .execute(metadata, async (uow) => {
      const stream = streams.customer(customerId);
      const customer = await uow.load(stream, customerAggregate);
      uow.append(stream, decideCustomer(command, customer.state));
    })
    .catch((error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
      if (error.reason === 'not_found') throw notFound();
      if (error.field) throw fieldError({ [error.field]: [error.message] });
      throw new ApiError(409, error.message, 'CONFLICT');
    });
}

/**
 * The 6 digits of an authenticator code as the customer gives it: apps show it in two groups
 * ("123 456"), and it is often pasted so. Undefined when it is no such code (a recovery code).
 */
export function authenticatorDigits(code: string): string | undefined {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** A recovery code as typed (any case, spaces or dashes) to the form its hash is taken of. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecoveryCode = (code: string) =>
  hashToken(`recovery:${normalizeRecoveryCode(code)}`).toString('hex');

/** Ten codes of 50 random bits each, shown as "abcde-fghij". */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Accepts an authenticator code once: its time step must be newer than the last one accepted for
 * the customer, recorded in the same statement, so a replayed or raced code is refused.
 */
async function acceptTotp(
  ctx: CommandContext,
  customerId: string,
  secretBase32: string,
  code: string,
): Promise<CodeOutcome> {
  const step = totpStep(secretBase32, code, Date.now());
  if (step === null) return 'wrong';
  const { rowCount } = await ctx.pool.query(
    `INSERT INTO totp_last_steps (customer_id, step) VALUES ($1, $2)
     ON CONFLICT (customer_id) DO UPDATE SET step = EXCLUDED.step
     WHERE totp_last_steps.step < EXCLUDED.step`,
    [customerId, step],
  );
  return rowCount === 1 ? 'ok' : 'reused';
}

function codeError(
  outcome: Exclude<CodeOutcome, 'ok'>,
  wrongMessage: string = twoFactorMessages.invalidCode,
): ApiError {
  return fieldError(
    {
      code: [
        outcome === 'reused'
          ? REUSED_CODE
          : outcome === 'reused_recovery'
            ? REUSED_RECOVERY_CODE
            : wrongMessage,
      ],
    },
    'INVALID_TWO_FACTOR_CODE',
  );
}

/**
 * Checks a second factor: a current authenticator code, or (where allowed) an unused recovery
 * code, which is spent by appending its use to the customer's stream.
 */
async function verifySecondFactor(
  ctx: CommandContext,
  customer: CustomerState,
  code: string,
  allowRecoveryCode: boolean,
  metadata: EventMetadata,
): Promise<CodeOutcome> {
  if (!customer.twoFactor) return 'wrong';
  const digits = authenticatorDigits(code);
  if (digits) {
    const secret = ctx.secrets.decrypt(customer.twoFactor.secretSealed);
    return acceptTotp(ctx, customer.customerId, secret, digits);
  }
  if (!allowRecoveryCode) return 'wrong';
  const codeHash = hashRecoveryCode(code.trim());
  try {
    await runCustomerCommand(
      ctx,
      customer.customerId,
      { type: 'UseRecoveryCode', codeHash },
      metadata,
    );
    return 'ok';
  } catch (error) {
    if (!(error instanceof ApiError && error.statusCode === 422)) throw error;
    // Spent just now by the same code sent to another sign-in (a double submit): no guess.
    const now = await loadCustomer(ctx, customer.customerId);
    return now.twoFactor?.usedRecoveryCodeHashes.includes(codeHash) ? 'reused_recovery' : 'wrong';
  }
}

export async function twoFactorStatus(ctx: CommandContext, customerId: string) {
  const customer = await loadCustomer(ctx, customerId);
  if (!customer.registered || customer.erased) throw notFound();
  return {
    enabled: Boolean(customer.twoFactor),
    recovery_codes_left: customer.twoFactor?.recoveryCodeHashes.length ?? 0,
  };
}

/** Starts enrolment: a new secret waits (sealed) until a code from the app confirms it. */
export async function startTwoFactorSetup(ctx: CommandContext, customerId: string) {
  const customer = await loadCustomer(ctx, customerId);
  if (!customer.registered || customer.erased) throw notFound();
  if (customer.twoFactor) throw new ApiError(409, twoFactorMessages.alreadyOn, 'CONFLICT');
  const secret = newTotpSecret();
  await ctx.pool.query(
    `INSERT INTO two_factor_enrolments (customer_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (customer_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, created_at = now()`,
    [customerId, ctx.secrets.encrypt(secret)],
  );
  return {
    secret,
    otpauth_url: totpUri(secret, `Account ending ${customer.accountNumber.slice(-4)}`),
  };
}

/** Finishes enrolment with a code from the app; answers the recovery codes, shown this once. */
export async function confirmTwoFactorSetup(
  ctx: CommandContext,
  customerId: string,
  code: string,
  metadata: EventMetadata,
) {
  const { rows } = await ctx.pool.query<{ secret_sealed: string }>(
    `SELECT secret_sealed FROM two_factor_enrolments
     WHERE customer_id = $1 AND created_at > now() - interval '1 hour'`,
    [customerId],
  );
  const sealed = rows[0]?.secret_sealed;
  if (!sealed) {
    throw new ApiError(409, 'Start setting up two-factor sign-in again.', 'CONFLICT');
  }
  const given = authenticatorDigits(code) ?? code.trim();
  const accepted = await acceptTotp(ctx, customerId, ctx.secrets.decrypt(sealed), given);
  if (accepted !== 'ok') throw codeError(accepted, twoFactorMessages.invalidAppCode);
  const recoveryCodes = newRecoveryCodes();
  const outcome = await runCustomerCommand(
    ctx,
    customerId,
    {
      type: 'EnableTwoFactor',
      secretSealed: sealed,
      recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
    },
    metadata,
  );
  await ctx.pool.query('DELETE FROM two_factor_enrolments WHERE customer_id = $1', [customerId]);
  return { outcome, recoveryCodes };
}

/**
 * A new set of recovery codes (the session must have stepped up): every earlier code, used or
 * not, stops working. The new codes are answered this once.
 */
export async function regenerateRecoveryCodes(
  ctx: CommandContext,
  customerId: string,
  metadata: EventMetadata,
) {
  const recoveryCodes = newRecoveryCodes();
  const outcome = await runCustomerCommand(
    ctx,
    customerId,
    { type: 'RegenerateRecoveryCodes', recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode) },
    metadata,
  );
  return { outcome, recoveryCodes };
}

/** Turns two-factor off: the session must have stepped up, and the password is asked again. */
export async function disableTwoFactor(
  ctx: CommandContext,
  customerId: string,
  password: string,
  deviceToken: string | undefined,
  metadata: EventMetadata,
) {
  const customer = await loadCustomer(ctx, customerId);
  const counter = await failureCounterFor(
    ctx.pool,
    customer.accountNumber,
    customerId,
    deviceToken,
  );
  const passwordValid =
    !!customer.twoFactor && (await checkPasswordAgain(ctx, customer, counter, password, metadata));
  return runCustomerCommand(ctx, customerId, { type: 'DisableTwoFactor', passwordValid }, metadata);
}

/** The second step of sign-in is owed: a short-lived challenge stands in for the password. */
export async function openSignInChallenge(ctx: CommandContext, customerId: string) {
  const { token, hash } = newToken();
  const { rows } = await ctx.pool.query<{ expires_at: Date }>(
    `INSERT INTO two_factor_challenges (token_hash, customer_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
    [hash, customerId, CHALLENGE_MINUTES],
  );
  return { challengeToken: token, expiresAt: rows[0]!.expires_at };
}

/**
 * Checks the code of a sign-in challenge. Each try counts against the challenge, and wrong codes
 * (not a right one already used) count towards the sign-in lockout as wrong passwords do
 * (onWrongCode).
 */
export function answerSignInChallenge(
  ctx: CommandContext,
  challengeToken: string,
  code: string,
  metadata: EventMetadata,
  onWrongCode: (customer: CustomerState) => Promise<void>,
  isLocked: (customer: CustomerState) => Promise<boolean>,
): Promise<CustomerState> {
  // One answer at a time per challenge: the same code sent many times at once is then answered
  // as when sent again after the first (which used it), not refused as out of tries meanwhile.
  return challengeTurns.run(hashToken(challengeToken).toString('hex'), () =>
    checkChallengeCode(ctx, challengeToken, code, metadata, onWrongCode, isLocked),
  );
}

const challengeTurns = new KeyedQueue();

/**
 * Why a challenge that takes no more codes refused this one: a recovery code the customer has
 * already used (by this sign-in or another) is told so, as on a new sign-in; else it expired.
 */
async function closedChallengeError(ctx: CommandContext, challengeToken: string, code: string) {
  const expired = new ApiError(401, CHALLENGE_EXPIRED, 'TWO_FACTOR_CHALLENGE_EXPIRED');
  if (authenticatorDigits(code)) return expired;
  const trimmed = code.trim();
  const { rows } = await ctx.pool.query<{ customer_id: string }>(
    'SELECT customer_id FROM two_factor_challenges WHERE token_hash = $1',
    [hashToken(challengeToken)],
  );
  const customerId = rows[0]?.customer_id;
  if (!customerId) return expired;
  const customer = await loadCustomer(ctx, customerId);
  const used = customer.twoFactor?.usedRecoveryCodeHashes.includes(hashRecoveryCode(trimmed));
  return used && !customer.erased ? codeError('reused_recovery') : expired;
}

async function checkChallengeCode(
  ctx: CommandContext,
  challengeToken: string,
  code: string,
  metadata: EventMetadata,
  onWrongCode: (customer: CustomerState) => Promise<void>,
  isLocked: (customer: CustomerState) => Promise<boolean>,
): Promise<CustomerState> {
  const { rows } = await ctx.pool.query<{ customer_id: string }>(
    `UPDATE two_factor_challenges SET attempts = attempts + 1
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
     RETURNING customer_id`,
    [hashToken(challengeToken), MAX_CHALLENGE_ATTEMPTS],
  );
  const customerId = rows[0]?.customer_id;
  if (!customerId) throw await closedChallengeError(ctx, challengeToken, code);
  const customer = await loadCustomer(ctx, customerId);
  if (!customer.registered || customer.erased) {
    throw new ApiError(401, CHALLENGE_EXPIRED, 'TWO_FACTOR_CHALLENGE_EXPIRED');
  }
  // While sign-in is locked no code is tried: a guess learns nothing, and the owner's current
  // code is not used up by someone else's request.
  if (await isLocked(customer)) throw signInLocked();
  const outcome = await verifySecondFactor(ctx, customer, code, true, {
    ...metadata,
    actor: `customer:${customerId}`,
  });
  if (outcome !== 'ok') {
    // A used code is refused, but it is the right code sent again (a retried form, another
    // tab), not a guess: only wrong codes count towards the lockout.
    if (outcome === 'wrong') await onWrongCode(customer);
    throw codeError(outcome);
  }
  const { rowCount } = await ctx.pool.query(
    'UPDATE two_factor_challenges SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL',
    [hashToken(challengeToken)],
  );
  if (rowCount !== 1) throw new ApiError(401, CHALLENGE_EXPIRED, 'TWO_FACTOR_CHALLENGE_EXPIRED');
  return customer;
}

/**
 * Step-up: the customer proves themselves again within the session, with the password or a
 * current authenticator code (not a recovery code). Wrong answers count towards the lockout; a
 * right password ends their run (onRightPassword), as a right sign-in does.
 */
export async function stepUp(
  ctx: CommandContext,
  customerId: string,
  sessionHash: Buffer,
  proof: { password?: string | undefined; code?: string | undefined },
  onWrong: (customer: CustomerState) => Promise<void>,
  isLocked: (customer: CustomerState) => Promise<boolean>,
  onRightPassword: (customer: CustomerState) => Promise<void>,
  metadata: EventMetadata,
) {
  const customer = await loadCustomer(ctx, customerId);
  if (!customer.registered || customer.erased) throw notFound();
  if (await isLocked(customer)) throw signInLocked();
  // Counted before it is checked: the session's allowance holds for guesses sent all at once.
  const counted = await ctx.sessions.countStepUp(sessionHash);
  if (!counted.allowed) {
    throw tooManyStepUps(counted.retryAfterSeconds, proof.code !== undefined ? 'code' : 'password');
  }
  let outcome: CodeOutcome;
  try {
    outcome =
      proof.code !== undefined
        ? await verifySecondFactor(ctx, customer, proof.code, false, metadata)
        : (await verifySecret(
              customer.passwordHash,
              proof.password ?? '',
              customerTurn(customerId),
            ))
          ? 'ok'
          : 'wrong';
  } catch (error) {
    // Nothing was checked (the bank too busy): not a guess.
    await ctx.sessions.uncountStepUp(sessionHash);
    throw error;
  }
  if (outcome === 'ok') {
    // A right code alone does not: a stolen session with the authenticator could then try
    // passwords (to change it) without end, a few between codes. A sign-in needs both too.
    if (proof.code === undefined) await onRightPassword(customer);
    return ctx.sessions.stepUp(sessionHash);
  }
  // A code accepted a moment ago, sent again, is not a guess either.
  if (outcome !== 'wrong') {
    await ctx.sessions.uncountStepUp(sessionHash);
    throw codeError(outcome, twoFactorMessages.invalidAppCode);
  }
  await onWrong(customer);
  throw proof.code !== undefined
    ? codeError(outcome, twoFactorMessages.invalidAppCode)
    : fieldError({ password: [twoFactorMessages.wrongPassword] });
}

/**
 * The session made too many wrong step-ups in a row: refused unchecked (429) until the window
 * after the last one ends, told in whole minutes.
 */
function tooManyStepUps(retryAfterSeconds: number, field: 'code' | 'password') {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const message = `Too many incorrect attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  return new ApiError(429, message, 'RATE_LIMITED', { [field]: [message] });
}

/** Tells the customer about a sign-in to their account: when, and from what kind of device. */
export async function notifySignIn(
  ctx: CommandContext,
  customerId: string,
  device: string,
  at: Date,
  metadata: EventMetadata,
) {
  await ctx.bus.execute({ ...metadata, actor: `customer:${customerId}` }, async (uow) => {
    uow.appendAny(streams.notifications(customerId), [
      NotificationRaised.create({
        customerId,
        notificationId: randomUUID(),
        type: 'security',
        title: 'New sign-in',
        message: `A new sign-in to your account on ${bankTimeText(at)} from ${device}. If this was not you, change your password and contact us at once.`,
        priority: 'medium',
      }),
    ]);
  });
}
