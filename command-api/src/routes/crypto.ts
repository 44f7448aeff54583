import {
  centsToDollars,
  coinsToUnits,
  cryptoSymbols,
  dollarsToCents,
  unitsToCoinText,
  unitsToCoins,
  unitsValueCents,
} from '@bank/events';
import { ok, requireCustomer } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages as walletMessages } from '../domain/crypto/wallet.ts';
import type { CommandContext } from '../services/context.ts';
import { buyCrypto, sellCrypto, submitDeposit, withdrawCrypto } from '../services/crypto.ts';
import { commandMetadata, markConsistency } from './command-reply.ts';

export const cryptoMessages = {
  symbol: 'Please select a supported cryptocurrency.',
  account: 'Please select an account.',
  amountUsd: 'Please enter an amount of at least $1.00 with at most 2 decimals.',
  cryptoAmount: 'Please enter a positive amount with at most 8 decimals.',
  txHash: 'Please enter the transaction hash.',
  txHashFormat: 'The transaction hash may contain only letters and digits.',
  fromAddress: 'Please enter the address you sent from.',
  toAddress: 'Please enter the destination address.',
  addressFormat: 'The address may contain only letters, digits and colons.',
  network: 'The network may contain only letters, digits, dashes and underscores.',
} as const;

const symbol = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(cryptoSymbols, { error: cryptoMessages.symbol }),
);

const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : v);

/** A coin amount (JSON number or decimal text) as integer units of 10^-8. */
const coins = (min: number, minMessage: string) =>
  z.preprocess(
    numeric,
    z
      .union([z.number(), z.string()], { error: cryptoMessages.cryptoAmount })
      .refine((v) => coinsToUnits(v) !== undefined, cryptoMessages.cryptoAmount)
      .transform((v) => coinsToUnits(v)!)
      .refine((units) => units >= min, minMessage),
  );

const text = (message: string, max: number, pattern: RegExp, patternMessage: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => v === '' || (v.length <= max && pattern.test(v)), patternMessage);

const buyBody = z.object({
  symbol,
  amount_usd: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z
      .number({ error: cryptoMessages.amountUsd })
      .refine((v) => dollarsToCents(v) !== undefined, cryptoMessages.amountUsd)
      .transform((v) => dollarsToCents(v)!)
      .refine((cents) => cents >= 100, walletMessages.minBuy),
  ),
  bank_account_id: z.uuid({ error: cryptoMessages.account }),
});

const sellBody = z.object({
  symbol,
  crypto_amount: coins(1, walletMessages.minSell),
  bank_account_id: z.uuid({ error: cryptoMessages.account }),
});

const depositBody = z.object({
  symbol,
  amount: coins(100_000, walletMessages.minDeposit),
  tx_hash: text(cryptoMessages.txHash, 128, /^(0x)?[A-Za-z0-9]+$/, cryptoMessages.txHashFormat),
  from_address: text(
    cryptoMessages.fromAddress,
    128,
    /^[A-Za-z0-9:]+$/,
    cryptoMessages.addressFormat,
  ),
});

const withdrawBody = z.object({
  symbol,
  amount: coins(100_000, walletMessages.minWithdraw),
  to_address: text(cryptoMessages.toAddress, 128, /^[A-Za-z0-9:]+$/, cryptoMessages.addressFormat),
  network: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: cryptoMessages.network })
      .trim()
      .max(20, cryptoMessages.network)
      .regex(/^[A-Za-z0-9_-]+$/, cryptoMessages.network)
      .optional(),
  ),
});

/** Crypto desk commands: buy, sell, report a deposit, withdraw. */
export const cryptoCommandRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const limited = rateLimit ? { config: { rateLimit } } : {};

  app.post('/crypto/buy', { schema: { body: buyBody }, ...limited }, async (request, reply) => {
    const b = request.body;
    const outcome = await buyCrypto(
      ctx,
      request.customerId,
      { symbol: b.symbol, totalCents: b.amount_usd, accountId: b.bank_account_id },
      commandMetadata(request),
    );
    markConsistency(reply, outcome);
    const t = outcome.result;
    return reply.code(201).send(
      ok(
        {
          transaction: {
            id: t.tradeId,
            type: 'buy',
            symbol: t.symbol,
            crypto_amount: unitsToCoins(t.units),
            crypto_amount_exact: unitsToCoinText(t.units),
            price_per_unit: centsToDollars(t.priceCents),
            usd_amount: centsToDollars(t.usdCents),
            fee: centsToDollars(t.feeCents),
            total_value: centsToDollars(t.totalCents),
            status: 'completed',
            reference_number: t.reference,
          },
        },
        `Successfully purchased ${unitsToCoinText(t.units)} ${t.symbol}`,
      ),
    );
  });

  app.post('/crypto/sell', { schema: { body: sellBody }, ...limited }, async (request, reply) => {
    const b = request.body;
    const outcome = await sellCrypto(
      ctx,
      request.customerId,
      { symbol: b.symbol, units: b.crypto_amount, accountId: b.bank_account_id },
      commandMetadata(request),
    );
    markConsistency(reply, outcome);
    const t = outcome.result;
    return reply.code(201).send(
      ok(
        {
          transaction: {
            id: t.tradeId,
            type: 'sell',
            symbol: t.symbol,
            crypto_amount: unitsToCoins(t.units),
            crypto_amount_exact: unitsToCoinText(t.units),
            price_per_unit: centsToDollars(t.priceCents),
            usd_amount: centsToDollars(t.grossCents),
            fee: centsToDollars(t.feeCents),
            total_value: centsToDollars(t.netCents),
            status: 'completed',
            reference_number: t.reference,
          },
        },
        `Successfully sold ${unitsToCoinText(t.units)} ${t.symbol}`,
      ),
    );
  });

  app.post(
    '/crypto/deposit',
    { schema: { body: depositBody }, ...limited },
    async (request, reply) => {
      const b = request.body;
      const outcome = await submitDeposit(
        ctx,
        request.customerId,
        { symbol: b.symbol, units: b.amount, txHash: b.tx_hash, fromAddress: b.from_address },
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      const d = outcome.result;
      return reply.code(201).send(
        ok(
          {
            transaction: {
              id: d.depositId,
              type: 'deposit',
              symbol: d.symbol,
              crypto_amount: unitsToCoins(d.units),
              crypto_amount_exact: unitsToCoinText(d.units),
              status: 'pending',
              network: d.network,
              confirms_at: d.confirmAfter,
            },
          },
          `Deposit of ${unitsToCoinText(d.units)} ${d.symbol} submitted. It will be credited once the network confirms it.`,
        ),
      );
    },
  );

  app.post(
    '/crypto/withdraw',
    { schema: { body: withdrawBody }, ...limited },
    async (request, reply) => {
      const b = request.body;
      const outcome = await withdrawCrypto(
        ctx,
        request.customerId,
        { symbol: b.symbol, units: b.amount, toAddress: b.to_address, network: b.network ?? null },
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      const w = outcome.result;
      const received = w.units - w.networkFeeUnits;
      return reply.code(201).send(
        ok(
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
          },
          `Withdrawal of ${unitsToCoinText(w.units)} ${w.symbol} sent. A network fee of ${unitsToCoinText(w.networkFeeUnits)} ${w.symbol} was deducted; ${unitsToCoinText(received)} ${w.symbol} will arrive at the destination.`,
        ),
      );
    },
  );
};
