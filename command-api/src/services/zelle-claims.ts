import { createHash, randomInt } from 'node:crypto';
import type { zelleClaimed } from '@bank/contracts';
import {
  ZellePaymentClaimed,
  centsToDollars,
  formatUsd,
  moneyStreams,
  streams,
  zelleStreams,
  type ZelleContact,
} from '@bank/events';
import {
  ApiError,
  customerTurn,
  hashSecret,
  inTransaction,
  ok,
  verifySecret,
  type EventMetadata,
  type PoolClient,
} from '@bank/infra';
import { accountAggregate, decideAccount, type AccountState } from '../domain/account/account.ts';
import { normalizeEmail, phoneDigits } from '../domain/reservation.ts';
import {
  CLAIM_CODE_INVALID,
  CLAIM_CODE_ISSUE_WINDOW_MS,
  CLAIM_CODE_MAX_ATTEMPTS,
  CLAIM_CODE_TTL_MS,
  CLAIM_MESSAGES,
  CLAIM_WRONG_CODE_WINDOW_MS,
  decideCodeAttempt,
  decideCodeTry,
  decideNewCode,
  maskContact,
  newClaimCode,
  CLAIMS_PER_CODE,
} from '../domain/zelle/claim-code.ts';
import { activityAggregate } from '../domain/transfers/limits.ts';
import { claimsWithinReceiveLimits } from '../domain/zelle/claim-limits.ts';
import { inboxAggregate, paymentAggregate, type PaymentData } from '../domain/zelle/zelle.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import type { CommandContext } from './context.ts';
import { runMoneyCommand, type RequestIdentity } from './idempotency.ts';
import { toApiError } from './money-errors.ts';
import { customerAggregate, decideCustomer } from '../domain/customer/customer.ts';
import { findContactHolder, loadCustomer, type FoundCustomer } from './money-lookups.ts';
import type { z } from 'zod';

/**
 * Money sent by Zelle to an email or phone nobody had enrolled (or that a customer changed to and
 * has not proved) waits, held on the sender's account, until a customer proves they own that
 * contact with a one-time code (sent to the ops outbox: no mail or SMS server exists here), or
 * goes back to the sender after the claim window. The same code proves a changed contact, so
 * that money sent to it later arrives at once.
 */

type Kind = ZelleContact['kind'];

function nothingWaiting(kind: Kind) {
  return new DomainError(
    CLAIM_CODE_INVALID,
    CLAIM_MESSAGES.nothingWaiting.replace('{kind}', kind === 'email' ? 'email' : 'phone number'),
    'kind',
  );
}

/** A limit on codes asked for or tried: 429, with the message on the field as other refusals. */
function tooMany(error: DomainError, field = error.field ?? 'code') {
  return new ApiError(429, error.message, 'RATE_LIMITED', { [field]: [error.message] });
}

/**
 * Whether a code may be tried now, from the wrong codes entered lately by the customer, or for
 * the contact (its digest) by anyone.
 */
async function mayTryCodes(
  db: Pick<PoolClient, 'query'>,
  customerId: string,
  digest: string | null,
  now: Date,
) {
  const { rows } = await db.query<{ expires_at: Date; attempts: number }>(
    `SELECT expires_at, attempts FROM zelle_claim_codes
     WHERE (customer_id = $1 OR contact_digest = $3) AND attempts > 0 AND expires_at > $2`,
    [customerId, new Date(now.getTime() - CLAIM_WRONG_CODE_WINDOW_MS), digest],
  );
  return decideCodeTry(
    rows.map((r) => ({ expiresAt: r.expires_at, attempts: r.attempts })),
    now,
  );
}

/** The classes of the per-customer and per-contact claim-code locks (two-key advisory locks). */
const CLAIM_CODES_LOCK = 7431003;
const CONTACT_CODES_LOCK = 7431004;

/**
 * Runs `work` in a transaction holding the customer's claim-code lock: issuing and trying one
 * customer's codes take turns, across processes too, so racing requests cannot pass the limits.
 * `work` takes the contact's lock too (lockContact), always second, before counting its codes.
 */
async function underCodeLock<T>(
  ctx: CommandContext,
  customerId: string,
  work: (db: PoolClient) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx.pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      CLAIM_CODES_LOCK,
      customerId,
    ]);
    return work(db);
  });
}

/** Codes for one contact, whoever asks, take turns (see underCodeLock). */
async function lockContact(db: Pick<PoolClient, 'query'>, digest: string | null) {
  if (digest === null) return;
  await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CONTACT_CODES_LOCK, digest]);
}

