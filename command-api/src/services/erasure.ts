import { streams, supportStreams, zelleStreams } from '@bank/events';
import { ApiError, fieldError, type EventMetadata } from '@bank/infra';
import { accountAggregate, decideAccount, type AccountState } from '../domain/account/account.ts';
import { billScheduleBookStream } from '../domain/bill-pay/schedule.ts';
import { walletAggregate } from '../domain/crypto/wallet.ts';
import { leftToCloseOut } from '../domain/customer/close-out.ts';
import {
  customerAggregate,
  decideCustomer,
  NOT_CLOSED_OUT,
  type CustomerState,
} from '../domain/customer/customer.ts';
import { contactRequestAggregate, decideContactRequestErased } from '../domain/contact-request.ts';
import { decideCancelZelleRequest } from '../domain/pending/cancel.ts';
import { reservationAggregate } from '../domain/reservation.ts';
import { disputeAggregate } from '../domain/support/dispute.ts';
import { scheduleBookAggregate } from '../domain/schedule-book.ts';
import { scheduleBookStream } from '../domain/transfers/schedule-book.ts';
import { requestAggregate } from '../domain/zelle/zelle.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import type { CommandContext } from './context.ts';
import { cryptoStreams } from './crypto-desk.ts';
import { erasePhotos } from './photos.ts';
import { stopSchedulesToErased } from './scheduled-transfers.ts';
import { forgetDevices } from './trusted-devices.ts';

/**
 * Erases a customer on request (crypto-shredding): records CustomerErased, destroys the
 * customer's data key, signs every session out and deletes their photos. The events stay,
 * amounts and balances stay readable and the books verifiable; the personal data in old events
 * reads as "[erased]".
 *
 * The key goes and the sessions end once the decision stands and before the record, so a crash
 * after the record cannot leave the data readable or the customer signed in; the sessions end
 * again after it (a sign-in made in between). The record waits until every other process's
 * keyring has dropped the key too. Asked again for an erased customer, it finishes
 * whatever an interrupted erasure left, then answers that the customer is erased already.
 *
 * Only a customer with nothing left at the bank is erased: no balance on any account, no coins,
 * nothing pending, no card dispute staff have not decided (see leftToCloseOut); otherwise 409 and
 * nothing changes. Their Zelle requests still awaiting an answer are withdrawn with the accounts,
 * and other customers' scheduled transfers to them are stopped (each payer told). The accounts close first, in a command of their own: from then on nothing is
 * posted to them (a teller deposit racing the erasure either lands before, and the closing is
 * decided again and refused, or is decided again on the closed account and refused), so no
 * refusal can come after the key is gone.
 */
export async function eraseCustomer(
  ctx: CommandContext,
  accountNumber: string,
  reason: string,
  metadata: EventMetadata,
) {
  const claims = await ctx.bus.store.readStream(
    streams.reservation('account_number', accountNumber),
  );
  const claim = claims.reduce(
    (s, e) => reservationAggregate.evolve(s, e.event as never),
    reservationAggregate.initial(),
  );
  // Only the number a customer signs in with names them; their other accounts' numbers do not.
  if (!claim) {
    throw fieldError({ account_number: ['No customer signs in with this account number.'] });
  }
  const customerId = claim.customerId;
  const stream = streams.customer(customerId);
  const outcome = await refusedWithConflict(async () => {
    await ctx.bus.execute(metadata, async (uow) => {
      const customer = await uow.load(stream, customerAggregate);
      if (!customer.state.erased) await closeOut(ctx, uow, customer.state, reason);
    });
    return ctx.bus.execute(metadata, async (uow) => {
      const customer = await uow.load(stream, customerAggregate);
      if (customer.state.erased) {
        await shredAndSignOut(ctx, customerId);
        await erasePhotos(ctx, customerId);
        throw fieldError({ account_number: ['This customer has already been erased.'] });
      }
      // Decided again: an account opened since the first command closes here.
      const erased = await closeOut(ctx, uow, customer.state, reason);
      await shredAndSignOut(ctx, customerId);
      // Other processes (scale mode's services, the projections' thread) drop the key from their
      // caches first: whatever is written or projected after the record can no longer be opened.
      await ctx.keyring.untilDestroyedEverywhere();
      uow.append(stream, erased);
    });
  });
  await ctx.sessions.revokeOthers(customerId, undefined);
  await erasePhotos(ctx, customerId);
  return { customerId, outcome };
}

/**
 * Decides the erasure on everything the customer holds (refused while anything is left) and
 * stages the closing of every account still open, each checked against the version read. Returns
 * the customer's CustomerErased, for the caller to record.
 */
