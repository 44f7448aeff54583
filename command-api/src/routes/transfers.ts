import {
  SEPA_COUNTRIES,
  SEPA_PURPOSES,
  TRANSFER_FIELD_MESSAGES,
  recipientLookupReply,
  sepaQuoteAnswer,
  transferSubmitted,
} from '@bank/contracts';
import { ApiError, fieldError, requireCustomer, uuidParam, ok } from '@bank/infra';
import { centsToDollars, formatUsd } from '@bank/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANK_CODE_MESSAGES,
  ibanProblem,
  isValidSwiftCode,
  normalizeIban,
  routingNumberProblem,
} from '@bank/contracts/bank-codes';
import { bankDate } from '../domain/transfers/bank-time.ts';
import {
  NEW_DESTINATION_DAYS,
  NEW_DESTINATION_LIMIT_CENTS,
  NEW_DESTINATION_MESSAGE,
} from '../domain/transfers/destinations.ts';
import { sepaQuote } from '../domain/transfers/fx.ts';
import { MIN_TRANSFER_CENTS, TRANSFER_FEES } from '../domain/transfers/transfer.ts';
import type { CommandContext } from '../services/context.ts';
import { contactFromText } from '../services/money-lookups.ts';
import { SAVED_RECIPIENT_MESSAGE, savedRecipientFields } from '../services/saved-recipients.ts';
import {
  lookUpRecipient,
  repeatTransfer,
  submitTransfer,
  type TransferDestination,
} from '../services/transfers.ts';
import { commandMetadata, moneyRoute, sendMoneyReply } from './command-reply.ts';
import {
  FormErrors,
  amountCents,
  formAmount,
  formBody,
  formFields,
  formDigits,
  formMultilineText,
  formText,
  isCalendarDate,
  optionalText,
  pick,
  requestIdentity,
  requiredText,
  textOf,
  type Body,
} from './money-input.ts';

/** The form's shared messages, and the checks only the server can make. */
const MESSAGES = {
  ...TRANSFER_FIELD_MESSAGES,
  accountNumberFormat: 'Account number must be 4 to 17 digits',
  ...BANK_CODE_MESSAGES,
  swiftFormat: 'SWIFT/BIC must be 8 or 11 letters and digits',
  sepaCountry: 'SEPA transfers can only be sent to a SEPA country',
  purposeInvalid: 'Please select a valid purpose of payment',
  invalidType: 'Invalid transfer type',
  transferDate: 'The transfer date must be a valid date (YYYY-MM-DD).',
  transferDateToday: 'A transfer made now is dated today. To send it on a later date, schedule it.',
} as const;

const DAY_MS = 24 * 3600 * 1000;

export interface Common {
  fromAccountId: string;
  amountCents: number;
  memo: string;
  transferDate: string | undefined;
}

/**
 * fromAccount, amount, memo, transferDate: what every transfer type has. A transfer made now is
 * dated today; a scheduled one may be dated later (its plan checks the date).
 */
export function readCommon(errors: FormErrors, body: Body, scheduling = false): Common {
  const fromAccountId = requiredText(
    errors,
    'fromAccount',
    body.fromAccount,
    MESSAGES.fromAccount,
    100,
  );
  const cents = amountCents(errors, 'amount', body.amount, {
    minCents: MIN_TRANSFER_CENTS,
    minMessage: MESSAGES.amount,
  });
  const memo = optionalText(errors, 'memo', body.memo);
  const date = textOf(body.transferDate);
  let transferDate: string | undefined;
  if (date !== '') {
    if (!isCalendarDate(date)) errors.add('transferDate', MESSAGES.transferDate);
    else if (scheduling) transferDate = date;
    else {
      // "Today" in any US time zone: the bank's date, or one day either side of it.
      const now = Date.now();
      const allowed = [now - DAY_MS, now, now + DAY_MS].map((t) => bankDate(new Date(t)));
      if (!allowed.includes(date)) errors.add('transferDate', MESSAGES.transferDateToday);
      transferDate = date;
    }
  }
  return { fromAccountId, amountCents: cents, memo, transferDate };
}

