import { streams } from '@bank/events';
import { fieldError, type EventMetadata } from '@bank/infra';
import { customerAggregate, decideCustomer } from '../domain/customer/customer.ts';
import { reservationAggregate } from '../domain/reservation.ts';
import type { CommandContext } from './context.ts';

/**
 * Erases a customer on request (crypto-shredding): records CustomerErased, destroys the
 * customer's data key and signs every session out. The events stay, amounts and balances stay
 * readable and the books verifiable; the personal data in old events reads as "[erased]".
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
  if (!claim) throw fieldError({ account_number: ['No customer has this account number.'] });
  const customerId = claim.customerId;
  const outcome = await ctx.bus.execute(metadata, async (uow) => {
    const stream = streams.customer(customerId);
    const customer = await uow.load(stream, customerAggregate);
    if (customer.state.erased)
      throw fieldError({ account_number: ['This customer has already been erased.'] });
    uow.append(stream, decideCustomer({ type: 'Erase', reason }, customer.state));
  });
  await ctx.keyring.destroy(customerId);
  await ctx.sessions.revokeOthers(customerId, undefined);
  return { customerId, outcome };
}
