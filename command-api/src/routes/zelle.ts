import { requireCustomer, uuidParam } from '@bank/infra';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeEmail, phoneDigits } from '../domain/reservation.ts';
import { ZELLE_MAX_CENTS, ZELLE_MEMO_MAX, ZELLE_MIN_CENTS } from '../domain/zelle/zelle.ts';
import type { CommandOutcome } from '../kernel/command-bus.ts';
import type { CommandContext } from '../services/context.ts';
import type { MoneyReply } from '../services/idempotency.ts';
import {
  declineZelleRequest,
  payZelleRequest,
  requestZelle,
  sendZelle,
  type ZelleInput,
} from '../services/zelle.ts';
import { commandMetadata, markConsistency } from './command-reply.ts';
import {
  FormErrors,
  amountCents,
  looseBody,
  requestIdentity,
  requiredText,
  textOf,
  type Body,
} from './money-input.ts';

export const ZELLE_MESSAGES = {
  account: 'Please select an account',
  recipientName: 'Please enter recipient name',
  contact: 'Please enter recipient email or phone number',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  amountMin: 'The amount must be at least $0.01.',
  amountMax: 'The amount may not be greater than $5,000.00.',
  memo: `The memo may not be greater than ${ZELLE_MEMO_MAX} characters.`,
} as const;

const emailShape = z.email();

/** bank_account_id, recipient_name, recipient_email or recipient_phone, amount, memo (spec 7). */
function readZelleForm(customerId: string, body: Body): ZelleInput {
  const errors = new FormErrors();
  const accountId = requiredText(
    errors,
    'bank_account_id',
    body.bank_account_id,
    ZELLE_MESSAGES.account,
    100,
  );
  const recipientName = requiredText(
    errors,
    'recipient_name',
    body.recipient_name,
    ZELLE_MESSAGES.recipientName,
  );
  const email = textOf(body.recipient_email);
  const phone = textOf(body.recipient_phone);
  let contact: ZelleInput['contact'] = { kind: 'email', value: '' };
  let contactField: ZelleInput['contactField'] = 'recipient_email';
  if (email !== '') {
    if (!emailShape.safeParse(email).success || email.length > 255) {
      errors.add('recipient_email', ZELLE_MESSAGES.email);
    }
    contact = { kind: 'email', value: normalizeEmail(email) };
  } else if (phone !== '') {
    contactField = 'recipient_phone';
    const digits = phoneDigits(phone);
    if (!/^\+?[\d\s().-]{7,20}$/.test(phone) || digits.length !== 10) {
      errors.add('recipient_phone', ZELLE_MESSAGES.phone);
    }
    contact = { kind: 'phone', value: digits };
  } else {
    errors.add(
      body.recipient_phone !== undefined && body.recipient_email === undefined
        ? 'recipient_phone'
        : 'recipient_email',
      ZELLE_MESSAGES.contact,
    );
  }
  const cents = amountCents(errors, 'amount', body.amount, {
    minCents: ZELLE_MIN_CENTS,
    minMessage: ZELLE_MESSAGES.amountMin,
    maxCents: ZELLE_MAX_CENTS,
    maxMessage: ZELLE_MESSAGES.amountMax,
  });
  const memo = textOf(body.memo);
  if (memo.length > ZELLE_MEMO_MAX) errors.add('memo', ZELLE_MESSAGES.memo);
  errors.throwIfAny();
  return { customerId, accountId, amountCents: cents, recipientName, contact, contactField, memo };
}

function sendMoneyReply(reply: FastifyReply, outcome: CommandOutcome<MoneyReply>) {
  markConsistency(reply, outcome);
  if (outcome.result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(outcome.result.statusCode).send(outcome.result.body);
}

/** Person-to-person payments: send, request, and paying or declining requests received. */
export const zelleRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const limited = rateLimit ? { config: { rateLimit } } : {};

  app.post('/zelle/send', { schema: { body: looseBody }, ...limited }, async (request, reply) => {
    const input = readZelleForm(request.customerId, request.body ?? {});
    const outcome = await sendZelle(ctx, input, requestIdentity(request), commandMetadata(request));
    return sendMoneyReply(reply, outcome);
  });

  app.post(
    '/zelle/request',
    { schema: { body: looseBody }, ...limited },
    async (request, reply) => {
      const input = readZelleForm(request.customerId, request.body ?? {});
      const outcome = await requestZelle(
        ctx,
        input,
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.post(
    '/zelle/requests/:id/pay',
    { schema: { params: uuidParam, body: looseBody }, ...limited },
    async (request, reply) => {
      const body = request.body ?? {};
      const errors = new FormErrors();
      const accountId = requiredText(
        errors,
        'bank_account_id',
        body.bank_account_id,
        ZELLE_MESSAGES.account,
        100,
      );
      errors.throwIfAny();
      const outcome = await payZelleRequest(
        ctx,
        { customerId: request.customerId, requestId: request.params.id, accountId },
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.post(
    '/zelle/requests/:id/decline',
    { schema: { params: uuidParam, body: looseBody }, ...limited },
    async (request, reply) => {
      const outcome = await declineZelleRequest(
        ctx,
        { customerId: request.customerId, requestId: request.params.id },
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );
};