function readBetween(errors: FormErrors, body: Body, common: Common): TransferDestination {
  const toAccountId = requiredText(errors, 'toAccount', body.toAccount, MESSAGES.toAccount, 100);
  if (toAccountId !== '' && toAccountId === common.fromAccountId) {
    errors.add('toAccount', MESSAGES.sameAccount);
  }
  return { type: 'between-accounts', toAccountId };
}

function readSameBank(errors: FormErrors, body: Body): TransferDestination {
  const email = textOf(body.recipientEmail);
  const phone = textOf(body.recipientPhone);
  const contactField = email !== '' || phone === '' ? 'recipientEmail' : 'recipientPhone';
  if (email === '' && phone === '') errors.add('recipientEmail', MESSAGES.recipientContact);
  const recipientId = textOf(body.recipientId);
  return {
    type: 'same-bank',
    contact: contactFromText(email !== '' ? email : phone),
    contactField,
    recipientId: recipientId === '' ? undefined : recipientId,
  };
}

function readExternal(errors: FormErrors, body: Body): TransferDestination {
  const recipientName = requiredText(
    errors,
    'recipientName',
    body.recipientName,
    MESSAGES.recipientName,
  );
  const bankName = requiredText(
    errors,
    'bankName',
    pick(body, 'bankName', 'externalBankName'),
    MESSAGES.bankName,
  );
  const accountNumber = requiredText(
    errors,
    'accountNumber',
    pick(body, 'accountNumber', 'externalAccountNumber'),
    MESSAGES.accountNumber,
    34,
  ).replace(/[\s-]/g, '');
  if (accountNumber !== '' && !/^\d{4,17}$/.test(accountNumber)) {
    errors.add('accountNumber', MESSAGES.accountNumberFormat);
  }
  const routingNumber = textOf(pick(body, 'routingNumber', 'externalRoutingNumber'));
  const routingProblem = routingNumberProblem(routingNumber);
  if (routingProblem) errors.add('routingNumber', routingProblem);
  const recipientAddress = optionalText(errors, 'recipientAddress', body.recipientAddress, 500);
  return {
    type: 'external-bank',
    recipientName,
    bankName,
    accountNumber,
    routingNumber,
    recipientAddress: recipientAddress || undefined,
  };
}

function readSepa(errors: FormErrors, body: Body): TransferDestination {
  const recipientName = requiredText(
    errors,
    'recipientName',
    body.recipientName,
    MESSAGES.recipientName,
  );
  const iban = normalizeIban(textOf(pick(body, 'iban', 'recipientIban')));
  const country = textOf(pick(body, 'country', 'recipientCountry')).toUpperCase();
  const problem = ibanProblem(iban, country);
  if (problem) errors.add('iban', problem);
  const swiftCode = textOf(pick(body, 'swiftCode', 'recipientSwiftCode')).toUpperCase();
  if (swiftCode.length > 11) errors.add('swiftCode', MESSAGES.swiftLength);
  else if (swiftCode !== '' && !isValidSwiftCode(swiftCode)) {
    errors.add('swiftCode', MESSAGES.swiftFormat);
  }
  const bankName = requiredText(
    errors,
    'bankName',
    pick(body, 'bankName', 'recipientBankName'),
    MESSAGES.bankName,
  );
  if (country === '') errors.add('country', MESSAGES.country);
  else if (!SEPA_COUNTRIES[country]) errors.add('country', MESSAGES.sepaCountry);
  const purpose = textOf(body.purposeOfPayment).toUpperCase();
  if (purpose === '') errors.add('purposeOfPayment', MESSAGES.purpose);
  else if (!SEPA_PURPOSES[purpose]) errors.add('purposeOfPayment', MESSAGES.purposeInvalid);
  const quotedRate = textOf(body.quotedRate);
  return {
    type: 'sepa',
    recipientName,
    iban,
    swiftCode: swiftCode || undefined,
    bankName,
    country,
    purposeOfPayment: purpose,
    quotedRate: quotedRate === '' ? undefined : quotedRate,
  };
}

