import {
  centsToDollars,
  coinsToUnits,
  bankDepositAddress,
  cryptoAssets,
  cryptoSymbols,
  type CryptoSymbol,
  moneyRules,
  unitsToCoinText,
} from '@bank/events';
import type { Effect } from './model.ts';
import type { Prng } from '@bank/infra/testing';
import type { Reply } from './sim-bank.ts';
import type { Customer, World } from './world.ts';

/** One money command the simulation sends, and what an acknowledged answer to it must have done. */
export interface Plan {
  kind: string;
  customer: Customer | undefined;
  /** Bearer token: the customer's, or the ops token. */
  token: string;
  url: string;
  body: Record<string, unknown>;
  /** The effects the model expects of this 2xx answer. */
  effects(reply: Reply): Effect[];
  /** Whether an acknowledged answer posts (or holds) money under its reference at once. */
  posts: boolean;
  /** Something only one acknowledged command may use up (a request to pay). */
  once?: string;
  /** World bookkeeping after an acknowledged answer (a new open request, a paid one). */
  acknowledged?(reply: Reply): void;
}

/** Makes a plan for `from` (or a random customer), or nothing when the world has no fit for it. */
export type Generator = (rng: Prng, world: World, from: Customer) => Plan | undefined;

/** Mostly everyday amounts; now and then big ones, to run into balances and limits. */
function amountCents(rng: Prng, min = 5_00): number {
  const band = rng.weighted([
    [[min, 300_00], 85],
    [[300_00, 3_000_00], 12],
    [[3_000_00, 12_000_00], 3],
  ] as const);
  return rng.int(Math.max(min, band[0]), band[1]);
}

function other(rng: Prng, world: World, not: Customer): Customer {
  const others = world.customers.filter((c) => c !== not);
  return rng.pick(others);
}

const dollars = (cents: number) => centsToDollars(cents);
/** A dollar figure from an answer, as integer cents. */
const cents = (value: unknown) => Math.round(Number(value) * 100);
const tx = (reply: Reply) => reply.body?.data?.transaction ?? {};

const opsDeposit: Generator = (rng, world, from) => {
  const account = rng.chance(0.7) ? from.checking : from.savings;
  const amount = rng.int(10_00, 2_000_00);
  return {
    kind: 'ops-deposit',
    customer: undefined,
    token: world.bank.opsToken,
    url: '/api/ops/deposits',
    body: { account_number: account.number, amount: dollars(amount), description: 'Sim deposit' },
    posts: true,
    effects: () => [
      { type: 'available', accountId: account.id, cents: amount },
      { type: 'inflow', cents: amount },
    ],
  };
};

const transferOwn: Generator = (rng, _world, from) => {
  const [a, b] = rng.chance(0.6) ? [from.checking, from.savings] : [from.savings, from.checking];
  const amount = amountCents(rng);
  return {
    kind: 'transfer-own',
    customer: from,
    token: from.token,
    url: '/api/transfers/between-accounts',
    body: { fromAccount: a.id, toAccount: b.id, amount: dollars(amount), memo: 'sim' },
    posts: true,
    effects: () => [
      { type: 'available', accountId: a.id, cents: -amount },
      { type: 'available', accountId: b.id, cents: amount },
      { type: 'limit', customerId: from.customerId, channel: 'between-accounts', cents: amount },
    ],
  };
};

const transferCustomer: Generator = (rng, world, from) => {
  const to = other(rng, world, from);
  const amount = amountCents(rng);
  return {
    kind: 'transfer-customer',
    customer: from,
    token: from.token,
    url: '/api/transfers/same-bank',
    body: { fromAccount: from.checking.id, recipientEmail: to.email, amount: dollars(amount) },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -amount },
      { type: 'available', accountId: to.checking.id, cents: amount },
      { type: 'limit', customerId: from.customerId, channel: 'same-bank', cents: amount },
    ],
  };
};

const transferExternal: Generator = (rng, _world, from) => {
  const amount = amountCents(rng);
  const fee = moneyRules.transferFees['external-bank'];
  return {
    kind: 'transfer-external',
    customer: from,
    token: from.token,
    url: '/api/transfers/external-bank',
    body: {
      fromAccount: from.checking.id,
      amount: dollars(amount),
      recipientName: 'Outside Payee',
      bankName: 'Other Bank',
      // Never ending in 0000: the simulated network rejects those later, on its own schedule.
      accountNumber: String(rng.int(10_000_001, 99_999_999)),
      routingNumber: '021000021',
    },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -(amount + fee) },
      { type: 'limit', customerId: from.customerId, channel: 'external-bank', cents: amount },
    ],
  };
};

