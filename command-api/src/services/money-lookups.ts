import { streams, type ZelleContact } from '@bank/events';
import { notFound } from '@bank/infra';
import { accountAggregate, type AccountState } from '../domain/account/account.ts';
import { customerAggregate, type CustomerState } from '../domain/customer/customer.ts';
import { normalizeEmail, phoneDigits, reservationAggregate } from '../domain/reservation.ts';
import { requireSameBankRecipient } from '../domain/transfers/initiate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';

/**
 * Command-side lookups for money movement, from event streams only (never read models): the
 * money decisions must see the same state the append is checked against.
 */

/** One of the signed-in customer's own accounts; anything else is a 404 that reveals nothing. */
export async function ownAccount(
  uow: UnitOfWork,
  customerId: string,
  accountId: string,
): Promise<AccountState> {
  const { state } = await uow.load(streams.account(accountId), accountAggregate);
  if (!state.opened || state.customerId !== customerId) throw notFound();
  return state;
}

export async function loadCustomer(uow: UnitOfWork, customerId: string): Promise<CustomerState> {
  return (await uow.load(streams.customer(customerId), customerAggregate)).state;
}

export interface FoundCustomer {
  customerId: string;
  name: string;
  /** Where money sent to the customer lands: their checking account (it carries their number). */
  depositAccountId: string;
  depositAccountName: string;
}

/**
 * Finds the customer who holds an email or phone: the reservation stream names the customer;
 * their profile must still carry that contact (a changed email no longer finds them); their
 * deposit account is the one reserved under the customer's own account number (checking).
 */
export async function findCustomerByContact(
  uow: UnitOfWork,
  contact: ZelleContact,
): Promise<FoundCustomer | undefined> {
  if (contact.value === '') return undefined;
  const reservation = await uow.load(
    streams.reservation(contact.kind, contact.value),
    reservationAggregate,
  );
  if (!reservation.state) return undefined;
  const customer = await loadCustomer(uow, reservation.state.customerId);
  if (!customer.registered) return undefined;
  const current =
    contact.kind === 'email' ? normalizeEmail(customer.email) : phoneDigits(customer.phone);
  if (current !== contact.value) return undefined;
  const numbered = await uow.load(
    streams.reservation('bank_account', customer.accountNumber),
    reservationAggregate,
  );
  const accountId = numbered.state?.accountId;
  if (!accountId) return undefined;
  const account = await uow.load(streams.account(accountId), accountAggregate);
  if (!account.state.opened || account.state.customerId !== customer.customerId) return undefined;
  return {
    customerId: customer.customerId,
    name: customer.name,
    depositAccountId: accountId,
    depositAccountName: account.state.name,
  };
}

/**
 * The other customer a same-bank transfer names: found by contact, the one the form looked up (if
 * it sent the id), and not the sender.
 */
export async function sameBankRecipient(
  uow: UnitOfWork,
  senderId: string,
  dest: { contact: ZelleContact; contactField: string; recipientId?: string | undefined },
): Promise<FoundCustomer> {
  return requireSameBankRecipient(senderId, dest, await findCustomerByContact(uow, dest.contact));
}

/** Reads "someone@example.com" or "(555) 010-0100" the way the person-to-person screen does. */
export function contactFromText(text: string): ZelleContact {
  const trimmed = text.trim();
  return trimmed.includes('@')
    ? { kind: 'email', value: normalizeEmail(trimmed) }
    : { kind: 'phone', value: phoneDigits(trimmed) };
}
