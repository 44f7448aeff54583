import { streams } from '@bank/events';
import { fieldError, type EventMetadata } from '@bank/infra';
import { customerAggregate, decideCustomer } from '../domain/customer/customer.ts';
import { contactRequestAggregate, decideContactRequestErased } from '../domain/contact-request.ts';
import { reservationAggregate } from '../domain/reservation.ts';
import type { CommandContext } from './context.ts';
import { erasePhotos } from './photos.ts';
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
  const outcome = await ctx.bus.execute(metadata, async (uow) => {
    const stream = streams.customer(customerId);
    const customer = await uow.load(stream, customerAggregate);
    if (customer.state.erased) {
      await shredAndSignOut(ctx, customerId);
      await erasePhotos(ctx, customerId);
      throw fieldError({ account_number: ['This customer has already been erased.'] });
    }
    const erased = decideCustomer({ type: 'Erase', reason }, customer.state);
    await shredAndSignOut(ctx, customerId);
    // Other processes (scale mode's services, the projections' thread) drop the key from their
    // caches first: whatever is written or projected after the record can no longer be opened.
    await ctx.keyring.untilDestroyedEverywhere();
    uow.append(stream, erased);
  });
  await ctx.sessions.revokeOthers(customerId, undefined);
  await erasePhotos(ctx, customerId);
  return { customerId, outcome };
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
