import {
  CryptoCustodyMoved,
  NotificationRaised,
  custodyStream,
  streams,
  type EventData,
  type MovementCategory,
} from '@bank/events';
import { accountAggregate, decideAccount, type AccountState } from '../domain/account/account.ts';
import type { tradePostings } from '../domain/crypto/wallet.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import type { RequestIdentity } from './idempotency.ts';
import { countMovement } from './transfers.ts';

// What the crypto desk's trades, withdrawals and deposit claims share.

/** Tunables of the crypto desk (tests move the clock). */
export const cryptoSettings = {
  now: (): Date => new Date(),
};

export const cryptoStreams = {
  wallet: (customerId: string) => `crypto-wallet-${customerId}`,
  market: 'crypto-market',
  /** A transaction hash is claimed once, whoever reports it and for whichever coin. */
  depositTx: (txHash: string) => `crypto-deposit-tx-${txHash.toLowerCase()}`,
  /** Where a hash was claimed for one coin only (older claims): still checked, never written. */
  depositTxOfCoin: (symbol: string, txHash: string) =>
    `crypto-deposit-tx-${symbol}-${txHash.toLowerCase()}`,
  /** The same claim under its deposit id, so that a review finds its customer in the log. */
  deposit: (depositId: string) => `crypto-deposit-${depositId}`,
};

/**
 * Runs `work` so that a broken money rule lands on the form's amount field (amount_usd,
 * crypto_amount or amount) rather than the generic one.
 */
export async function onAmountField<T>(amountField: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && (error.field === undefined || error.field === 'amount')) {
      const generic = error.field === undefined && error.reason !== 'insufficient_funds';
      throw generic ? error : new DomainError(error.reason, error.message, amountField);
    }
    throw error;
  }
}

export async function loadOwnAccount(uow: UnitOfWork, customerId: string, accountId: string) {
  const account = await uow.load(streams.account(accountId), accountAggregate);
  if (!account.state.opened || account.state.customerId !== customerId) {
    throw new DomainError('not_found', 'Not found');
  }
  return account;
}

/** Applies credits and debits in order, each decided on the state the previous one left. */
export function decideMoves(
  state: AccountState,
  moves: ReturnType<typeof tradePostings>,
): { type: string; data: unknown; schemaVersion: number }[] {
  const events: { type: string; data: unknown; schemaVersion: number }[] = [];
  let current = state;
  for (const move of moves) {
    const decided = decideAccount(move, current);
    for (const event of decided) current = accountAggregate.evolve(current, event);
    events.push(...decided);
  }
  return events;
}

export function notification(customerId: string, id: string, title: string, message: string) {
  return NotificationRaised.create({
    customerId,
    notificationId: id,
    type: 'crypto',
    title,
    message,
    priority: 'low',
  });
}

/** The coins' other side: custody gains what customers gain, and loses what they lose. */
export function moveCustody(uow: UnitOfWork, movement: EventData<'CryptoCustodyMoved'>): void {
  uow.appendAny(custodyStream(movement.symbol), [CryptoCustodyMoved.create(movement)]);
}

/** Counts a crypto movement against the customer's daily limit for its category. */
export function countCrypto(
  uow: UnitOfWork,
  identity: RequestIdentity,
  now: Date,
  movement: { id: string; category: MovementCategory; cents: number; fingerprint: string },
) {
  return countMovement(uow, {
    customerId: identity.customerId,
    movementId: movement.id,
    category: movement.category,
    amount: movement.cents,
    fingerprint: movement.fingerprint,
    checkDuplicate: identity.key === undefined,
    now,
  });
}
