import {
  isWireType,
  recipientLookupReply,
  sepaQuoteAnswer,
  transferSubmitted,
} from '@bank/contracts';
import { ApiError, requireCustomer, requireStepUp, uuidParam, ok } from '@bank/infra';
import { centsToDollars, formatUsd, readDollars, TOO_LARGE } from '@bank/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEW_DESTINATION_DAYS,
  NEW_DESTINATION_LIMIT_CENTS,
  NEW_DESTINATION_MESSAGE,
} from '../domain/transfers/destinations.ts';
import { sepaQuote, type SepaQuote } from '../domain/transfers/fx.ts';
import { DomainError } from '../kernel/aggregate.ts';
import { MIN_TRANSFER_CENTS, TRANSFER_FEES } from '../domain/transfers/transfer.ts';
import type { CommandContext } from '../services/context.ts';
import { toApiError } from '../services/money-errors.ts';
import { contactFromText } from '../services/money-lookups.ts';
import { lookUpRecipient, repeatTransfer, submitTransfer } from '../services/transfers.ts';
import {
  commandMetadata,
  moneyRoute,
  sendKeyedMoneyCommand,
  sendMoneyReply,
} from './command-reply.ts';
import {
  FormErrors,
  amountCents,
  DECIMALS_MESSAGE,
  formAmount,
  formBody,
  formFields,
  formText,
  pick,
  requestIdentity,
  textOf,
} from './money-input.ts';
import {
  TRANSFER_FORM_MESSAGES,
  readCommon,
  transferBodies,
  transferReaders,
  withSavedRecipient,
} from './transfer-form.ts';

const NEW_DESTINATION_DOC = `While the account is new to the customer (never saved nor paid, or first saved or paid less than ${NEW_DESTINATION_DAYS} days ago), each transfer to it is limited to ${formatUsd(NEW_DESTINATION_LIMIT_CENTS)}: 422 DAILY_LIMIT_EXCEEDED on amount, "${NEW_DESTINATION_MESSAGE}"`;

/** The four transfer types, the wires, repeat, and the same-bank recipient lookup. */
export const transferRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const limited = rateLimit ? { config: { rateLimit } } : {};
  const money = moneyRoute(rateLimit);

  const routes = [
    ['/transfers/between-accounts', 'between-accounts'],
    ['/transfers/same-bank', 'same-bank'],
    ['/transfers/external-bank', 'external-bank'],
    ['/wire-transfers/sepa', 'sepa'],
    ['/wire-transfers/domestic', 'domestic-wire'],
    ['/wire-transfers/international', 'international-wire'],
  ] as const;
  for (const [url, type] of routes) {
    const toAnotherBank = type !== 'between-accounts' && type !== 'same-bank';
    app.post(
      url,
      {
        schema: {
          ...(toAnotherBank ? { description: NEW_DESTINATION_DOC } : {}),
          body: transferBodies[type],
          response: { 201: transferSubmitted },
        },
        ...money,
      },
      async (request, reply) =>
        sendKeyedMoneyCommand(ctx, request, reply, async (identity) => {
          // A wire is final once sent: the customer proves it is them first, as for a new payee.
          if (isWireType(type)) requireStepUp(request);
          const typed = formFields(request.body);
          const body = toAnotherBank
            ? await withSavedRecipient(ctx, request.customerId, type, typed)
            : typed;
          const errors = new FormErrors();
          const common = readCommon(errors, body);
          const destination = transferReaders[type](errors, body, common);
          errors.throwIfAny();
          const command = {
            customerId: request.customerId,
            fromAccountId: common.fromAccountId,
            amountCents: common.amountCents,
            memo: common.memo,
            transferDate: common.transferDate,
            destination,
          };
          return submitTransfer(
            ctx,
            command,
            () => requireStepUp(request),
            identity,
            commandMetadata(request),
          );
        }),
    );
  }

  // What a SEPA transfer of this amount costs and delivers in euros, from the rate the bank applies.
  app.get(
    '/wire-transfers/sepa/quote',
    {
      schema: {
        querystring: z.object({ amount: z.string().max(20, DECIMALS_MESSAGE).optional() }),
        response: { 200: sepaQuoteAnswer },
      },
      ...limited,
    },
    async (request) => {
      const errors = new FormErrors();
      const asked = request.query.amount ?? '';
      // Well written but past any amount the bank takes (10000000000000): more than the limit,
      // so the limit refuses it below with its own code, as it refuses 9999999999999.99.
      const cents =
        readDollars(asked) === TOO_LARGE
          ? Number.POSITIVE_INFINITY
          : amountCents(errors, 'amount', asked, {
              minCents: MIN_TRANSFER_CENTS,
              minMessage: TRANSFER_FORM_MESSAGES.amount,
            });
      errors.throwIfAny();
      let quote: SepaQuote;
      try {
        quote = sepaQuote(cents, TRANSFER_FEES.sepa, new Date());
      } catch (error) {
        // Past the limit: the same 422 DAILY_LIMIT_EXCEEDED on amount the transfer answers.
        throw error instanceof DomainError ? toApiError(error) : error;
      }
      return ok({
        quote: {
          amount: centsToDollars(quote.amountCents),
          fee: centsToDollars(quote.feeCents),
          total: centsToDollars(quote.totalCents),
          currency: 'USD',
          exchange: {
            rate: quote.fx.rate,
            currency: quote.fx.targetCurrency,
            amount: centsToDollars(quote.fx.targetAmount),
            source: quote.fx.source,
            as_of: quote.fx.asOf,
          },
          expires_at: quote.expiresAt,
        },
      });
    },
  );

  app.post(
    '/transfers/:id/repeat',
    {
      schema: {
        params: uuidParam,
        body: formBody({ amount: formAmount }),
        response: { 201: transferSubmitted },
      },
      ...money,
    },
    async (request, reply) => {
      const body = formFields(request.body);
      const errors = new FormErrors();
      const amount =
        body.amount === undefined || body.amount === null || body.amount === ''
          ? undefined
          : amountCents(errors, 'amount', body.amount, {
              minCents: MIN_TRANSFER_CENTS,
              minMessage: TRANSFER_FORM_MESSAGES.amount,
            });
      errors.throwIfAny();
      const command = {
        customerId: request.customerId,
        transferId: request.params.id,
        amountCents: amount,
      };
      const outcome = await repeatTransfer(
        ctx,
        { ...command, requireStepUp: () => requireStepUp(request) },
        requestIdentity(request, { form: true }),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  // Any other type under /transfers (the static routes above win over this parametric one).
  app.post('/transfers/:type', { schema: { hide: true }, ...limited }, async () => {
    throw new ApiError(422, TRANSFER_FORM_MESSAGES.invalidType, 'VALIDATION_ERROR', {
      type: [TRANSFER_FORM_MESSAGES.invalidType],
    });
  });

  app.post(
    '/transfers/validate-recipient',
    {
      schema: {
        body: formBody({
          recipient: formText,
          recipientEmail: formText,
          recipientPhone: formText,
        }),
        response: { 200: recipientLookupReply },
      },
      ...limited,
    },
    async (request) => {
      const body = formFields(request.body);
      const text = textOf(
        pick(body, 'recipient', 'recipientEmail', 'recipientPhone', 'email', 'phone'),
      );
      const errors = new FormErrors();
      if (text.length < 3 || text.length > 255)
        errors.add('recipient', TRANSFER_FORM_MESSAGES.recipientContact);
      errors.throwIfAny();
      const result = await lookUpRecipient(ctx, request.customerId, contactFromText(text));
      return ok(result, result.message);
    },
  );
};
