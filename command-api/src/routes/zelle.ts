import {
  ZELLE_MEMO_MAX,
  ZELLE_MESSAGES,
  zelleClaimCodeSent,
  zelleClaimed,
  zelleRequestDeclined,
  zelleRequested,
  zelleSent,
  zelleSplit,
} from '@bank/contracts';
import { ok, requireCustomer, requireStepUp, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeEmail, phoneDigits } from '../domain/reservation.ts';
import { ZELLE_MAX_CENTS, ZELLE_MIN_CENTS, splitShares } from '../domain/zelle/zelle.ts';
import type { CommandContext } from '../services/context.ts';
import {
  declineZelleRequest,
  payZelleRequest,
  requestZelle,
  sendZelle,
  splitZelle,
  type SplitInput,
  type ZelleInput,
} from '../services/zelle.ts';
import { contactFromText } from '../services/money-lookups.ts';
import { claimWithCode, requestClaimCode } from '../services/zelle-claims.ts';
import { CLAIM_MESSAGES } from '../domain/zelle/claim-code.ts';
import {
  commandMetadata,
  moneyRoute,
  sendKeyedMoneyCommand,
  sendMoneyReply,
} from './command-reply.ts';
import {
  FormErrors,
  amountCents,
  formAmount,
  formBody,
  formFields,
  formMultilineText,
  formText,
  requestIdentity,
  requiredText,
  textOf,
  type Body,
} from './money-input.ts';

/** Most people one split can ask. */
const SPLIT_MAX_PEOPLE = 20;

/** bank_account_id, total_amount, people [{name, contact}], memo (the Split tab). */
function readSplitForm(
  customerId: string,
  body: NonNullable<z.output<typeof splitBody>>,
): SplitInput {
  const errors = new FormErrors();
  const accountId = requiredText(
    errors,
    'bank_account_id',
    body.bank_account_id,
    ZELLE_MESSAGES.account,
    100,
  );
  const totalCents = amountCents(errors, 'total_amount', body.total_amount ?? body.amount, {
    minCents: 1,
    minMessage: ZELLE_MESSAGES.splitTotal,
    // Past any limit: no share of it could be sent.
    tooLargeMessage: ZELLE_MESSAGES.splitShare,
  });
  const listed = body.people ?? [];
  if (listed.length === 0) errors.add('people', ZELLE_MESSAGES.splitPeople);
  if (listed.length > SPLIT_MAX_PEOPLE) {
    errors.add('people', `A split can ask at most ${SPLIT_MAX_PEOPLE} people.`);
  }
  const people: SplitInput['people'] = [];
  listed.forEach((person, i) => {
    const name = textOf(person.name);
    const contact = textOf(person.contact);
    if (name === '' || contact === '') {
      if (!errors.has('people')) errors.add('people', ZELLE_MESSAGES.splitPerson);
      return;
    }
    const field = `people.${i}.contact`;
    if (contact.includes('@') && !emailShape.safeParse(contact).success) {
      errors.add(field, ZELLE_MESSAGES.email);
    } else if (!contact.includes('@') && phoneDigits(contact).length !== 10) {
      errors.add(field, ZELLE_MESSAGES.phone);
    }
    people.push({ name: name.slice(0, 255), contact: contactFromText(contact), field });
  });
  const memo = textOf(body.memo);
  if (memo.length > ZELLE_MEMO_MAX) errors.add('memo', ZELLE_MESSAGES.memo);
  if (!errors.has('total_amount') && people.length > 0) {
    const shares = splitShares(totalCents, people.length).people;
    if (shares.some((c) => c < ZELLE_MIN_CENTS || c > ZELLE_MAX_CENTS)) {
      errors.add('total_amount', ZELLE_MESSAGES.splitShare);
    }
  }
  errors.throwIfAny();
  return { customerId, accountId, totalCents, memo, people };
}

const emailShape = z.email();

/** bank_account_id, recipient_name, recipient_email or recipient_phone, amount, memo. */
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

