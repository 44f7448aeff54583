import { streams } from '@bank/events';
import { randomDigits } from '@bank/infra';
import { reservationAggregate, reserve } from '../domain/reservation.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';

async function isTaken(uow: UnitOfWork, stream: string): Promise<boolean> {
  return (await uow.load(stream, reservationAggregate)).state !== null;
}

/**
 * Picks a 12-digit number whose reservation stream is still free, and stages its claim: the
 * claim is appended as a new stream, so two commands that pick the same number cannot both land.
 */
export async function claimNumber(
  uow: UnitOfWork,
  kind: 'account_number' | 'bank_account',
  claim: { customerId: string; accountId?: string },
  preferred?: string,
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = attempt === 0 && preferred ? preferred : randomDigits(12);
    const stream = streams.reservation(kind, candidate);
    if (await isTaken(uow, stream)) continue;
    uow.appendNew(stream, reserve({ kind, ...claim }));
    return candidate;
  }
  throw new Error('Could not find a free account number');
}
