import { randomUUID } from 'node:crypto';
import { ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { pricesRefreshed } from '../given-events.ts';
import { cryptoProjection } from './projection.ts';

const { givenEvents } = projectionTest(cryptoProjection, { sharedDatabase: true });

const customerId = randomUUID();
const accountId = randomUUID();
const COIN = 100_000_000;

const refreshed = (asOf: string, btcCents: number) => pricesRefreshed(asOf, { BTC: btcCents });

const submitted = (depositId: string, units: number) => ({
  type: 'CryptoDepositSubmitted' as const,
  data: {
    customerId,
    depositId,
    symbol: 'BTC' as const,
    units,
    txHash: `0x${depositId.replaceAll('-', '')}`,
    fromAddress: 'bc1qsender',
    network: 'bitcoin',
    depositAddress: 'bc1qbank',
    priceCents: 60_000_00,
  },
});

describe('crypto projection', () => {
  it('keeps the latest quote of each coin, whatever order the refreshes arrive in', async () => {
    await givenEvents([
      refreshed('2025-01-01T10:00:00.000Z', 60_000_00),
      refreshed('2025-01-01T12:00:00.000Z', 62_000_00),
      refreshed('2025-01-01T11:00:00.000Z', 61_000_00),
    ]).thenRows('rm_crypto_market', [
      {
        symbol: 'BTC',
        price_cents: 62_000_00,
        price_micro_usd: 62_000_00 * 10_000,
        change_24h_bps: -234,
        source: 'simulated',
        as_of: '2025-01-01T12:00:00.000Z',
      },
    ]);
  });

  it('adds trades to the holding and lists them with their prices and reference', async () => {
    const buy = randomUUID();
    const sell = randomUUID();
    const trade = { customerId, accountId, symbol: 'BTC' as const, priceCents: 60_000_00 };
    const scenario = givenEvents([
      {
        type: 'CryptoBought',
        data: {
          ...trade,
          tradeId: buy,
          units: COIN,
          totalCents: 60_600_00,
          usdCents: 60_000_00,
          feeCents: 600_00,
          reference: 'CRY-1',
        },
      },
      {
        type: 'CryptoSold',
        data: {
          ...trade,
          tradeId: sell,
          units: COIN / 4,
          grossCents: 15_000_00,
          feeCents: 150_00,
          netCents: 14_850_00,
          reference: 'CRY-2',
        },
      },
    ]);
    await scenario.thenRows('rm_crypto_holdings', [
      { customer_id: customerId, symbol: 'BTC', units: (COIN * 3) / 4 },
    ]);
    await scenario.thenRows('rm_crypto_transactions', [
      {
        id: buy,
        type: 'buy',
        units: COIN,
        usd_cents: 60_000_00,
        fee_cents: 600_00,
        total_cents: 60_600_00,
        status: 'completed',
        reference_number: 'CRY-1',
        executed_at: '2025-01-01T00:00:00.000Z',
      },
      {
        id: sell,
        type: 'sell',
        units: COIN / 4,
        usd_cents: 15_000_00,
        fee_cents: 150_00,
        total_cents: 14_850_00,
        status: 'completed',
        reference_number: 'CRY-2',
        executed_at: '2025-01-01T00:00:01.000Z',
      },
    ]);
  });

  it('holds a deposit claim apart until it is confirmed; a rejected one says why', async () => {
    const confirmed = randomUUID();
    const rejected = randomUUID();
    const scenario = givenEvents([
      submitted(confirmed, COIN / 2),
      submitted(rejected, COIN),
      {
        type: 'CryptoDepositConfirmed',
        data: {
          customerId,
          depositId: confirmed,
          symbol: 'BTC',
          units: COIN / 2,
          reviewedBy: 'ops',
        },
      },
      {
        type: 'CryptoDepositRejected',
        data: {
          customerId,
          depositId: rejected,
          symbol: 'BTC',
          units: COIN,
          reason: 'Not found on the network',
          reviewedBy: 'ops',
        },
      },
    ]);
    await scenario.thenRows('rm_crypto_holdings', [{ symbol: 'BTC', units: COIN / 2 }]);
    await scenario.thenRows('rm_crypto_transactions', [
      {
        id: confirmed,
        type: 'deposit',
        status: 'completed',
        usd_cents: 30_000_00,
        deposit_address: 'bc1qbank',
        review_note: null,
        executed_at: '2025-01-01T00:00:02.000Z',
      },
      {
        id: rejected,
        type: 'deposit',
        status: 'failed',
        usd_cents: 60_000_00,
        deposit_address: 'bc1qbank',
        review_note: 'Not found on the network',
        executed_at: null,
      },
    ]);
  });

  it('takes withdrawals from the holding, counts custody per coin, and blanks an erased customer’s addresses', async () => {
    const withdrawal = randomUUID();
    const deposit = randomUUID();
    const scenario = givenEvents([
      submitted(deposit, COIN),
      {
        type: 'CryptoDepositConfirmed',
        data: { customerId, depositId: deposit, symbol: 'BTC', units: COIN },
      },
      {
        type: 'CryptoCustodyMoved',
        data: {
          symbol: 'BTC',
          units: COIN,
          reason: 'deposit',
          customerId,
          movementId: randomUUID(),
        },
      },
      {
        type: 'CryptoWithdrawn',
        data: {
          customerId,
          withdrawalId: withdrawal,
          symbol: 'BTC',
          units: COIN / 10,
          networkFeeUnits: 5_000,
          toAddress: 'bc1qrecipient',
          network: 'bitcoin',
          priceCents: 60_000_00,
        },
      },
      {
        type: 'CryptoCustodyMoved',
        data: {
          symbol: 'BTC',
          units: -COIN / 10,
          reason: 'withdrawal',
          customerId,
          movementId: withdrawal,
        },
      },
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]);
    await scenario.thenRows('rm_crypto_custody', [{ symbol: 'BTC', units: (COIN * 9) / 10 }]);
    await scenario.thenRows('rm_crypto_holdings', [{ symbol: 'BTC', units: (COIN * 9) / 10 }]);
    await scenario.thenRows('rm_crypto_transactions', [
      { type: 'deposit', address: ERASED, network_fee_units: 0 },
      { type: 'withdraw', address: ERASED, network_fee_units: 5_000 },
    ]);
  });
});
