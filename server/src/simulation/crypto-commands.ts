import {
  bankDepositAddress,
  coinsToUnits,
  cryptoAssets,
  cryptoSymbols,
  type CryptoSymbol,
  unitsToCoinText,
} from '@bank/events';
import { cents, dollars, sentBy, type Generator } from './plan.ts';
import type { Reply } from './sim-bank.ts';
import type { Customer, World } from './world.ts';

const tx = (reply: Reply) => reply.body?.data?.transaction ?? {};

export const cryptoBuy: Generator = (rng, _world, from) => {
  const amount = rng.int(1_00, 500_00);
  return {
    ...sentBy(from, 'crypto-buy', '/api/crypto/buy'),
    body: {
      symbol: rng.pick(cryptoSymbols),
      amount_usd: dollars(amount),
      bank_account_id: from.checking.id,
    },
    posts: true,
    effects: (reply) => [
      { type: 'available', accountId: from.checking.id, cents: -cents(tx(reply).total_value) },
      {
        type: 'coins',
        customerId: from.customerId,
        symbol: tx(reply).symbol,
        units: coinsToUnits(String(tx(reply).crypto_amount_exact)) ?? NaN,
      },
    ],
  };
};

/** Coins the model says the customer holds, per symbol. */
function holdings(world: World, customer: Customer): [string, number][] {
  return cryptoSymbols
    .map((s) => [s, world.model.coins.get(`${customer.customerId}|${s}`) ?? 0] as [string, number])
    .filter(([, units]) => units > 0);
}

/** Sells part of a holding, or now and then more than is held (must be refused). */
export const cryptoSell: Generator = (rng, world, from) => {
  const held = holdings(world, from);
  if (held.length === 0) return undefined;
  const [symbol, units] = rng.pick(held);
  const selling = rng.chance(0.1) ? units + 1 : rng.int(1, units);
  return {
    ...sentBy(from, 'crypto-sell', '/api/crypto/sell'),
    body: {
      symbol,
      crypto_amount: unitsToCoinText(selling),
      bank_account_id: from.checking.id,
    },
    posts: true,
    effects: (reply) => [
      { type: 'available', accountId: from.checking.id, cents: cents(tx(reply).total_value) },
      { type: 'coins', customerId: from.customerId, symbol, units: -selling },
    ],
  };
};

export const cryptoWithdraw: Generator = (rng, world, from) => {
  const held = holdings(world, from).filter(([, units]) => units >= 100_000);
  if (held.length === 0) return undefined;
  const [symbol, units] = rng.pick(held);
  const sending = rng.int(100_000, units);
  return {
    ...sentBy(from, 'crypto-withdraw', '/api/crypto/withdraw'),
    body: {
      symbol,
      amount: unitsToCoinText(sending),
      // Any valid address of the coin's network will do: the simulated bank's own are (checksums
      // included). Amounts within the network fee of the minimum are refused, as they should be.
      to_address: bankDepositAddress(
        String(rng.int(1, 1e9)),
        symbol,
        cryptoAssets[symbol as CryptoSymbol].network,
      ),
    },
    posts: false,
    effects: () => [{ type: 'coins', customerId: from.customerId, symbol, units: -sending }],
  };
};

/**
 * A deposit claim for coins the simulation never sent anywhere: nobody can have verified it, so
 * it must never become coins the customer can spend.
 */
export const cryptoDepositClaim: Generator = (rng, _world, from) => ({
  ...sentBy(from, 'crypto-deposit', '/api/crypto/deposit'),
  body: {
    symbol: rng.pick(['ETH', 'USDC', 'USDT', 'BNB', 'MATIC'] as const),
    amount: unitsToCoinText(rng.int(100_000, 50_000_000)),
    // Well-formed for the coin's EVM network, so the claim is accepted and stays pending.
    tx_hash: `0x${rng.key().replace(/-/g, '')}${rng.key().replace(/-/g, '')}`,
    from_address: `0x${rng.key().replace(/-/g, '')}00000000`,
  },
  posts: false,
  effects: () => [],
});
