import { randomUUID } from 'node:crypto';
import { AccountDebited, streams } from '@bank/events';
import { formatPosition, referenceNumber } from '@bank/infra';
import type { TestBank } from './test-bank.ts';

/**
 * A card purchase as the card network posts it (the bank has no card-network simulator): a
 * debit of kind `card_purchase` with the merchant's category code and, when given, its country.
 * Answers the line's transaction id and the consistency token of the append.
 */
export async function cardPurchase(
  bank: TestBank,
  accountId: string,
  cents: number,
  merchant: { name: string; categoryCode?: string; country?: string; occurredAt?: Date },
): Promise<{ transactionId: string; consistencyToken: string }> {
  const entryId = randomUUID();
  const outcome = await bank.ctx.bus.execute({ actor: 'system:card-network' }, async (uow) => {
    uow.appendAny(streams.account(accountId), [
      AccountDebited.create({
        accountId,
        entryId,
        amount: cents,
        description: merchant.name,
        kind: 'card_purchase',
        contra: 'clearing:card',
        reference: referenceNumber('TXN', entryId),
        ...(merchant.occurredAt ? { occurredAt: merchant.occurredAt.toISOString() } : {}),
        metadata: {
          merchant_name: merchant.name,
          merchant_category_code: merchant.categoryCode ?? '5999',
          ...(merchant.country ? { merchant_country: merchant.country } : {}),
        },
      }),
    ]);
  });
  return {
    transactionId: `${entryId}:${accountId}:debit`,
    consistencyToken: formatPosition(outcome.appended!.position),
  };
}
