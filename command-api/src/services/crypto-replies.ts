import type { cryptoDepositSubmitted, cryptoTraded, cryptoWithdrawn } from '@bank/contracts';
import {
  centsToDollars,
  microUsdToDollars,
  type EventData,
  unitsToCoinText,
  unitsToCoins,
  unitsValueCents,
} from '@bank/events';
import { ok } from '@bank/infra';
import type { z } from 'zod';
import type { StoredReply } from '../domain/transfers/idempotency.ts';

/** What the client is answered for each crypto command (stored with an Idempotency-Key). */
const created = (data: unknown, message: string): StoredReply => ({
  statusCode: 201,
  body: ok(data, message),
});

const executedPrice = (t: { priceCents: number; priceMicroUsd?: number | undefined }) =>
  t.priceMicroUsd === undefined ? centsToDollars(t.priceCents) : microUsdToDollars(t.priceMicroUsd);

export function buyReply(t: EventData<'CryptoBought'>): StoredReply {
  return created(
    {
      transaction: {
        id: t.tradeId,
        type: 'buy',
        symbol: t.symbol,
        crypto_amount: unitsToCoins(t.units),
        crypto_amount_exact: unitsToCoinText(t.units),
        price_per_unit: executedPrice(t),
        usd_amount: centsToDollars(t.usdCents),
        fee: centsToDollars(t.feeCents),
        total_value: centsToDollars(t.totalCents),
        status: 'completed',
        reference_number: t.reference,
      },
    } satisfies z.input<typeof cryptoTraded.shape.data>,
    `Successfully purchased ${unitsToCoinText(t.units)} ${t.symbol}`,
  );
}

export function sellReply(t: EventData<'CryptoSold'>): StoredReply {
  return created(
    {
      transaction: {
        id: t.tradeId,
        type: 'sell',
        symbol: t.symbol,
        crypto_amount: unitsToCoins(t.units),
        crypto_amount_exact: unitsToCoinText(t.units),
        price_per_unit: executedPrice(t),
        usd_amount: centsToDollars(t.grossCents),
        fee: centsToDollars(t.feeCents),
        total_value: centsToDollars(t.netCents),
        status: 'completed',
        reference_number: t.reference,
      },
    } satisfies z.input<typeof cryptoTraded.shape.data>,
    `Successfully sold ${unitsToCoinText(t.units)} ${t.symbol}`,
  );
}

export const DEPOSIT_PENDING_MESSAGE = (coins: string) =>
  `Deposit of ${coins} submitted. It will be credited once our operations team has verified the transaction on the network.`;

export function depositReply(d: EventData<'CryptoDepositSubmitted'>): StoredReply {
  return created(
    {
      transaction: {
        id: d.depositId,
        type: 'deposit',
        symbol: d.symbol,
        crypto_amount: unitsToCoins(d.units),
        crypto_amount_exact: unitsToCoinText(d.units),
        status: 'pending',
        network: d.network,
        deposit_address: d.depositAddress ?? null,
      },
    } satisfies z.input<typeof cryptoDepositSubmitted.shape.data>,
    DEPOSIT_PENDING_MESSAGE(`${unitsToCoinText(d.units)} ${d.symbol}`),
  );
}

export function withdrawalReply(w: EventData<'CryptoWithdrawn'>): StoredReply {
  const received = w.units - w.networkFeeUnits;
  return created(
    {
      transaction: {
        id: w.withdrawalId,
        type: 'withdraw',
        symbol: w.symbol,
        crypto_amount: unitsToCoins(w.units),
        crypto_amount_exact: unitsToCoinText(w.units),
        network_fee: unitsToCoins(w.networkFeeUnits),
        amount_received: unitsToCoins(received),
        usd_amount: centsToDollars(unitsValueCents(w.units, w.priceCents)),
        network: w.network,
        to_address: w.toAddress,
        status: 'completed',
      },
    } satisfies z.input<typeof cryptoWithdrawn.shape.data>,
    `Withdrawal of ${unitsToCoinText(w.units)} ${w.symbol} sent. A network fee of ${unitsToCoinText(w.networkFeeUnits)} ${w.symbol} was deducted; ${unitsToCoinText(received)} ${w.symbol} will arrive at the destination.`,
  );
}
