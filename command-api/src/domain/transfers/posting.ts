import { createHash } from 'node:crypto';
import { RECIPIENT_MESSAGES } from '@bank/contracts';
import { moneyStreams, streams } from '@bank/events';
import {
  accountAggregate,
  availableBalance,
  decideAccount,
  INSUFFICIENT_FUNDS,
  type AccountCommand,
  type AccountState,
} from '../account/account.ts';
import { DomainError } from '../../kernel/aggregate.ts';
import { decideMovement, type ActivityState, type MovementInput } from './limits.ts';

/**
 * The building blocks of the money plans (zelle/send.ts, transfers/initiate.ts): each returns the
 * events to append per stream, in the order the service stages them; nothing here reads or writes.
 */

export const INVALID_RECIPIENT = 'invalid_recipient';
export const RECIPIENT_NOT_FOUND = RECIPIENT_MESSAGES.notFound;

/**
 * Events for one stream. `read`: the stream was loaded and the append expects the version read;
 * `open`: a credit, which depends on no version of the account but fails if the account was
 * closed after it was loaded; `new`: the stream must not exist yet.
 */
export interface PlannedAppend {
  stream: string;
  expect: 'read' | 'open' | 'new';
  events: { type: string; data: unknown; schemaVersion: number }[];
}

/** A customer found by email or phone, as the plans need them. */
export interface PlanRecipient {
  customerId: string;
  name: string;
  depositAccountId: string;
}

export function movementFingerprint(parts: (string | number)[]): string {
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 32);
}

export function requireFunds(account: AccountState, cents: number): void {
  if (cents > availableBalance(account)) {
    throw new DomainError(INSUFFICIENT_FUNDS, 'Insufficient funds', 'amount');
  }
}

/** Counts a movement against a customer's limits (and the duplicate check). */
export function planMovement(input: MovementInput, activity: ActivityState): PlannedAppend {
  return {
    stream: moneyStreams.activity(input.customerId),
    expect: 'read',
    events: decideMovement(input, activity),
  };
}

/** Commands on one account, each decided on the state the one before it left. */
export function planAccount(account: AccountState, commands: AccountCommand[]): PlannedAppend {
  const events: PlannedAppend['events'] = [];
  let state = account;
  for (const command of commands) {
    const decided = decideAccount(command, state);
    state = decided.reduce((s, e) => accountAggregate.evolve(s, e), state);
    events.push(...decided);
  }
  return { stream: streams.account(account.accountId), expect: 'read', events };
}

/**
 * Debits one customer account and credits another (same entry id); the credit fails only if the
 * recipient's account is closed (decided here, and checked again by the store as it appends).
 */
export function planInternalPosting(
  from: AccountState,
  to: AccountState,
  p: {
    entryId: string;
    amount: number;
    debitDescription: string;
    creditDescription: string;
    kind: string;
    reference: string;
    metadata: Record<string, unknown>;
    creditMetadata?: Record<string, unknown>;
  },
): PlannedAppend[] {
  const base = { entryId: p.entryId, amount: p.amount, kind: p.kind, reference: p.reference };
  const debit = decideAccount(
    {
      type: 'Debit',
      posting: {
        ...base,
        accountId: from.accountId,
        description: p.debitDescription,
        contra: `account:${to.accountId}`,
        metadata: p.metadata,
      },
    },
    from,
  );
  const credit = decideAccount(
    {
      type: 'Credit',
      posting: {
        ...base,
        accountId: to.accountId,
        description: p.creditDescription,
        contra: `account:${from.accountId}`,
        metadata: p.creditMetadata ?? p.metadata,
      },
    },
    to,
  );
  return [
    { stream: streams.account(from.accountId), expect: 'read', events: debit },
    // Not waiting for the recipient's account to stand still: only its close can fail a credit.
    { stream: streams.account(to.accountId), expect: 'open', events: credit },
  ];
}
