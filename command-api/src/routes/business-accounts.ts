import {
  BUSINESS_MESSAGES,
  BUSINESS_TYPES,
  checkBusinessName,
  checkEin,
  type BusinessType,
} from '@bank/contracts/business-account-rules';
import { successOf } from '@bank/contracts';
import { requireCustomer, requireStepUp } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openBusinessAccount } from '../services/business-accounts.ts';
import type { CommandContext } from '../services/context.ts';
import { hashRequest } from '../services/idempotency.ts';
import { commandMetadata, sendMoneyReply } from './command-reply.ts';
import { FormErrors, requestIdentity, textOf } from './money-input.ts';

const businessAccountBody = z.object({
  business_name: z
    .string()
    .max(1000)
    .nullish()
    .describe('The business name: 2 to 100 printable characters, trimmed.'),
  ein: z
    .union([z.string().max(100), z.number()])
    .nullish()
    .describe('Employer Identification Number: 9 digits, as 12-3456789 or 123456789.'),
  business_type: z.string().max(100).nullish().describe(BUSINESS_TYPES.join(', ')),
});

const businessAccountOpened = successOf(
  z.object({
    account: z.object({
      id: z.string(),
      name: z.string(),
      type: z.literal('business'),
      account_type: z.object({ code: z.string(), name: z.string() }),
      formatted_account_number: z.string(),
      routing_number: z.string(),
      balance: z.number(),
      currency: z.string(),
    }),
  }),
);

/** Every field's problem at once, in the form's order, with the product's own messages. */
function checkedInput(body: z.infer<typeof businessAccountBody>) {
  const errors = new FormErrors();
  const name = checkBusinessName(textOf(body.business_name));
  if ('error' in name) errors.add('business_name', name.error);
  const ein = checkEin(textOf(body.ein));
  if ('error' in ein) errors.add('ein', ein.error);
  const type = textOf(body.business_type);
  if (!(BUSINESS_TYPES as readonly string[]).includes(type)) {
    errors.add('business_type', BUSINESS_MESSAGES.typeRequired);
  }
  errors.throwIfAny();
  return {
    businessName: (name as { name: string }).name,
    ein: (ein as { digits: string }).digits,
    businessType: type as BusinessType,
  };
}

/** A signed-in customer opens a business checking account for a business they act for. */
export const businessAccountRoutes: FastifyPluginAsyncZod<{ ctx: CommandContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));

  app.post(
    '/accounts/business',
    {
      schema: {
        summary: 'Open a business checking account ($0.00, no monthly fee); needs a step-up',
        body: businessAccountBody,
        response: { 201: businessAccountOpened },
      },
    },
    async (request, reply) => {
      // Opening an account in someone's name is sensitive: a stale session proves it again.
      requireStepUp(request);
      const input = checkedInput(request.body);
      const identity = requestIdentity(request);
      // What the request asks, without the EIN: the hash is kept in clear with the answer, and
      // nine digits are few enough to find from it. Its last four still tell requests apart.
      identity.requestHash = hashRequest(request.method, '/accounts/business', {
        business_name: input.businessName.toLowerCase(),
        business_type: input.businessType,
        ein_last4: input.ein.slice(-4),
      });
      delete identity.otherHashes;
      const outcome = await openBusinessAccount(ctx, identity, commandMetadata(request), input);
      return sendMoneyReply(reply, outcome);
    },
  );
};