const transferSepa: Generator = (rng, _world, from) => {
  const amount = amountCents(rng);
  const fee = moneyRules.transferFees.sepa;
  return {
    kind: 'transfer-sepa',
    customer: from,
    token: from.token,
    url: '/api/wire-transfers/sepa',
    body: {
      fromAccount: from.checking.id,
      amount: dollars(amount),
      recipientName: 'Empfänger GmbH',
      iban: 'DE89370400440532013000',
      bankName: 'Commerzbank',
      country: 'DE',
      purposeOfPayment: rng.pick(['FAMI', 'SALA', 'TRAD']),
    },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -(amount + fee) },
      { type: 'limit', customerId: from.customerId, channel: 'sepa', cents: amount },
    ],
  };
};

const zelleSend: Generator = (rng, world, from) => {
  const to = other(rng, world, from);
  const amount = amountCents(rng, 1);
  return {
    kind: 'zelle-send',
    customer: from,
    token: from.token,
    url: '/api/zelle/send',
    body: {
      bank_account_id: from.checking.id,
      recipient_name: to.name,
      recipient_email: to.email,
      amount: dollars(Math.min(amount, 5_000_00)),
    },
    posts: true,
    effects: () => {
      const a = Math.min(amount, 5_000_00);
      return [
        { type: 'available', accountId: from.checking.id, cents: -a },
        { type: 'available', accountId: to.checking.id, cents: a },
        { type: 'limit', customerId: from.customerId, channel: 'zelle-send', cents: a },
        { type: 'limit', customerId: to.customerId, channel: 'zelle-receive', cents: a },
      ];
    },
  };
};

/** Zelle to an email nobody enrolled: the money is held until it is claimed or comes back. */
const zelleSendUnenrolled: Generator = (rng, world, from) => {
  const amount = Math.min(amountCents(rng, 1), 5_000_00);
  return {
    kind: 'zelle-send-unenrolled',
    customer: from,
    token: from.token,
    url: '/api/zelle/send',
    body: {
      bank_account_id: from.checking.id,
      recipient_name: 'Not Yet Enrolled',
      recipient_email: rng.pick(world.unenrolled),
      amount: dollars(amount),
    },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -amount },
      { type: 'limit', customerId: from.customerId, channel: 'zelle-send', cents: amount },
    ],
  };
};

function rememberRequests(world: World, requester: Customer, payers: Customer[], reply: Reply) {
  const data = reply.body?.data ?? {};
  const made: { id: string; amount: number }[] =
    data.requests ?? (data.request ? [data.request] : []);
  made.forEach((r, i) => {
    const payer = payers[i];
    if (!payer || typeof r.id !== 'string') return;
    world.openRequests.push({
      id: r.id,
      amountCents: cents(r.amount),
      requester,
      requesterAccountId: requester.checking.id,
      payer,
    });
  });
}

const zelleRequest: Generator = (rng, world, from) => {
  const payer = other(rng, world, from);
  const amount = Math.min(amountCents(rng, 1), 5_000_00);
  return {
    kind: 'zelle-request',
    customer: from,
    token: from.token,
    url: '/api/zelle/request',
    body: {
      bank_account_id: from.checking.id,
      recipient_name: payer.name,
      recipient_email: payer.email,
      amount: dollars(amount),
    },
    posts: false,
    effects: () => [],
    acknowledged: (reply) => rememberRequests(world, from, [payer], reply),
  };
};

const zelleSplit: Generator = (rng, world, from) => {
  const others = world.customers.filter((c) => c !== from);
  const people = others.filter(() => rng.chance(0.5)).slice(0, 3);
  if (people.length === 0) people.push(rng.pick(others));
  const total = rng.int(2_00, 600_00);
  return {
    kind: 'zelle-split',
    customer: from,
    token: from.token,
    url: '/api/zelle/split',
    body: {
      bank_account_id: from.checking.id,
      total_amount: dollars(total),
      people: people.map((p) => ({ name: p.name, contact: p.email })),
    },
    posts: false,
    effects: () => [],
    acknowledged: (reply) => rememberRequests(world, from, people, reply),
  };
};

