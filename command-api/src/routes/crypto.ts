import { cryptoDepositReviewedAnswer } from '@bank/contracts';
import {
  CRYPTO_MESSAGES,
  cryptoDepositSubmitted,
  cryptoTraded,
  cryptoWithdrawn,
} from '@bank/contracts';
import {
  coinsToUnits,
  cryptoAssets,
  cryptoSymbols,
  bankDepositAddress,
  isValidNetworkAddress,
  isValidNetworkTxHash,
  networkMessages,
  normalizedNetworkAddress,
  unitsToCoinText,
  type CryptoSymbol,
} from '@bank/events';
import { fieldError, ok, requireCustomer, requireOps, requireStepUp, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import {
  buyCrypto,
  reviewDeposit,
  sellCrypto,
  submitDeposit,
  withdrawCrypto,
} from '../services/crypto.ts';
import { commandMetadata, markConsistency, moneyRoute, sendMoneyReply } from './command-reply.ts';
import { decimalText, dollarsAsCents, requestIdentity } from './money-input.ts';

export const cryptoMessages = {
  ...CRYPTO_MESSAGES,
  wrongNetwork: (symbol: CryptoSymbol) =>
    `${symbol} can only be sent on the ${cryptoAssets[symbol].network} network.`,
  rejectReason: 'Please give the reason for the rejection.',
  ownDepositAddress:
    'This is your own deposit address at this bank: coins sent there are already in your wallet.',
} as const;

/** Whether a network named by the client is the coin's own (it may also be named by the symbol). */
function isCoinNetwork(symbol: CryptoSymbol, network: string): boolean {
  const name = network.toUpperCase();
  return name === cryptoAssets[symbol].network || name === symbol;
}

const symbol = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(cryptoSymbols, { error: cryptoMessages.symbol }),
);

const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : v);

/**
 * Integer units of 10^-8 of a coin amount: a JSON number, or text in plain decimals ("0.001",
 * "0.00100000") as dollar amounts are written. Text in exponents, signs or another base is no
 * amount a person typed.
 */
function unitsOf(value: number | string): number | undefined {
  if (typeof value === 'string' && !/^\d+(?:\.\d+)?$/.test(value)) return undefined;
  return coinsToUnits(value);
}

/** A coin amount (JSON number or decimal text) as integer units of 10^-8. */
const coins = (min: number, minMessage: string) =>
  z.preprocess(
    numeric,
    z
      .union([z.number(), z.string()], { error: cryptoMessages.cryptoAmount })
      .refine((v) => unitsOf(v) !== undefined, cryptoMessages.cryptoAmount)
      .transform((v) => unitsOf(v)!)
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
    (v) => (typeof v === 'string' && v.trim() !== '' ? decimalText(v) : v),
    z
      .number({ error: cryptoMessages.amountUsd })
      .transform(dollarsAsCents(cryptoMessages.amountUsd))
      .refine((cents) => cents >= 100, CRYPTO_MESSAGES.minBuy),
  ),
  bank_account_id: z.uuid({ error: cryptoMessages.account }),
});

const sellBody = z.object({
  symbol,
  crypto_amount: coins(1, CRYPTO_MESSAGES.minSell),
  bank_account_id: z.uuid({ error: cryptoMessages.account }),
});

const TX_HASH_TEXT = /^(0x)?[A-Za-z0-9]+$/;
const ADDRESS_TEXT = /^[A-Za-z0-9:]+$/;

/** Whether a field passed its own checks, so that its network format is worth checking. */
const wellFormed = (value: string, pattern: RegExp) =>
  value !== '' && value.length <= 128 && pattern.test(value);

const depositBody = z
  .object({
    symbol,
    amount: coins(100_000, CRYPTO_MESSAGES.minDeposit),
    tx_hash: text(cryptoMessages.txHash, 128, TX_HASH_TEXT, cryptoMessages.txHashFormat),
    from_address: text(cryptoMessages.fromAddress, 128, ADDRESS_TEXT, cryptoMessages.addressFormat),
  })
  .superRefine((body, context) => {
    const network = cryptoAssets[body.symbol].network;
    if (wellFormed(body.tx_hash, TX_HASH_TEXT) && !isValidNetworkTxHash(network, body.tx_hash)) {
      context.addIssue({
        code: 'custom',
        path: ['tx_hash'],
        message: networkMessages.txHash(network),
      });
    }
    if (
      wellFormed(body.from_address, ADDRESS_TEXT) &&
      !isValidNetworkAddress(network, body.from_address)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['from_address'],
        message: networkMessages.address(network),
      });
    }
  });

const withdrawBody = z
  .object({
    symbol,
    amount: coins(100_000, CRYPTO_MESSAGES.minWithdraw),
    to_address: text(cryptoMessages.toAddress, 128, ADDRESS_TEXT, cryptoMessages.addressFormat),
    network: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string({ error: cryptoMessages.network })
        .trim()
        .max(20, cryptoMessages.network)
        .regex(/^[A-Za-z0-9_-]+$/, cryptoMessages.network)
        .optional(),
    ),
  })
  .superRefine((body, context) => {
    const network = cryptoAssets[body.symbol].network;
    const networkText = body.network !== undefined && /^[A-Za-z0-9_-]{1,20}$/.test(body.network);
    if (networkText && !isCoinNetwork(body.symbol, body.network!)) {
      context.addIssue({
        code: 'custom',
        path: ['network'],
        message: cryptoMessages.wrongNetwork(body.symbol),
      });
    } else if (
      wellFormed(body.to_address, ADDRESS_TEXT) &&
      !isValidNetworkAddress(network, body.to_address)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['to_address'],
        message: networkMessages.address(network),
      });
    }
  });

