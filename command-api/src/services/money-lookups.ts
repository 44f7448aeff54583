import { streams, type ZelleContact } from '@bank/events';
import { notFound } from '@bank/infra';
import {
  ACCOUNT_CLOSED,
  ACCOUNT_CLOSED_MESSAGE,
  accountAggregate,
  type AccountState,
} from '../domain/account/account.ts';
import { customerAggregate, type CustomerState } from '../domain/customer/customer.ts';
import {
  claimHoldsAgainstOthers,
  normalizeEmail,
  phoneDigits,
  reservationAggregate,
  reserve,
} from '../domain/reservation.ts';
import { requireSameBankRecipient } from '../domain/transfers/initiate.ts';
import { DomainError } from '../kernel/aggregate.ts';
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

/**
 * The account a new schedule pays from, open when the schedule is written: one closed is refused,
 * and the schedule's append expects it still open (checked by the store), so a schedule decided
 * before the account closed (its owner erased) that reaches the log after is decided again and
 * refused, never left to run on an erased customer.
 */
export function requireOpenAtCommit(uow: UnitOfWork, account: AccountState): void {
  if (account.closed) throw new DomainError(ACCOUNT_CLOSED, ACCOUNT_CLOSED_MESSAGE);
  uow.expectAtCommit(streams.account(account.accountId), 'open');
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
 * The customer who holds an email or phone now: the reservation stream names them and their
 * profile still carries it (a changed email no longer finds them, and may be claimed again).
 */
export async function contactHolder(
  uow: UnitOfWork,
  contact: ZelleContact,
): Promise<CustomerState | undefined> {
  if (contact.value === '') return undefined;
  const reservation = await uow.load(
    streams.reservation(contact.kind, contact.value),
    reservationAggregate,
  );
  if (!reservation.state) return undefined;
  const customer = await loadCustomer(uow, reservation.state.customerId);
  if (!customer.registered || customer.erased) return undefined;
  const current =
    contact.kind === 'email' ? normalizeEmail(customer.email) : phoneDigits(customer.phone);
  return current === contact.value ? customer : undefined;
}

/**
 * Stages the customer's claim on an email or phone, unless another customer holds it now (then
 * false): one who proved it, or claimed it less than a day ago. Claims of one contact take turns
 * on its reservation stream's version.
 */
export async function claimContact(
  uow: UnitOfWork,
  contact: ZelleContact,
  customerId: string,
): Promise<boolean> {
  const stream = streams.reservation(contact.kind, contact.value);
  const reservation = await uow.load(stream, reservationAggregate);
  const holder = await contactHolder(uow, contact);
  const now = new Date();
  if (
    holder &&
    holder.customerId !== customerId &&
    claimHoldsAgainstOthers(
      reservation.state ?? {},
      !holder.unverifiedContacts.includes(contact.kind),
      now,
    )
  ) {
    return false;
  }
  // Appended even when the reservation names this customer already (one returning to an email
  // they left): the append's version check is what makes two claims of one contact take turns.
  uow.append(stream, reserve({ kind: contact.kind, customerId, claimedAt: now.toISOString() }));
  return true;
}

/**
 * The customer money sent to an email or phone reaches, found as `contactHolder` finds them,
 * with `verified` false while the contact is one they changed to and have not proved; their
 * deposit account is the one reserved under the customer's own account number (checking).
 */
export async function findContactHolder(
  uow: UnitOfWork,
  contact: ZelleContact,
): Promise<(FoundCustomer & { verified: boolean }) | undefined> {
  const customer = await contactHolder(uow, contact);
  if (!customer) return undefined;
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
    verified: !customer.unverifiedContacts.includes(contact.kind),
  };
}

/**
 * Finds the customer money sent to an email or phone is credited to at once: one who holds it
 * and has proved it. Nobody is found under a contact not yet proved, so money to it waits, as
 * for a contact nobody holds, until its owner proves it with a code.
 */
export async function findCustomerByContact(
  uow: UnitOfWork,
  contact: ZelleContact,
): Promise<FoundCustomer | undefined> {
  const found = await findContactHolder(uow, contact);
  if (!found?.verified) return undefined;
  const { verified: _verified, ...customer } = found;
  return customer;
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