/** The customer pays a request someone asked of them (any open one, maybe already being paid). */
const zellePay: Generator = (rng, world, from) => {
  const mine = world.openRequests.filter((r) => r.payer === from);
  if (mine.length === 0) return undefined;
  const request = rng.pick(mine);
  return {
    kind: 'zelle-pay',
    customer: from,
    token: from.token,
    url: `/api/zelle/requests/${request.id}/pay`,
    body: { bank_account_id: from.checking.id },
    posts: true,
    once: `zelle-request:${request.id}`,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -request.amountCents },
      { type: 'available', accountId: request.requesterAccountId, cents: request.amountCents },
      {
        type: 'limit',
        customerId: from.customerId,
        channel: 'zelle-send',
        cents: request.amountCents,
      },
      {
        type: 'limit',
        customerId: request.requester.customerId,
        channel: 'zelle-receive',
        cents: request.amountCents,
      },
    ],
    acknowledged: () => {
      world.openRequests = world.openRequests.filter((r) => r !== request);
    },
  };
};

const billPayNow: Generator = (rng, _world, from) => {
  // Rent- and tax-sized bills now and then, so a day's bill pay can reach its limit.
  const amount = rng.chance(0.15) ? rng.int(2_000_00, 9_000_00) : amountCents(rng, 1);
  return {
    kind: 'bill-pay-now',
    customer: from,
    token: from.token,
    url: '/api/bill-payments/schedule',
    body: { payee_id: from.payeeId, from_account_id: from.checking.id, amount: dollars(amount) },
    posts: true,
    effects: (reply) =>
      reply.body?.data?.payment?.status === 'completed'
        ? [
            { type: 'available', accountId: from.checking.id, cents: -amount },
            { type: 'limit', customerId: from.customerId, channel: 'bill-pay', cents: amount },
          ]
        : [],
  };
};

/** A payment dated a few days ahead: nothing moves until then (past the end of the run). */
const billPayScheduled: Generator = (rng, _world, from) => {
  const amount = amountCents(rng, 1);
  const date = new Date(Date.now() + rng.int(3, 20) * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    kind: 'bill-pay-scheduled',
    customer: from,
    token: from.token,
    url: '/api/bill-payments/schedule',
    body: {
      payee_id: from.payeeId,
      from_account_id: from.checking.id,
      amount: dollars(amount),
      scheduled_date: date,
    },
    posts: false,
    effects: () => [],
  };
};

const cryptoBuy: Generator = (rng, _world, from) => {
  const amount = rng.int(1_00, 500_00);
  return {
    kind: 'crypto-buy',
    customer: from,
    token: from.token,
    url: '/api/crypto/buy',
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
const cryptoSell: Generator = (rng, world, from) => {
  const held = holdings(world, from);
  if (held.length === 0) return undefined;
  const [symbol, units] = rng.pick(held);
  const selling = rng.chance(0.1) ? units + 1 : rng.int(1, units);
  return {
    kind: 'crypto-sell',
    customer: from,
    token: from.token,
    url: '/api/crypto/sell',
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

const cryptoWithdraw: Generator = (rng, world, from) => {
  const held = holdings(world, from).filter(([, units]) => units >= 100_000);
  if (held.length === 0) return undefined;
  const [symbol, units] = rng.pick(held);
  const sending = rng.int(100_000, units);
  return {
    kind: 'crypto-withdraw',
    customer: from,
    token: from.token,
    url: '/api/crypto/withdraw',
    body: {
      symbol,
      amount: unitsToCoinText(sending),
      // Any address of the coin's network will do: the simulated bank's own have that shape.
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
const cryptoDepositClaim: Generator = (rng, _world, from) => ({
  kind: 'crypto-deposit',
  customer: from,
  token: from.token,
  url: '/api/crypto/deposit',
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

/** Every command kind, with how often it is chosen. Add a kind here to simulate it. */
export const GENERATORS: Record<string, { make: Generator; weight: number }> = {
  'ops-deposit': { make: opsDeposit, weight: 4 },
  'transfer-own': { make: transferOwn, weight: 10 },
  'transfer-customer': { make: transferCustomer, weight: 10 },
  'transfer-external': { make: transferExternal, weight: 6 },
  'transfer-sepa': { make: transferSepa, weight: 4 },
  'zelle-send': { make: zelleSend, weight: 8 },
  'zelle-send-unenrolled': { make: zelleSendUnenrolled, weight: 3 },
  'zelle-request': { make: zelleRequest, weight: 5 },
  'zelle-split': { make: zelleSplit, weight: 3 },
  'zelle-pay': { make: zellePay, weight: 8 },
  'bill-pay-now': { make: billPayNow, weight: 6 },
  'bill-pay-scheduled': { make: billPayScheduled, weight: 3 },
  'crypto-buy': { make: cryptoBuy, weight: 6 },
  'crypto-sell': { make: cryptoSell, weight: 5 },
  'crypto-withdraw': { make: cryptoWithdraw, weight: 2 },
  'crypto-deposit': { make: cryptoDepositClaim, weight: 2 },
};