export const commonFields = {
  fromAccount: formText,
  amount: formAmount,
  memo: formMultilineText,
  transferDate: formText,
};
export const transferBodies = {
  'between-accounts': formBody({ ...commonFields, toAccount: formText }),
  'same-bank': formBody({
    ...commonFields,
    recipientEmail: formText,
    recipientPhone: formText,
    recipientId: formText,
  }),
  'external-bank': formBody({
    ...commonFields,
    recipientName: formText,
    bankName: formText,
    accountNumber: formDigits,
    routingNumber: formDigits,
    recipientAddress: formText,
    savedRecipientId: formText,
  }),
  sepa: formBody({
    ...commonFields,
    recipientName: formText,
    iban: formText,
    swiftCode: formText,
    bankName: formText,
    country: formText,
    purposeOfPayment: formText,
    quotedRate: formText,
    savedRecipientId: formText,
  }),
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A transfer to a saved recipient names it by savedRecipientId: its account fields come from the
 * customer's own sealed record and replace any typed alongside (the browser never has the full
 * number). An unknown id, another customer's or one of the other type is a field error.
 */
export async function withSavedRecipient(
  ctx: CommandContext,
  customerId: string,
  type: 'external-bank' | 'sepa',
  body: Body,
): Promise<Body> {
  const id = textOf(body.savedRecipientId);
  if (id === '') return body;
  const fields = UUID.test(id)
    ? await savedRecipientFields(ctx, customerId, id.toLowerCase(), type)
    : undefined;
  if (!fields) {
    throw fieldError({ savedRecipientId: [SAVED_RECIPIENT_MESSAGE] });
  }
  return { ...body, ...fields };
}

export const transferReaders = {
  'between-accounts': readBetween,
  'same-bank': readSameBank,
  'external-bank': readExternal,
  sepa: readSepa,
} as const;

const NEW_DESTINATION_DOC = `While the account is new to the customer (never saved nor paid, or first saved or paid less than ${NEW_DESTINATION_DAYS} days ago), each transfer to it is limited to ${formatUsd(NEW_DESTINATION_LIMIT_CENTS)}: 422 DAILY_LIMIT_EXCEEDED on amount, "${NEW_DESTINATION_MESSAGE}"`;

/** The four transfer types, repeat, and the same-bank recipient lookup. */
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
  ] as const;
  for (const [url, type] of routes) {
    const toAnotherBank = type === 'external-bank' || type === 'sepa';
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
      async (request, reply) => {
        const typed = formFields(request.body);
        const body = toAnotherBank
          ? await withSavedRecipient(ctx, request.customerId, type, typed)
          : typed;
        const errors = new FormErrors();
        const common = readCommon(errors, body);
        const destination = transferReaders[type](errors, body, common);
        errors.throwIfAny();
        const outcome = await submitTransfer(
          ctx,
          {
            customerId: request.customerId,
            fromAccountId: common.fromAccountId,
            amountCents: common.amountCents,
            memo: common.memo,
            transferDate: common.transferDate,
            destination,
          },
          requestIdentity(request),
          commandMetadata(request),
        );
        return sendMoneyReply(reply, outcome);
      },
    );
  }

  // What a SEPA transfer of this amount costs and delivers in euros, from the rate the bank applies.
  app.get(
    '/wire-transfers/sepa/quote',
    {
      schema: {
        querystring: z.object({ amount: z.string().max(20).optional() }),
        response: { 200: sepaQuoteAnswer },
      },
      ...limited,
    },
    async (request) => {
      const errors = new FormErrors();
      const cents = amountCents(errors, 'amount', request.query.amount, {
        minCents: MIN_TRANSFER_CENTS,
        minMessage: MESSAGES.amount,
      });
      errors.throwIfAny();
      const quote = sepaQuote(cents, TRANSFER_FEES.sepa, new Date());
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
              minMessage: MESSAGES.amount,
            });
      errors.throwIfAny();
      const outcome = await repeatTransfer(
        ctx,
        { customerId: request.customerId, transferId: request.params.id, amountCents: amount },
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  // Any other type under /transfers (the static routes above win over this parametric one).
  app.post('/transfers/:type', { schema: { hide: true }, ...limited }, async () => {
    throw new ApiError(422, MESSAGES.invalidType, 'VALIDATION_ERROR', {
      type: [MESSAGES.invalidType],
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
      if (text.length < 3 || text.length > 255) errors.add('recipient', MESSAGES.recipientContact);
      errors.throwIfAny();
      const result = await lookUpRecipient(ctx, request.customerId, contactFromText(text));
      return ok(result, result.message);
    },
  );
};
