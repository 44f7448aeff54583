import {
  BillPayeeAdded,
  BillPayeeRemoved,
  type BankEvent,
  type BillPayCategory,
  type EventData,
} from '@bank/events';
import { DomainError, type Aggregate } from '../../kernel/aggregate.ts';

export interface Payee {
  payeeId: string;
  name: string;
  category: BillPayCategory;
  defaultAmountCents: number | null;
  autopay: EventData<'BillPayeeAdded'>['autopay'];
}

/** A customer's payees (one stream per customer): removed payees are gone. */
export interface PayeesState {
  customerId: string | null;
  payees: Record<string, Payee>;
  /** Ids ever used, removed included, so an id is never reused. */
  known: string[];
}

export const payeesAggregate: Aggregate<PayeesState> = {
  name: 'bill-payees',
  initial: () => ({ customerId: null, payees: {}, known: [] }),
  evolve(state, event: BankEvent) {
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
              category: d.category,
              defaultAmountCents: d.defaultAmountCents,
              autopay: d.autopay,
            },
          },
          known: [...state.known, d.payeeId],
        };
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

export const AUTOPAY_AMOUNT_REQUIRED = 'Please enter an AutoPay amount or a default amount.';

export type PayeesCommand =
  | { type: 'AddPayee'; data: EventData<'BillPayeeAdded'> }
  | { type: 'RemovePayee'; customerId: string; payeeId: string };

export function requirePayee(state: PayeesState, payeeId: string): Payee {
  const payee = state.payees[payeeId];
  if (!payee) throw new DomainError('not_found', 'The requested resource was not found.');
  return payee;
}

/** Pure payee rules: AutoPay always has an amount to pay; a removed payee stays removed. */
export function decidePayees(command: PayeesCommand, state: PayeesState) {
  switch (command.type) {
    case 'AddPayee': {
      const d = command.data;
      if (state.known.includes(d.payeeId)) {
        throw new DomainError('exists', 'The payee already exists.');
      }
      if (d.autopay && d.autopay.amountCents === null && d.defaultAmountCents === null) {
        throw new DomainError('autopay_amount', AUTOPAY_AMOUNT_REQUIRED, 'autopay_amount');
      }
      if (d.autopay && (d.autopay.amountCents ?? d.defaultAmountCents) === 0) {
        throw new DomainError('autopay_amount', AUTOPAY_AMOUNT_REQUIRED, 'autopay_amount');
      }
      return [BillPayeeAdded.create(d)];
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
