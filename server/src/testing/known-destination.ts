import { randomUUID } from 'node:crypto';
import { DestinationFirstPaid, streams } from '@bank/events';
import { destinationHashesOf } from '@bank/command-api';
import type { TestBank } from './test-bank.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Records a first payment to an external or SEPA account `daysAgo` days ago, as if the customer
 * had paid it then: the account is no longer a new destination, so transfers to it are held to
 * the channel's limits only. For tests that send more than the new-destination limit to an
 * account typed into the form (a payee of long standing).
 */
export async function knownDestination(
  bank: TestBank,
  customerId: string,
  account: { routingNumber: string; accountNumber: string } | { iban: string },
  daysAgo = 4,
): Promise<void> {
  const destination =
    'iban' in account
      ? { type: 'sepa' as const, iban: account.iban }
      : { type: 'external-bank' as const, ...account };
  const paidAt = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  await bank.ctx.bus.execute({ actor: 'system:test' }, async (uow) => {
    uow.appendAny(streams.savedRecipients(customerId), [
      DestinationFirstPaid.create({
        customerId,
        destinationHash: destinationHashesOf(bank.ctx, destination).keyed,
        transferId: randomUUID(),
        paidAt,
      }),
    ]);
  });
}