async function closeOut(
  ctx: CommandContext,
  uow: UnitOfWork,
  customer: CustomerState,
  reason: string,
) {
  // Every account the customer opened (registration's, business ones). One opened concurrently
  // also writes the customer stream, so the erasure's checked append there fails and this runs again.
  const { rows } = await ctx.pool.query<{ account_id: string }>(
    `SELECT data->>'accountId' AS account_id FROM events
     WHERE data ? 'customerId' AND data->>'customerId' = $1 AND type = 'AccountOpened'`,
    [customer.customerId],
  );
  const accounts = await Promise.all(
    rows.map(async (r) => (await uow.load(streams.account(r.account_id), accountAggregate)).state),
  );
  // The books are read, not written: each must still be as read when the erasure is written, or a
  // schedule booked meanwhile would be left on an erased customer (it is counted when decided
  // again). One booked after the accounts closed is refused: its account is expected open.
  const books = await Promise.all(
    [scheduleBookStream, billScheduleBookStream].map(async (book) => {
      const stream = book(customer.customerId);
      const { state } = await uow.load(stream, scheduleBookAggregate);
      uow.expectAtCommit(stream, 'read');
      return state.size;
    }),
  );
  const wallet = await uow.load(cryptoStreams.wallet(customer.customerId), walletAggregate);
  const disputes = await Promise.all(
    (await disputedCharges(ctx, customer.customerId, accounts)).map(
      async (line) => (await uow.load(supportStreams.dispute(line), disputeAggregate)).state,
    ),
  );
  const left = leftToCloseOut({
    accounts,
    wallet: wallet.state,
    activeTransferSchedules: books[0]!,
    activeBillPaymentSchedules: books[1]!,
    disputes,
  });
  const requests = await openRequests(ctx, uow, customer.customerId);
  const erased = decideCustomer({ type: 'Erase', reason, leftToCloseOut: left }, customer);
  await stopSchedulesToErased(ctx, uow, customer.customerId);
  for (const account of accounts) {
    uow.append(
      streams.account(account.accountId),
      decideAccount({ type: 'Close', reason: 'owner_erased' }, account),
    );
  }
  const now = new Date();
  for (const { stream, state } of requests) {
    const withdrawn = decideCancelZelleRequest(state, customer.customerId, now, {
      byErasure: true,
    });
    uow.append(stream, withdrawn.events);
  }
  return erased;
}

/** The customer's Zelle requests, through the index on their requester (not a scan of the log). */
export const ZELLE_REQUESTS_SQL = `SELECT data->>'requestId' AS request_id FROM events
  WHERE type = 'ZelleRequestCreated' AND data->>'requesterCustomerId' = $1`;

/**
 * The customer's Zelle requests nobody has paid or declined yet: the erasure withdraws them, as
 * the customer could (nobody is asked to pay someone no longer at the bank). A request made while
 * the erasure decides either reached the log before the accounts closed, and the erasure's second
 * command finds it, or is refused: its account is expected open.
 */
async function openRequests(ctx: CommandContext, uow: UnitOfWork, customerId: string) {
  const { rows } = await ctx.pool.query<{ request_id: string }>(ZELLE_REQUESTS_SQL, [customerId]);
  const requests = await Promise.all(
    rows.map(async (r) => {
      const stream = zelleStreams.request(r.request_id);
      return { stream, state: (await uow.load(stream, requestAggregate)).state };
    }),
  );
  return requests.filter((r) => r.state.status === 'pending');
}

/**
 * The customer's disputes in the log. `data ? 'customerId'` is the condition of the auditors'
 * index on the customer: without it every erasure read the whole log.
 */
export const DISPUTED_CHARGES_SQL = `SELECT data->>'transactionId' AS transaction_id FROM events
  WHERE data ? 'customerId' AND data->>'customerId' = $1 AND type = 'CardChargeDisputed'`;

/**
 * The history lines the customer disputed. A dispute is recorded on the account the charge was
 * paid from, in the dispute's append and checked against the account's version, so one opened
 * while the erasure decides makes the erasure's checked close of that account fail, and the
 * erasure is decided again with it; once the account is closed, a dispute of its charges is
 * refused. Disputes opened before accounts recorded them are found in the log (they cannot race:
 * they exist already).
 */
async function disputedCharges(
  ctx: CommandContext,
  customerId: string,
  accounts: readonly AccountState[],
): Promise<string[]> {
  const { rows } = await ctx.pool.query<{ transaction_id: string }>(DISPUTED_CHARGES_SQL, [
    customerId,
  ]);
  return [
    ...new Set([
      ...accounts.flatMap((a) => a.disputedCharges),
      ...rows.map((r) => r.transaction_id),
    ]),
  ];
}

/** An erasure refused for what the customer still holds answers 409, with what is left. */
async function refusedWithConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.reason === NOT_CLOSED_OUT) {
      throw new ApiError(409, error.message, 'CONFLICT', { account_number: [error.message] });
    }
    throw error;
  }
}

async function shredAndSignOut(ctx: CommandContext, customerId: string): Promise<void> {
  await ctx.keyring.destroy(customerId);
  await ctx.sessions.revokeOthers(customerId, undefined);
  await forgetDevices(ctx.pool, customerId);
}

/**
 * Erases a visitor's contact requests on request: each request's key is destroyed and
 * ContactRequestErased recorded on its stream. The requests are found by the email's keyed
 * fingerprint (the email itself is sealed); a later request from the same email is kept.
 */
export async function eraseContactRequests(
  ctx: CommandContext,
  email: string,
  reason: string,
  metadata: EventMetadata,
) {
  const { rows } = await ctx.pool.query<{ request_id: string }>(
    `SELECT data->>'requestId' AS request_id FROM events
     WHERE type = 'ContactRequestSubmitted' AND data->>'emailFingerprint' = $1`,
    [ctx.keyring.fingerprint(email)],
  );
  if (rows.length === 0) throw fieldError({ email: ['No contact request has this email.'] });
  const requestIds = rows.map((r) => r.request_id);
  const erasedAt = new Date().toISOString();
  // Keys first: should the append fail, the data is unreadable already and a retry records it.
  for (const requestId of requestIds) await ctx.keyring.destroy(requestId);
  await ctx.keyring.untilDestroyedEverywhere();
  const outcome = await ctx.bus.execute(metadata, async (uow) => {
    let pending = 0;
    for (const requestId of requestIds) {
      const stream = streams.contactRequest(requestId);
      const request = await uow.load(stream, contactRequestAggregate);
      const erased = decideContactRequestErased(request.state, { requestId, reason, erasedAt });
      pending += erased.length;
      uow.append(stream, erased);
    }
    if (pending === 0) {
      throw fieldError({ email: ['The contact requests of this email have already been erased.'] });
    }
  });
  return { requestIds, outcome };
}
