import { savedRecipientReply, successWithoutData } from '@bank/contracts';
import { ok, requireCustomer, requireStepUp, uuidParam } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommandContext } from '../services/context.ts';
import { removeRecipient, renameRecipient, saveRecipient } from '../services/saved-recipients.ts';
import { commandMetadata, markConsistency } from './command-reply.ts';
import { FormErrors, formBody, formDigits, formText, textOf, type Body } from './money-input.ts';
import { transferReaders } from './transfer-form.ts';

const NICKNAME_MAX = 50;
const MESSAGES = {
  type: 'Please choose external-bank or sepa',
  nickname: `The nickname may not be greater than ${NICKNAME_MAX} characters.`,
  nicknameRequired: 'Please enter a nickname',
} as const;

function readNickname(errors: FormErrors, body: Body, required: boolean): string {
  const nickname = textOf(body.nickname);
  if (required && nickname === '') errors.add('nickname', MESSAGES.nicknameRequired);
  if (nickname.length > NICKNAME_MAX) errors.add('nickname', MESSAGES.nickname);
  return nickname;
}

/**
 * The address book of external and SEPA recipients: add (after step-up: a new recipient is where
 * a hijacked session would send money), rename and delete. The list is read on the query side.
 */
export const savedRecipientRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));

  app.post(
    '/transfers/recipients',
    {
      schema: {
        body: formBody({
          type: formText,
          nickname: formText,
          recipientName: formText,
          bankName: formText,
          accountNumber: formDigits,
          routingNumber: formDigits,
          iban: formText,
          swiftCode: formText,
          country: formText,
        }),
        response: { 201: savedRecipientReply },
      },
    },
    async (request, reply) => {
      requireStepUp(request);
      const body = (request.body ?? {}) as Body;
      const errors = new FormErrors();
      const type = textOf(body.type);
      const nickname = readNickname(errors, body, false);
      let destination;
      if (type === 'external-bank') {
        destination = transferReaders['external-bank'](errors, body);
      } else if (type === 'sepa') {
        // A saved SEPA recipient has no purpose yet: that is chosen with each transfer.
        destination = transferReaders.sepa(errors, { ...body, purposeOfPayment: 'OTHR' });
      } else errors.add('type', MESSAGES.type);
      errors.throwIfAny();
      if (!destination || (destination.type !== 'external-bank' && destination.type !== 'sepa')) {
        throw new Error('unreachable');
      }
      const outcome = await saveRecipient(
        ctx,
        request.customerId,
        { nickname, destination },
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.code(201).send(ok({ recipient: outcome.result }, 'Recipient saved'));
    },
  );

  app.put(
    '/transfers/recipients/:id',
    {
      schema: {
        params: uuidParam,
        body: formBody({ nickname: formText }),
        response: { 200: successWithoutData },
      },
    },
    async (request, reply) => {
      const errors = new FormErrors();
      const nickname = readNickname(errors, (request.body ?? {}) as Body, true);
      errors.throwIfAny();
      const outcome = await renameRecipient(
        ctx,
        request.customerId,
        request.params.id,
        nickname,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok(null, 'Recipient renamed'));
    },
  );

  app.delete(
    '/transfers/recipients/:id',
    { schema: { params: uuidParam, response: { 200: successWithoutData } } },
    async (request, reply) => {
      const outcome = await removeRecipient(
        ctx,
        request.customerId,
        request.params.id,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return reply.send(ok(null, 'Recipient deleted'));
    },
  );
};