const WITHDRAW_DOC =
  "The first withdrawal of a coin to an address (an EVM address in any case is one address) needs a session that signed in or stepped up within the step-up window: 403 STEP_UP_REQUIRED otherwise, and nothing is sent. Withdrawals to an address the coin was sent to before do not. The address is checked for its network (bech32 or bech32m, base58check, EIP-55 mixed case, SS58, Cardano bech32, Solana's 32 bytes), so a mistyped character answers 400 with a field error on to_address and nothing is sent; so do the customer's own deposit address at this bank, and an amount that after the network fee is below the minimum.";

/**
 * Crypto desk commands: buy, sell, report a deposit, withdraw. Each moves value, so each runs in
 * the money pipeline (runMoneyCommand): Idempotency-Key, duplicate check and daily limits.
 */
export const cryptoCommandRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const money = moneyRoute(rateLimit);

  app.post(
    '/crypto/buy',
    { schema: { body: buyBody, response: { 201: cryptoTraded } }, ...money },
    async (request, reply) => {
      const b = request.body;
      const outcome = await buyCrypto(
        ctx,
        requestIdentity(request),
        { symbol: b.symbol, totalCents: b.amount_usd, accountId: b.bank_account_id },
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.post(
    '/crypto/sell',
    { schema: { body: sellBody, response: { 201: cryptoTraded } }, ...money },
    async (request, reply) => {
      const b = request.body;
      const outcome = await sellCrypto(
        ctx,
        requestIdentity(request),
        { symbol: b.symbol, units: b.crypto_amount, accountId: b.bank_account_id },
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.post(
    '/crypto/deposit',
    { schema: { body: depositBody, response: { 201: cryptoDepositSubmitted } }, ...money },
    async (request, reply) => {
      const b = request.body;
      const outcome = await submitDeposit(
        ctx,
        requestIdentity(request),
        { symbol: b.symbol, units: b.amount, txHash: b.tx_hash, fromAddress: b.from_address },
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.post(
    '/crypto/withdraw',
    {
      schema: {
        description: WITHDRAW_DOC,
        body: withdrawBody,
        response: { 201: cryptoWithdrawn },
      },
      ...money,
    },
    async (request, reply) => {
      const b = request.body;
      const network = cryptoAssets[b.symbol].network;
      // Sent out and back, the coins would only lose the network fee.
      const own = bankDepositAddress(request.customerId, b.symbol, network);
      if (
        normalizedNetworkAddress(network, b.to_address) === normalizedNetworkAddress(network, own)
      ) {
        throw fieldError({ to_address: [cryptoMessages.ownDepositAddress] });
      }
      const outcome = await withdrawCrypto(
        ctx,
        requestIdentity(request),
        {
          symbol: b.symbol,
          units: b.amount,
          toAddress: b.to_address,
          network,
          requireStepUp: () => requireStepUp(request),
        },
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );
};

const rejectBody = z.object({
  reason: z
    .string({ error: cryptoMessages.rejectReason })
    .trim()
    .min(1, cryptoMessages.rejectReason)
    .max(500, cryptoMessages.rejectReason),
});

/**
 * The review of deposit claims, by operations (OPS_TOKEN): approve once the transaction is found
 * on the network paying the customer's deposit address, reject otherwise.
 */
export const cryptoOpsCommandRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireOps(ctx.config.opsToken));

  app.post(
    '/ops/crypto-deposits/:id/approve',
    { schema: { params: uuidParam, response: { 200: cryptoDepositReviewedAnswer } } },
    async (request, reply) => {
      const outcome = await reviewDeposit(
        ctx,
        request.params.id,
        { decision: 'approve', reviewedBy: 'ops' },
        commandMetadata(request, 'ops'),
      );
      markConsistency(reply, outcome);
      const d = outcome.result;
      return reply.send(
        ok(
          { id: d.depositId, customer_id: d.customerId, status: 'completed' as const },
          `Deposit of ${unitsToCoinText(d.units)} ${d.symbol} approved and credited.`,
        ),
      );
    },
  );

  app.post(
    '/ops/crypto-deposits/:id/reject',
    {
      schema: {
        params: uuidParam,
        body: rejectBody,
        response: { 200: cryptoDepositReviewedAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await reviewDeposit(
        ctx,
        request.params.id,
        { decision: 'reject', reviewedBy: 'ops', reason: request.body.reason },
        commandMetadata(request, 'ops'),
      );
      markConsistency(reply, outcome);
      const d = outcome.result;
      return reply.send(
        ok(
          { id: d.depositId, customer_id: d.customerId, status: 'failed' as const },
          `Deposit of ${unitsToCoinText(d.units)} ${d.symbol} rejected; nothing was credited.`,
        ),
      );
    },
  );
};
