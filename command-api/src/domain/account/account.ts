import {
  AccountChargeDisputed,
  AccountClosed,
  AccountCredited,
  AccountDebited,
  AccountOpened,
  FundsHeld,
  HoldReleased,
  type EventData,
  type Posting,
} from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';

export interface AccountState {
  opened: boolean;
  accountId: string;
  customerId: string;
  name: string;
  type: string;
  /** The product it was opened as: what rate it earns. */
  productCode: string;
  /** Posted balance in cents. */
  balance: number;
  /** Open holds by id: pending outgoing amounts not yet posted. */
  holds: Record<string, number>;
  /** Closed (its owner erased): nothing is posted to it or held on it again. */
  closed: boolean;
  /** The history lines paid from it that were disputed, decided or not (see the dispute streams). */
  disputedCharges: readonly string[];
  /**
   * The entry ids of the interest credited to it: interest for a month has an entry id of its
   * own, and a credit of one already here is not posted again.
   */
  interestPaid: readonly string[];
}

/** The posting kind of interest the bank pays (statements and insights count it as interest). */
export const INTEREST_KIND = 'interest';

/** What can be spent now: the balance less every open hold. */
export function availableBalance(state: AccountState): number {
  return Object.values(state.holds).reduce((left, held) => left - held, state.balance);
}

/** What an account's stream holds. */
export type AccountEvent = StreamEvent<
  | 'AccountOpened'
  | 'AccountCredited'
  | 'AccountDebited'
  | 'FundsHeld'
  | 'HoldReleased'
  | 'AccountClosed'
  | 'AccountChargeDisputed'
>;

export const accountAggregate: Aggregate<AccountState, AccountEvent> = {
  name: 'account',
  initial: () => ({
    opened: false,
    accountId: '',
    customerId: '',
    name: '',
    type: '',
    productCode: '',
    balance: 0,
    holds: {},
    closed: false,
    disputedCharges: [],
    interestPaid: [],
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'AccountOpened':
        return {
          ...state,
          opened: true,
          accountId: event.data.accountId,
          customerId: event.data.customerId,
          name: event.data.name,
          type: event.data.type,
          productCode: event.data.productCode,
        };
      case 'AccountCredited': {
        const balance = state.balance + event.data.amount;
        return event.data.kind === INTEREST_KIND
          ? { ...state, balance, interestPaid: [...state.interestPaid, event.data.entryId] }
          : { ...state, balance };
      }
      case 'AccountDebited': {
        const holds = { ...state.holds };
        if (event.data.holdId) delete holds[event.data.holdId];
        return { ...state, balance: state.balance - event.data.amount, holds };
      }
      case 'FundsHeld':
        return { ...state, holds: { ...state.holds, [event.data.holdId]: event.data.amount } };
      case 'HoldReleased': {
        const holds = { ...state.holds };
        delete holds[event.data.holdId];
        return { ...state, holds };
      }
      case 'AccountClosed':
        return { ...state, closed: true };
      case 'AccountChargeDisputed':
        return {
          ...state,
          disputedCharges: [...state.disputedCharges, event.data.transactionId],
        };
      default:
        return state;
    }
  },
};

export const INSUFFICIENT_FUNDS = 'insufficient_funds';
export const ACCOUNT_CLOSED = 'account_closed';
export const ACCOUNT_CLOSED_MESSAGE = 'This account is closed: nothing can be posted to it.';

export type AccountCommand =
  | { type: 'Open'; data: EventData<'AccountOpened'> }
  | { type: 'Credit'; posting: Posting }
  | { type: 'Debit'; posting: Posting }
  | { type: 'Hold'; hold: EventData<'FundsHeld'> }
  | { type: 'CaptureHold'; posting: Posting & { holdId: string } }
  | { type: 'Close'; reason: EventData<'AccountClosed'>['reason'] }
  /** A charge paid from it is disputed: refused once closed, as the refund could not land. */
  | { type: 'RecordDispute'; transactionId: string }
  | {
      type: 'ReleaseHold';
      holdId: string;
      reason: string;
      outcome?: 'failed' | 'cancelled' | 'returned';
    };

function requireOpen(state: AccountState): void {
  if (!state.opened) throw new DomainError('not_found', 'The requested resource was not found.');
}

function requireFunds(state: AccountState, amount: number): void {
  if (amount > availableBalance(state)) {
    throw new DomainError(INSUFFICIENT_FUNDS, 'Insufficient funds', 'amount');
  }
}

/**
 * Names the account's owner on a posting, hold or release: their key seals its description, and
 * scale mode keys the event by it.
 */
function ownedBy<T extends object>(state: AccountState, entry: T): T & { ownerCustomerId: string } {
  return { ...entry, ownerCustomerId: state.customerId };
}

/** Whether the account holds anything: a balance (either sign) or an open hold. */
export function holdsMoney(state: AccountState): boolean {
  return state.balance !== 0 || Object.keys(state.holds).length > 0;
}

/**
 * Pure account rules: an account never pays out more than it has available, and a closed one
 * takes nothing in and pays nothing out (money sent to it would be stranded: its owner is gone).
 */
export function decideAccount(command: AccountCommand, state: AccountState) {
  if (command.type === 'Open') {
    if (state.opened) throw new DomainError('exists', 'The account already exists.');
    return [AccountOpened.create(command.data)];
  }
  requireOpen(state);
  if (state.closed) {
    // A release of a hold that is not open changes nothing, and closing again neither.
    if (command.type === 'ReleaseHold' || command.type === 'Close') return [];
    throw new DomainError(ACCOUNT_CLOSED, ACCOUNT_CLOSED_MESSAGE);
  }
  switch (command.type) {
    case 'Credit':
      // Interest is paid once per entry id (one per account and month), whoever asks again.
      if (
        command.posting.kind === INTEREST_KIND &&
        state.interestPaid.includes(command.posting.entryId)
      ) {
        return [];
      }
      return [AccountCredited.create(ownedBy(state, command.posting))];
    case 'Debit':
      requireFunds(state, command.posting.amount);
      return [AccountDebited.create(ownedBy(state, command.posting))];
    case 'Hold':
      requireFunds(state, command.hold.amount);
      return [FundsHeld.create(ownedBy(state, command.hold))];
    case 'CaptureHold': {
      const held = state.holds[command.posting.holdId];
      if (held === undefined) throw new DomainError('no_hold', 'The pending payment is not open.');
      if (command.posting.amount !== held) {
        throw new DomainError('hold_mismatch', 'A hold is posted for exactly its amount.');
      }
      return [AccountDebited.create(ownedBy(state, command.posting))];
    }
    case 'Close':
      if (holdsMoney(state)) {
        throw new DomainError('not_empty', 'An account is closed only once it holds nothing.');
      }
      return [
        AccountClosed.create({
          accountId: state.accountId,
          customerId: state.customerId,
          reason: command.reason,
        }),
      ];
    case 'RecordDispute':
      if (state.disputedCharges.includes(command.transactionId)) return [];
      return [
        AccountChargeDisputed.create({
          accountId: state.accountId,
          customerId: state.customerId,
          transactionId: command.transactionId,
        }),
      ];
    case 'ReleaseHold':
      if (state.holds[command.holdId] === undefined) return [];
      return [
        HoldReleased.create(
          ownedBy(state, {
            accountId: state.accountId,
            holdId: command.holdId,
            reason: command.reason,
            ...(command.outcome ? { outcome: command.outcome } : {}),
          }),
        ),
      ];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
}
