import { BILL_PAY_MESSAGES } from '@bank/contracts';
import {
  BillPayeeAdded,
  BillPayeeAutopayChanged,
  BillPayeeFirstPaid,
  BillPayeeRemoved,
  BillPayeeRenamed,
  moneyRules,
  formatUsd,
  type BillPayCategory,
  type EventData,
} from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { DAILY_LIMIT_EXCEEDED, requireWithinLimits } from '../transfers/limits.ts';

/** A payee never paid before is held to a lower limit for its first payment. */
export const NEW_PAYEE_FIRST_PAYMENT_CENTS = moneyRules.newPayeeFirstPaymentCents;
export const NEW_PAYEE_LIMIT_MESSAGE = `The first payment to a new payee is limited to ${formatUsd(NEW_PAYEE_FIRST_PAYMENT_CENTS)}.`;

/**
 * How many payees a customer may have at once, as saved recipients. Every list of payees, every
 * payment and every AutoPay run reads them all, so one customer must not grow them without end.
 */
export const MAX_PAYEES = 100;
export const TOO_MANY_PAYEES_MESSAGE = `You can have up to ${MAX_PAYEES} payees. Delete one you no longer pay to add another.`;

export interface Payee {
  payeeId: string;
  /** As the customer sees it: the nickname, else the company's name. */
  name: string;
  /** The company's name as added, shown when the payee has no nickname. */
  companyName: string;
  /** The company's name as added, case and spacing aside: with the account number, who is paid. */
  company: string;
  /** The account number's last four characters, shown with the name wherever the payee is listed. */
  last4: string;
  /** The keyed hash of the full account number; absent on payees added before it was recorded. */
  accountHash: string | undefined;
  /** The sealed account number, from which an older payee's hash is made when it is needed. */
  accountNumberEncrypted: string;
  category: BillPayCategory;
  defaultAmountCents: number | null;
  autopay: EventData<'BillPayeeAdded'>['autopay'];
  /** A payment to it has gone out: the new-payee limit no longer applies. */
  paid: boolean;
}

/** A customer's payees (one stream per customer): removed payees are gone. */
export interface PayeesState {
  customerId: string | null;
  payees: Record<string, Payee>;
  /** Ids ever used, removed included, so an id is never reused. */
  known: string[];
}

export const payeesAggregate: Aggregate<
  PayeesState,
  StreamEvent<
    | 'BillPayeeAdded'
    | 'BillPayeeAutopayChanged'
    | 'BillPayeeFirstPaid'
    | 'BillPayeeRemoved'
    | 'BillPayeeRenamed'
  >
> = {
  name: 'bill-payees',
  initial: () => ({ customerId: null, payees: {}, known: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'BillPayeeAdded': {
        const d = event.data;
        return {
          customerId: d.customerId,
          payees: {
            ...state.payees,
            [d.payeeId]: {
              payeeId: d.payeeId,
              name: d.displayName ?? d.name,
              companyName: d.name,
              company: payeeCompany(d.name),
              last4: d.accountLast4,
              accountHash: d.accountNumberHash,
              accountNumberEncrypted: d.accountNumberEncrypted,
              category: d.category,
              defaultAmountCents: d.defaultAmountCents,
              autopay: d.autopay,
              paid: false,
            },
          },
          known: [...state.known, d.payeeId],
        };
      }
      case 'BillPayeeFirstPaid': {
        const payee = state.payees[event.data.payeeId];
        if (!payee) return state;
        return { ...state, payees: { ...state.payees, [payee.payeeId]: { ...payee, paid: true } } };
      }
      case 'BillPayeeRenamed': {
        const payee = state.payees[event.data.payeeId];
        if (!payee) return state;
        const name = event.data.displayName ?? payee.companyName;
        return { ...state, payees: { ...state.payees, [payee.payeeId]: { ...payee, name } } };
      }
      case 'BillPayeeAutopayChanged': {
        const payee = state.payees[event.data.payeeId];
        if (!payee) return state;
        const autopay = event.data.autopay;
        return { ...state, payees: { ...state.payees, [payee.payeeId]: { ...payee, autopay } } };
      }
      case 'BillPayeeRemoved': {
        const payees = { ...state.payees };
        delete payees[event.data.payeeId];
        return { ...state, payees };
      }
      default:
        return state;
    }
  },
};