/** The customer's own contact of this kind, as a payment to it was addressed, if they hold it. */
async function ownContact(uow: UnitOfWork, customerId: string, kind: Kind) {
  const customer = await loadCustomer(uow, customerId);
  const value = kind === 'email' ? normalizeEmail(customer.email) : phoneDigits(customer.phone);
  const contact: ZelleContact = { kind, value };
  const holder = await findContactHolder(uow, contact);
  return holder?.customerId === customerId ? { contact, holder } : undefined;
}

/** What a code row keeps of the contact it was sent to: a digest, never the contact itself. */
function contactDigest(contact: ZelleContact): string {
  return createHash('sha256').update(`${contact.kind}:${contact.value}`).digest('hex');
}

/** Payments still waiting for the contact (not from the customer themself). */
async function waitingPayments(uow: UnitOfWork, contact: ZelleContact, customerId: string) {
  const ids = (await uow.load(zelleStreams.inbox(contact), inboxAggregate)).state;
  const waiting: PaymentData[] = [];
  for (const id of ids) {
    const { state } = await uow.load(zelleStreams.payment(id), paymentAggregate);
    if (state.payment && state.status === 'pending') {
      if (state.payment.senderCustomerId !== customerId) waiting.push(state.payment);
    }
  }
  return waiting;
}

/**
 * Refuses a new code (429) while the customer or the contact may not try codes now (a code they
 * could not try would only be one more message to the contact), or had enough codes this hour.
 */
async function refuseCodeWhenTooMany(
  db: Pick<PoolClient, 'query'>,
  customerId: string,
  kind: Kind,
  digest: string,
) {
  const now = new Date();
  const tries = await mayTryCodes(db, customerId, digest, now);
  if (tries.outcome === 'refused') throw tooMany(tries.error, 'kind');
  const { rows } = await db.query<{ created_at: Date }>(
    `SELECT created_at FROM zelle_claim_codes
     WHERE ((customer_id = $1 AND contact_kind = $2) OR contact_digest = $4) AND created_at > $3`,
    [customerId, kind, new Date(now.getTime() - CLAIM_CODE_ISSUE_WINDOW_MS), digest],
  );
  const decision = decideNewCode(
    rows.map((r) => r.created_at),
    now,
  );
  if (decision.outcome === 'refused') throw tooMany(decision.error);
}

/** POST /zelle/claims/code: sends a new code to the customer's email or phone (ops outbox). */
export async function requestClaimCode(ctx: CommandContext, customerId: string, kind: Kind) {
  const { result } = await ctx.bus.execute({}, async (uow) => {
    const own = await ownContact(uow, customerId, kind);
    if (!own) return undefined;
    const waiting = await waitingPayments(uow, own.contact, customerId);
    return { contact: own.contact, waiting, verified: own.holder.verified };
  });
  // A code is sent only where it can do something: claim money waiting, or prove the contact.
  if (!result || (result.waiting.length === 0 && result.verified)) {
    throw toApiError(nothingWaiting(kind));
  }
  const code = newClaimCode(randomInt);
  const expiresAt = new Date(Date.now() + CLAIM_CODE_TTL_MS);
  const message = `Harborview Community Bank: your Zelle code is ${code}. It expires in 15 minutes.`;
  const digest = contactDigest(result.contact);
  // The limits are asked before the code is hashed, so a refusal costs no hashing; and again
  // under the locks after it, where they hold against requests racing this one.
  await refuseCodeWhenTooMany(ctx.pool, customerId, kind, digest);
  const codeHash = await hashSecret(code, customerTurn(customerId));
  await underCodeLock(ctx, customerId, async (db) => {
    await lockContact(db, digest);
    await refuseCodeWhenTooMany(db, customerId, kind, digest);
    // A new code replaces any earlier one, whose outbox message is blanked.
    await db.query(
      `WITH closed AS (
         UPDATE zelle_claim_codes SET closed_at = now(), message_sealed = NULL
         WHERE customer_id = $1 AND contact_kind = $2 AND closed_at IS NULL)
       INSERT INTO zelle_claim_codes
         (code_id, customer_id, contact_kind, code_hash, message_sealed, expires_at, contact_digest)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6)`,
      [customerId, kind, codeHash, ctx.secrets.encrypt(message), expiresAt, digest],
    );
  });
  return {
    sent_to: maskContact(kind, result.contact.value),
    expires_at: expiresAt.toISOString(),
    // Until the code proves the contact is theirs, how much money waits for it is not theirs to
    // know: anyone can put another person's email on their profile and ask.
    payments_waiting: result.verified ? result.waiting.length : null,
  };
}

/**
 * Checks a code against the customer's open code, under their claim-code lock so that racing
 * guesses take turns: refused without a look at the code once the customer has entered too many
 * wrong codes lately; a wrong code counts one attempt (the last one spends the code). A code that
 * matches is taken for this claim (used_at) and returned, anything else is refused: the latest
 * code a claim took, while it lives, is still checked, so that it is told used when sent again.
 */
