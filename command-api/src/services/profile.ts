import { streams, type NotificationPreferences } from '@bank/events';
import { fieldError, type EventMetadata } from '@bank/infra';
import {
  customerAggregate,
  decideCustomer,
  type CustomerCommand,
} from '../domain/customer/customer.ts';
import { normalizeEmail, reservationAggregate, reserve } from '../domain/reservation.ts';
import type { CommandContext } from './context.ts';

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

/** Updates personal details; a new email must not belong to another customer. */
export async function updateProfile(
  ctx: CommandContext,
  customerId: string,
  input: ProfileInput,
  metadata: EventMetadata,
) {
  return ctx.bus.execute(metadata, async (uow) => {
    const stream = streams.customer(customerId);
    const customer = await uow.load(stream, customerAggregate);
    if (input.email && normalizeEmail(input.email) !== normalizeEmail(customer.state.email)) {
      const reservation = streams.reservation('email', normalizeEmail(input.email));
      const claim = await uow.load(reservation, reservationAggregate);
      if (claim.state && claim.state.customerId !== customerId) {
        throw fieldError({ email: ['The email has already been taken.'] });
      }
      if (!claim.state) uow.appendNew(reservation, reserve({ kind: 'email', customerId }));
    }
    const events = decideCustomer({ type: 'UpdateProfile', data: input }, customer.state);
    if (events.length > 0) uow.append(stream, events);
  });
}

export function changeProfileImage(
  ctx: CommandContext,
  customerId: string,
  profileImage: string | null,
  metadata: EventMetadata,
) {
  return runCustomerCommand(
    ctx,
    customerId,
    { type: 'ChangeProfileImage', profileImage },
    metadata,
  );
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