const zelleBody = formBody({
  bank_account_id: formText,
  amount: formAmount,
  recipient_name: formText,
  recipient_email: formText,
  recipient_phone: formText,
  memo: formMultilineText,
});
const splitBody = formBody({
  bank_account_id: formText,
  total_amount: formAmount,
  memo: formMultilineText,
  people: z
    .array(z.looseObject({ name: formText, contact: formText }))
    .max(100)
    .nullish(),
});
const payBody = formBody({ bank_account_id: formText });
const claimBody = formBody({ kind: formText, code: formText });

/** email or phone: which of the customer's own contacts a claim is for. */
function readKind(errors: FormErrors, body: Body): 'email' | 'phone' {
  const kind = textOf(body.kind);
  if (kind !== 'email' && kind !== 'phone') errors.add('kind', CLAIM_MESSAGES.kind);
  return kind === 'phone' ? 'phone' : 'email';
}

/** Person-to-person payments: send, request, and paying or declining requests received. */
export const zelleRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));
  const money = moneyRoute(rateLimit);
  const limited = rateLimit ? { config: { rateLimit } } : {};

  // Send and request read the same form; each answers with what it made.
  const sendOrRequest = [
    ['/zelle/send', sendZelle, zelleSent],
    ['/zelle/request', requestZelle, zelleRequested],
  ] as const;
  for (const [url, run, answer] of sendOrRequest) {
    app.post(
      url,
      { schema: { body: zelleBody, response: { 201: answer } }, ...money },
      async (request, reply) =>
        sendKeyedMoneyCommand(ctx, request, reply, (identity) => {
          const input = {
            ...readZelleForm(request.customerId, formFields(request.body)),
            // A payment to a contact never paid before needs step-up (see stagePayment).
            requireStepUp: () => requireStepUp(request),
          };
          return run(ctx, input, identity, commandMetadata(request));
        }),
    );
  }

  app.post(
    '/zelle/split',
    { schema: { body: splitBody, response: { 201: zelleSplit } }, ...money },
    async (request, reply) =>
      sendKeyedMoneyCommand(ctx, request, reply, (identity) =>
        splitZelle(
          ctx,
          readSplitForm(request.customerId, request.body ?? {}),
          identity,
          commandMetadata(request),
        ),
      ),
  );

  app.post(
    '/zelle/requests/:id/pay',
    { schema: { params: uuidParam, body: payBody, response: { 200: zelleSent } }, ...money },
    async (request, reply) => {
      const body = formFields(request.body);
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
        {
          customerId: request.customerId,
          requestId: request.params.id,
          accountId,
          requireStepUp: () => requireStepUp(request),
        },
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );

  app.post(
    '/zelle/requests/:id/decline',
    {
      schema: { params: uuidParam, body: formBody({}), response: { 200: zelleRequestDeclined } },
      ...money,
    },
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

  app.post(
    '/zelle/claims/code',
    { schema: { body: claimBody, response: { 201: zelleClaimCodeSent } }, ...limited },
    async (request, reply) => {
      const errors = new FormErrors();
      const kind = readKind(errors, formFields(request.body));
      errors.throwIfAny();
      const sent = await requestClaimCode(ctx, request.customerId, kind);
      return reply
        .code(201)
        .send(ok(sent, `We sent a 6-digit code to ${sent.sent_to}. It expires in 15 minutes.`));
    },
  );

  app.post(
    '/zelle/claims',
    { schema: { body: claimBody, response: { 200: zelleClaimed } }, ...money },
    async (request, reply) => {
      const body = formFields(request.body);
      const errors = new FormErrors();
      const kind = readKind(errors, body);
      const code = textOf(body.code);
      if (!/^\d{6}$/.test(code)) errors.add('code', CLAIM_MESSAGES.code);
      errors.throwIfAny();
      const outcome = await claimWithCode(
        ctx,
        { customerId: request.customerId, kind, code },
        requestIdentity(request),
        commandMetadata(request),
      );
      return sendMoneyReply(reply, outcome);
    },
  );
};