async function tryCode(ctx: CommandContext, customerId: string, kind: Kind, code: string) {
  const tried = await underCodeLock(ctx, customerId, async (db) => {
    const now = new Date();
    const { rows } = await db.query<{
      code_id: string;
      code_hash: string;
      attempts: number;
      expires_at: Date;
      contact_digest: string | null;
      used: boolean;
    }>(
      `SELECT code_id, code_hash, attempts, expires_at, contact_digest, used_at IS NOT NULL AS used
       FROM zelle_claim_codes
       WHERE customer_id = $1 AND contact_kind = $2 AND (closed_at IS NULL OR used_at IS NOT NULL)
       ORDER BY created_at DESC LIMIT 1`,
      [customerId, kind],
    );
    const row = rows[0];
    await lockContact(db, row?.contact_digest ?? null);
    const allowed = await mayTryCodes(db, customerId, row?.contact_digest ?? null, now);
    if (allowed.outcome === 'refused') throw tooMany(allowed.error);
    const matches = row ? await verifySecret(row.code_hash, code, customerTurn(customerId)) : false;
    const decision = decideCodeAttempt(
      row && { expiresAt: row.expires_at, attempts: row.attempts, closed: false, used: row.used },
      matches,
      now,
    );
    if (decision.outcome === 'accepted') {
      await db.query('UPDATE zelle_claim_codes SET used_at = now() WHERE code_id = $1', [
        row!.code_id,
      ]);
      return { codeId: row!.code_id, contactDigest: row!.contact_digest };
    }
    if (row && decision.countAttempt) {
      await db.query('UPDATE zelle_claim_codes SET attempts = attempts + 1 WHERE code_id = $1', [
        row.code_id,
      ]);
      if (row.attempts + 1 >= CLAIM_CODE_MAX_ATTEMPTS) await closeCode(db, row.code_id);
    }
    return { error: decision.error };
  });
  if ('error' in tried) throw tried.error;
  return tried;
}

/** Closes the customer's open codes for these contacts (changed, so the codes prove nothing). */
export async function closeOpenCodes(ctx: CommandContext, customerId: string, kinds: Kind[]) {
  if (kinds.length === 0) return;
  await ctx.pool.query(
    `UPDATE zelle_claim_codes SET closed_at = now(), message_sealed = NULL
     WHERE customer_id = $1 AND contact_kind = ANY($2) AND closed_at IS NULL`,
    [customerId, kinds],
  );
}

async function closeCode(db: Pick<PoolClient, 'query'>, codeId: string) {
  await db.query(
    'UPDATE zelle_claim_codes SET closed_at = now(), message_sealed = NULL WHERE code_id = $1',
    [codeId],
  );
}

/**
 * POST /zelle/claims: with the right code, every payment waiting for the customer's email or
 * phone is credited to their checking account, exactly once per Idempotency-Key.
 */
export async function claimWithCode(
  ctx: CommandContext,
  input: { customerId: string; kind: Kind; code: string },
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  // One attempt per request, even when the bus decides the command twice.
  let check: ReturnType<typeof tryCode> | undefined;
  let usedCode: string | undefined;
  const outcome = await runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
    check ??= tryCode(ctx, input.customerId, input.kind, input.code);
    const tried = await check;
    usedCode = tried.codeId;
    const own = await ownContact(uow, input.customerId, input.kind);
    if (!own) throw nothingWaiting(input.kind);
    // The code was sent to the contact the customer had then: it proves nothing about another.
    if (tried.contactDigest !== contactDigest(own.contact)) {
      throw new DomainError(CLAIM_CODE_INVALID, CLAIM_MESSAGES.noCode, 'code');
    }
    const waiting = await waitingPayments(uow, own.contact, input.customerId);
    if (waiting.length === 0 && own.holder.verified) throw nothingWaiting(input.kind);
    const activityStream = moneyStreams.activity(input.customerId);
    const activity = await uow.load(activityStream, activityAggregate);
    // One claim credits a bounded batch, oldest first: however many small payments wait, a
    // claim stays one short command, and the rest wait for the next code.
    const batch = waiting.slice(0, CLAIMS_PER_CODE);
    const within = claimsWithinReceiveLimits(batch, input.customerId, activity.state, now);
    // Nothing fits today and nothing is left to prove: refused, with no effect. A right code for
    // a contact not yet proved still proves it, and the money keeps waiting for another day.
    if (within.fits.length === 0 && within.refused && own.holder.verified) throw within.refused;
    uow.append(activityStream, within.events);
    if (!own.holder.verified) {
      const stream = streams.customer(input.customerId);
      const customer = await uow.load(stream, customerAggregate);
      uow.append(
        stream,
        decideCustomer({ type: 'VerifyContact', kind: input.kind }, customer.state),
      );
    }
    for (const payment of within.fits) await claimPending(uow, payment, own.holder, now);
    return claimedReply(within.fits, own.holder, input.kind, {
      overLimit: batch.length - within.fits.length,
      nextClaim: waiting.length - batch.length,
    });
  }).catch(async (error: unknown) => {
    if (usedCode) await giveCodeBack(ctx.pool, usedCode);
    throw error;
  });
  // The code this request took is spent by its own claim; a claim that failed, or whose answer
  // is another request's, gives it back.
  if (usedCode && !outcome.result.replayed) await closeCode(ctx.pool, usedCode);
  else if (usedCode) await giveCodeBack(ctx.pool, usedCode);
  return outcome;
}

