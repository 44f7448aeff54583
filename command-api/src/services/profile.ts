import { streams, type AlertPreferences, type NotificationPreferences } from '@bank/events';
import { fieldError, notFound, type EventMetadata } from '@bank/infra';
import { findAccountType } from '@bank/projections';
import {
  changesMailingAddress,
  customerAggregate,
  decideCustomer,
  type CustomerCommand,
} from '../domain/customer/customer.ts';
import { normalizeEmail, phoneDigits } from '../domain/reservation.ts';
import type { CommandContext } from './context.ts';
import { claimContact } from './money-lookups.ts';
import { forgetReplacedPhotos } from './photos.ts';
import { closeOpenCodes } from './zelle-claims.ts';

export interface ProfileInput {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  address?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zipCode?: string | undefined;
  dateOfBirth?: string | undefined;
}

function runCustomerCommand(
  ctx: CommandContext,
  customerId: string,
  command: CustomerCommand,
  metadata: EventMetadata,
) {
  return ctx.bus.execute(metadata, async (uow) => {
    const stream = streams.customer(customerId);
    const customer = await uow.load(stream, customerAggregate);
    uow.append(stream, decideCustomer(command, customer.state));
  });
}

/**
 * Updates personal details; a new email must not belong to another customer. A new email, phone
 * or mailing address first passes `beforeContactChange` (the route's step-up check): whoever
 * controls where codes and cards are sent controls the account.
 */
export async function updateProfile(
  ctx: CommandContext,
  customerId: string,
  input: ProfileInput,
  metadata: EventMetadata,
  beforeContactChange: () => void = () => {},
) {
  const outcome = await ctx.bus.execute(metadata, async (uow) => {
    const stream = streams.customer(customerId);
    const customer = await uow.load(stream, customerAggregate);
    // A new card is mailed to the address on file: moving it is the first step of taking a card.
    if (changesMailingAddress(customer.state.mailingAddress, input)) beforeContactChange();
    // A new email or phone must not be held by another customer, and is claimed for this one.
    // Lookups find the customer under it only once they prove it with a code (until then money
    // sent to it waits), and the contact it replaces is free for whoever holds it next.
    const claims = [
      {
        kind: 'email' as const,
        next: input.email && normalizeEmail(input.email),
        current: normalizeEmail(customer.state.email),
      },
      {
        kind: 'phone' as const,
        next: input.phone && phoneDigits(input.phone),
        current: phoneDigits(customer.state.phone),
      },
    ];
    for (const { kind, next, current } of claims) {
      if (!next || next === current) continue;
      beforeContactChange();
      if (!(await claimContact(uow, { kind, value: next }, customerId))) {
        throw fieldError({ [kind]: [`The ${kind} has already been taken.`] });
      }
    }
    const events = decideCustomer({ type: 'UpdateProfile', data: input }, customer.state);
    if (events.length > 0) uow.append(stream, events);
    return events.flatMap((e) =>
      e.type === 'CustomerProfileUpdated' ? (e.data.contactsToProve ?? []) : [],
    );
  });
  // A code sent to the contact it replaces can prove nothing now: out of the outbox with it.
  await closeOpenCodes(ctx, customerId, outcome.result);
  return outcome;
}

/** Sets or removes the customer's photo; the photo it replaces is deleted. */
export async function changeProfileImage(
  ctx: CommandContext,
  customerId: string,
  profileImage: string | null,
  metadata: EventMetadata,
) {
  let previous: string | null = null;
  const outcome = await ctx.bus.execute(metadata, async (uow) => {
    const stream = streams.customer(customerId);
    const customer = await uow.load(stream, customerAggregate);
    previous = customer.state.profileImage;
    uow.append(
      stream,
      decideCustomer({ type: 'ChangeProfileImage', profileImage }, customer.state),
    );
  });
  await forgetReplacedPhotos(ctx, customerId, previous, profileImage);
  return outcome;
}

export function changeNotificationPreferences(
  ctx: CommandContext,
  customerId: string,
  preferences: NotificationPreferences,
  metadata: EventMetadata,
) {
  return runCustomerCommand(
    ctx,
    customerId,
    { type: 'ChangeNotificationPreferences', preferences },
    metadata,
  );
}

/**
 * Replaces the customer's alerts. A low-balance alert on an account that is not the customer's
 * is not found, like one that does not exist.
 */
export async function changeAlerts(
  ctx: CommandContext,
  customerId: string,
  alerts: AlertPreferences,
  metadata: EventMetadata,
) {
  const accountId = alerts.lowBalance?.accountId;
  if (accountId) {
    if ((await findAccountType(ctx.pool, customerId, accountId)) === undefined) throw notFound();
  }
  return runCustomerCommand(ctx, customerId, { type: 'ChangeAlerts', alerts }, metadata);
}