export const AUTOPAY_AMOUNT_REQUIRED = BILL_PAY_MESSAGES.autopayAmountRequired;

/** A payee's company as the duplicate check compares it: case and spacing aside. */
export function payeeCompany(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The text whose keyed hash names a payee's account: the full number without spaces or dashes,
 * in capitals, apart from the transfer pipeline's destinations.
 */
export function payeeAccountKey(accountNumber: string): string {
  return `payee:${accountNumber.replace(/[\s-]/g, '').toUpperCase()}`;
}

/**
 * The payees a new one could repeat whose account hash is not in the log (added before it was
 * recorded): the service unseals their numbers and hashes them for `AddPayee`.
 */
export function payeesToHash(state: PayeesState, name: string): Payee[] {
  const company = payeeCompany(name);
  return Object.values(state.payees).filter(
    (p) => p.company === company && p.accountHash === undefined,
  );
}

export type PayeesCommand =
  | {
      type: 'AddPayee';
      data: EventData<'BillPayeeAdded'> & { accountNumberHash: string };
      /** The hashes of `payeesToHash`'s payees, by payee id. */
      earlierAccountHashes?: Readonly<Record<string, string>>;
    }
  | { type: 'RemovePayee'; customerId: string; payeeId: string }
  | { type: 'RenamePayee'; customerId: string; payeeId: string; displayName: string | null }
  | {
      type: 'ChangeAutopay';
      customerId: string;
      payeeId: string;
      /** The setting wanted (null: off); `firstDate` is the next AutoPay date after today. */
      autopay: EventData<'BillPayeeAutopayChanged'>['autopay'];
    };

/**
 * Listed as name and last four, a payee shown as `shown` would look the same as one of these: a
 * payee of the same company whose account ends in the same four digits, shown by the same name.
 */
function looksAlike(
  state: PayeesState,
  payee: { payeeId?: string; company: string; last4: string },
  shown: string,
): boolean {
  return Object.values(state.payees).some(
    (p) =>
      p.payeeId !== payee.payeeId &&
      p.company === payee.company &&
      p.last4 === payee.last4 &&
      payeeCompany(p.name) === payeeCompany(shown),
  );
}

export function requirePayee(state: PayeesState, payeeId: string): Payee {
  const payee = state.payees[payeeId];
  if (!payee) throw new DomainError('not_found', 'The requested resource was not found.');
  return payee;
}

/**
 * Pure payee rules: AutoPay always has an amount to pay, within the bill pay limits and, until
 * the payee is first paid, the new-payee limit; a removed payee stays removed; a payee
 * the customer has already (same company and full account number, compared by its keyed hash) is
 * not added again, so a request sent twice without an Idempotency-Key cannot set up a second
 * AutoPay of the same bill, while another account at the same company is a payee of its own even
 * when its last four digits are the same, if a nickname tells the two apart; at most MAX_PAYEES.
 */
export function decidePayees(command: PayeesCommand, state: PayeesState) {
  switch (command.type) {
    case 'AddPayee': {
      const d = command.data;
      if (state.known.includes(d.payeeId)) {
        throw new DomainError('exists', 'The payee already exists.');
      }
      const company = payeeCompany(d.name);
      const hashOf = (p: Payee) => p.accountHash ?? command.earlierAccountHashes?.[p.payeeId];
      const repeated = (p: Payee) => p.company === company && hashOf(p) === d.accountNumberHash;
      if (Object.values(state.payees).some(repeated)) {
        throw new DomainError('payee_exists', BILL_PAY_MESSAGES.payeeExists, 'account_number');
      }
      if (looksAlike(state, { company, last4: d.accountLast4 }, d.displayName ?? d.name)) {
        throw new DomainError('nickname_needed', BILL_PAY_MESSAGES.nicknameNeeded, 'display_name');
      }
      if (Object.keys(state.payees).length >= MAX_PAYEES) {
        throw new DomainError('too_many', TOO_MANY_PAYEES_MESSAGE);
      }
      if (d.autopay && d.autopay.amountCents === null && d.defaultAmountCents === null) {
        throw new DomainError('autopay_amount', AUTOPAY_AMOUNT_REQUIRED, 'autopay_amount');
      }
      if (d.autopay && (d.autopay.amountCents ?? d.defaultAmountCents) === 0) {
        throw new DomainError('autopay_amount', AUTOPAY_AMOUNT_REQUIRED, 'autopay_amount');
      }
      return [BillPayeeAdded.create(d)];
    }
    case 'RenamePayee': {
      const payee = requirePayee(state, command.payeeId);
      const shown = command.displayName ?? payee.companyName;
      if (shown === payee.name) return [];
      if (looksAlike(state, payee, shown)) {
        throw new DomainError('nickname_needed', BILL_PAY_MESSAGES.nicknameNeeded, 'display_name');
      }
      return [
        BillPayeeRenamed.create({
          customerId: command.customerId,
          payeeId: payee.payeeId,
          displayName: command.displayName,
        }),
      ];
    }
    case 'ChangeAutopay': {
      const payee = requirePayee(state, command.payeeId);
      const wanted = command.autopay;
      const current = payee.autopay;
      if (wanted === null) {
        if (current === null) return [];
      } else {
        // The same setting again changes nothing, and does not move its next date.
        if (
          current !== null &&
          current.day === wanted.day &&
          current.amountCents === wanted.amountCents &&
          current.fromAccountId === wanted.fromAccountId
        ) {
          return [];
        }
        const amount = autopayAmount({ ...payee, autopay: wanted });
        if (amount === 0) {
          throw new DomainError('autopay_amount', AUTOPAY_AMOUNT_REQUIRED, 'autopay_amount');
        }
        requireWithinLimits('bill-pay', amount, undefined, undefined, 'autopay_amount');
        requireFirstPaymentLimit(payee, amount, 'autopay_amount');
      }
      return [
        BillPayeeAutopayChanged.create({
          customerId: command.customerId,
          payeeId: payee.payeeId,
          autopay: wanted,
        }),
      ];
    }
    case 'RemovePayee':
      requirePayee(state, command.payeeId);
      return [
        BillPayeeRemoved.create({ customerId: command.customerId, payeeId: command.payeeId }),
      ];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
}

/** The amount AutoPay pays: the AutoPay amount, else the payee's default amount. */
export function autopayAmount(payee: Pick<Payee, 'autopay' | 'defaultAmountCents'>): number {
  return payee.autopay?.amountCents ?? payee.defaultAmountCents ?? 0;
}

/** Refuses a payment above the new-payee limit to a payee that has never been paid. */
export function requireFirstPaymentLimit(
  payee: Pick<Payee, 'paid'>,
  amountCents: number,
  field = 'amount',
): void {
  if (!payee.paid && amountCents > NEW_PAYEE_FIRST_PAYMENT_CENTS) {
    throw new DomainError(DAILY_LIMIT_EXCEEDED, NEW_PAYEE_LIMIT_MESSAGE, field);
  }
}

/** The event that marks a payee as paid once, when this payment is its first. */
export function markFirstPaid(customerId: string, payee: Payee, now: Date) {
  return payee.paid
    ? []
    : [BillPayeeFirstPaid.create({ customerId, payeeId: payee.payeeId, at: now.toISOString() })];
}

/**
 * The bank turns a payee's AutoPay off, as the customer would (the same event, so every reader of
 * the setting sees it off and no further AutoPay job is queued), when a payment of it was refused
 * for good: nothing when it is already off.
 */
export function autopayTurnedOff(customerId: string, payee: Payee) {
  return payee.autopay === null
    ? []
    : [BillPayeeAutopayChanged.create({ customerId, payeeId: payee.payeeId, autopay: null })];
}
