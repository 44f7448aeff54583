import { streams } from '@bank/events';
import { randomDigits } from '@bank/infra';
import { listAccounts, type Db } from '@bank/projections';
import { reservationAggregate, reserve } from '../domain/reservation.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';

async function isTaken(uow: UnitOfWork, stream: string): Promise<boolean> {
  return (await uow.load(stream, reservationAggregate)).state !== null;
}

/** The last four digits an account is shown by ("Checking ••1234"). */
export const lastFour = (accountNumber: string) => accountNumber.slice(-4);

export interface ClaimOptions {
  /** Tried first, as is (the customer's own number for their checking account). */
  preferred?: string | undefined;
  /** Last fours of the customer's other accounts: a new number must not end like one of them. */
  avoidLastFours?: Iterable<string>;
  /** Where random candidates come from (tests script it). */
  digits?: (length: number) => string;
}

/**
 * Picks a 12-digit number whose reservation stream is still free, and stages its claim: the
 * claim is appended as a new stream, so two commands that pick the same number cannot both land.
 * A random pick ending in the same four digits as another of the customer's accounts is passed
 * over: screens name accounts by their last four, and two alike could not be told apart.
 */
export async function claimNumber(
  uow: UnitOfWork,
  kind: 'account_number' | 'bank_account',
  claim: { customerId: string; accountId?: string },
  { preferred, avoidLastFours = [], digits = randomDigits }: ClaimOptions = {},
): Promise<string> {
  const avoid = new Set(avoidLastFours);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = attempt === 0 && preferred ? preferred : digits(12);
    if (candidate !== preferred && avoid.has(lastFour(candidate))) continue;
    const stream = streams.reservation(kind, candidate);
    if (await isTaken(uow, stream)) continue;
    uow.appendNew(stream, reserve({ kind, ...claim }));
    return candidate;
  }
  throw new Error('Could not find a free account number');
}

/**
 * The last fours of the customer's accounts, from the accounts read model and the number on the
 * customer's profile (their checking account's). The read model can miss an account opened a
 * moment ago; that leaves the odds of a clash where they were, for that one account.
 */
export async function customerLastFours(
  db: Db,
  customerId: string,
  ownNumber: string,
): Promise<string[]> {
  const accounts = await listAccounts(db, customerId);
  return [ownNumber, ...accounts.map((a) => a.account_number)].filter(Boolean).map(lastFour);
}