async function giveCodeBack(db: Pick<PoolClient, 'query'>, codeId: string) {
  await db.query(
    'UPDATE zelle_claim_codes SET used_at = NULL WHERE code_id = $1 AND closed_at IS NULL',
    [codeId],
  );
}

/** " 1 more payment keeps waiting: …" / " 3 payments keep waiting: …", or nothing for none. */
function stillWaitingText(count: number, more: string, reason: (one: boolean) => string) {
  if (count === 0) return '';
  return count === 1
    ? ` 1${more} payment keeps waiting: ${reason(true)}.`
    : ` ${count}${more} payments keep waiting: ${reason(false)}.`;
}

function claimedReply(
  payments: PaymentData[],
  holder: FoundCustomer,
  kind: Kind,
  left: { overLimit: number; nextClaim: number },
) {
  const total = payments.reduce((sum, p) => sum + p.amount, 0);
  const contact = kind === 'email' ? 'email' : 'phone number';
  const claimed = `${formatUsd(total)} claimed into your ${holder.depositAccountName}`;
  const more = payments.length === 0 ? '' : ' more';
  const rest =
    stillWaitingText(left.overLimit, more, (one) =>
      one
        ? 'it would exceed your daily receive limit'
        : 'they would exceed your daily receive limit',
    ) +
    stillWaitingText(left.nextClaim, more, (one) =>
      one ? 'ask for a new code to claim it' : 'ask for a new code to claim them',
    );
  return {
    statusCode: 200,
    body: ok(
      {
        claimed: payments.map((p) => ({
          id: p.paymentId,
          sender_name: p.senderName,
          amount: centsToDollars(p.amount),
          reference_number: p.reference,
        })),
        total: centsToDollars(total),
        account: { id: holder.depositAccountId, name: holder.depositAccountName },
      } satisfies z.input<typeof zelleClaimed.shape.data>,
      payments.length === 0
        ? `Your ${contact} is verified. Zelle payments to it now arrive at once.${rest}`
        : rest
          ? `${claimed}.${rest}`
          : claimed,
    ),
  };
}

/**
 * Completes a pending payment for the customer who proved they hold its email or phone: the
 * sender's hold is posted and the recipient's checking account credited, in one append.
 */
async function claimPending(uow: UnitOfWork, p: PaymentData, recipient: FoundCustomer, now: Date) {
  const fromStream = streams.account(p.fromAccountId);
  const from: AccountState = (await uow.load(fromStream, accountAggregate)).state;
  const toStream = streams.account(recipient.depositAccountId);
  const to: AccountState = (await uow.load(toStream, accountAggregate)).state;
  const holdId = p.holdId!;
  const common = { entryId: holdId, amount: p.amount, kind: 'zelle', reference: p.reference };
  uow.append(
    fromStream,
    decideAccount(
      {
        type: 'CaptureHold',
        posting: {
          ...common,
          holdId,
          accountId: from.accountId,
          description: `Zelle payment to ${recipient.name}`,
          contra: `account:${to.accountId}`,
          metadata: { zelle_payment_id: p.paymentId, counterparty_name: recipient.name },
        },
      },
      from,
    ),
  );
  uow.appendUnlessClosed(
    toStream,
    decideAccount(
      {
        type: 'Credit',
        posting: {
          ...common,
          accountId: to.accountId,
          description: `Zelle payment from ${p.senderName}`,
          contra: `account:${from.accountId}`,
          metadata: {
            zelle_payment_id: p.paymentId,
            counterparty_name: p.senderName,
            memo: p.memo || undefined,
          },
        },
      },
      to,
    ),
  );
  uow.append(zelleStreams.payment(p.paymentId), [
    ZellePaymentClaimed.create({
      paymentId: p.paymentId,
      senderCustomerId: p.senderCustomerId,
      recipientCustomerId: recipient.customerId,
      recipientAccountId: to.accountId,
      recipientName: recipient.name,
      amount: p.amount,
      claimedAt: now.toISOString(),
      senderName: p.senderName,
      memo: p.memo,
      reference: p.reference,
    }),
  ]);
}
