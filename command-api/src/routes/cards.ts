import {
  CARD_LIMIT_MESSAGES,
  CARD_MESSAGES,
  PIN_LENGTH,
  PIN_PATTERN,
  isGuessablePin,
  cardChanged,
  revealedCard,
  successWithoutData,
} from '@bank/contracts';
import { readDollars, TOO_LARGE } from '@bank/events';
import {
  consistentReads,
  multilineText,
  notFound,
  ok,
  requireCustomer,
  requireStepUp,
  uuidParam,
} from '@bank/infra';
import { cardView, readCard, readModelsNamed } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCardNumber } from '../domain/cards/card-number.ts';
import {
  applyForCard,
  changeCardLimits,
  changeCardPin,
  changeCardSettings,
  reportCardLostOrStolen,
  revealCardDetails,
  toggleCardLock,
  wrongCurrentPinRefusal,
} from '../services/cards.ts';
import type { CommandContext } from '../services/context.ts';
import { commandMetadata, markConsistency, waitForOwnWrite } from './command-reply.ts';

/** What a card's answer reads. */
const CARD_READS = readModelsNamed('cards');

export const cardRouteMessages = {
  action: 'The action must be lock or unlock.',
  type: 'The type must be lost or stolen.',
  noSetting: 'Please choose at least one setting to change.',
  noLimit: 'Please enter a daily ATM limit or a daily purchase limit.',
} as const;

/** An absent body reads as an empty object, so each missing field gets its own message. */
const body = <T extends z.ZodRawShape>(shape: T) => z.preprocess((v) => v ?? {}, z.object(shape));

/**
 * A daily limit in dollars (a number, or numeric text from a form) with at most 2 decimals,
 * turned into cents. Empty means "keep the current limit", as the screen falls back to it.
 */
const dailyLimit = (messages: (typeof CARD_LIMIT_MESSAGES)[keyof typeof CARD_LIMIT_MESSAGES]) =>
  z
    .union([z.number(), z.string().trim()], { error: messages.format })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return undefined;
      const number = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'string' && !/^\d+(\.\d+)?$/.test(value)) {
        // A negative amount is an amount, just not one a limit can be.
        const negative = /^-\d+(\.\d+)?$/.test(value);
        ctx.addIssue({ code: 'custom', message: negative ? messages.positive : messages.format });
        return z.NEVER;
      }
      if (number <= 0) {
        ctx.addIssue({ code: 'custom', message: messages.positive });
        return z.NEVER;
      }
      const cents = readDollars(value);
      // Well written but past any limit (1e15): refused as a limit over the highest is.
      if (cents === TOO_LARGE) {
        ctx.addIssue({ code: 'custom', message: messages.tooHigh });
        return z.NEVER;
      }
      if (cents === undefined) {
        ctx.addIssue({ code: 'custom', message: messages.decimals });
        return z.NEVER;
      }
      return cents;
    });

/** Left out: asked for; given as something other than text (a number drops leading zeros): its form. */
const pinText = (requiredMessage: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? requiredMessage
          : CARD_MESSAGES.pinFormat,
    })
    .min(1, requiredMessage);

const pin = (requiredMessage: string) =>
  pinText(requiredMessage)
    .regex(PIN_PATTERN, CARD_MESSAGES.pinFormat)
    .refine((v) => !isGuessablePin(v), CARD_MESSAGES.pinGuessable);

const applyBody = body({
  agreed_to_terms: z
    .boolean({ error: CARD_MESSAGES.terms })
    .refine((v) => v === true, CARD_MESSAGES.terms),
  delivery_address: z
    .string()
    .trim()
    .max(255, 'The delivery address must not be greater than 255 characters.')
    .nullish()
    .transform((v) => v ?? ''),
  express_delivery: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

const toggleLockBody = body({
  action: z.enum(['lock', 'unlock'], { error: cardRouteMessages.action }),
  reason: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((v) => v ?? ''),
});

const reportBody = body({
  description: multilineText(z.string().trim().max(1000))
    .nullish()
    .transform((v) => v ?? ''),
  type: z
    .enum(['lost', 'stolen'], { error: cardRouteMessages.type })
    .nullish()
    .transform((v) => v ?? 'lost'),
});

const settingsBody = body({
  transaction_alerts: z.boolean().optional(),
  international_transactions: z.boolean().optional(),
  contactless_enabled: z.boolean().optional(),
}).refine(
  (b) =>
    b.transaction_alerts !== undefined ||
    b.international_transactions !== undefined ||
    b.contactless_enabled !== undefined,
  { message: cardRouteMessages.noSetting, path: ['settings'] },
);

const limitsBody = body({
  daily_atm_limit: dailyLimit(CARD_LIMIT_MESSAGES.daily_atm_limit),
  daily_purchase_limit: dailyLimit(CARD_LIMIT_MESSAGES.daily_purchase_limit),
}).refine((b) => b.daily_atm_limit !== undefined || b.daily_purchase_limit !== undefined, {
  message: cardRouteMessages.noLimit,
  path: ['daily_atm_limit'],
});

const pinBody = body({
  current_pin: z.string().max(PIN_LENGTH, CARD_MESSAGES.currentPinWrong).nullish(),
  new_pin: pin(CARD_MESSAGES.newPinRequired),
  confirm_pin: pinText(CARD_MESSAGES.confirmRequired),
}).refine((b) => b.new_pin === b.confirm_pin, {
  message: CARD_MESSAGES.pinsDoNotMatch,
  path: ['confirm_pin'],
});

/**
 * Card commands, and GET /cards/{id}: the one read that reveals the full number and CVV, served
 * here because decrypting needs the secret box, which only the command side holds.
 */
export const cardRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  /**
   * Per client address, on the two routes that reach a card's secrets: the details read that
   * shows the full number and CVV, and the PIN change.
   */
  secretsRateLimit?: object;
}> = async (app, { ctx, secretsRateLimit }) => {
  const secretsLimited = secretsRateLimit ? { config: { rateLimit: secretsRateLimit } } : {};
  app.addHook('onRequest', requireCustomer(ctx.sessions));

  const answerWithCard = async (
    customerId: string,
    cardId: string,
    position: Parameters<typeof waitForOwnWrite>[1],
    message: string,
  ) => {
    await waitForOwnWrite(ctx.pool, position, CARD_READS);
    const row = await readCard(ctx.pool, customerId, cardId);
    if (!row) throw notFound();
    return ok({ card: cardView(row) }, message);
  };

  app.get(
    '/cards/:id',
    {
      schema: { params: uuidParam, response: { 200: revealedCard } },
      // A read like the query API's: a token never issued gets 400 at once, not a wait.
      preHandler: consistentReads(ctx.pool, CARD_READS),
      ...secretsLimited,
    },
    async (request, reply) => {
      const row = await readCard(ctx.pool, request.customerId, request.params.id);
      if (!row) throw notFound();
      const revealable = row.status === 'active' || row.status === 'locked';
      if (revealable) requireStepUp(request);
      const revealed = revealable ? revealCardDetails(ctx, row) : null;
      // Card numbers must not linger in browser or proxy caches.
      reply.header('cache-control', 'no-store');
      return ok(
        {
          card: {
            ...cardView(row),
            full_details: revealed
              ? {
                  formatted_card_number: formatCardNumber(revealed.number),
                  cvv: revealed.cvv,
                  expiry_date: row.expiry_date,
                }
              : null,
          },
        },
        'Card details retrieved successfully',
      );
    },
  );

  app.post(
    '/cards/:id/apply',
    { schema: { params: uuidParam, body: applyBody, response: { 201: cardChanged } } },
    async (request, reply) => {
      const outcome = await applyForCard(
        ctx,
        request.customerId,
        request.params.id,
        {
          deliveryAddress: request.body.delivery_address,
          expressDelivery: request.body.express_delivery,
        },
        commandMetadata(request),
        () => requireStepUp(request),
      );
      markConsistency(reply, outcome);
      return reply
        .code(201)
        .send(
          await answerWithCard(
            request.customerId,
            request.params.id,
            outcome.appended?.position,
            'Card application approved! Your new card is active and on its way.',
          ),
        );
    },
  );

  app.post(
    '/cards/:id/toggle-lock',
    { schema: { params: uuidParam, body: toggleLockBody, response: { 200: cardChanged } } },
    async (request, reply) => {
      const { action, reason } = request.body;
      // A customer locks a card they may have lost: a stolen session must not be able to put it
      // back in use. Locking stays one tap away.
      if (action === 'unlock') requireStepUp(request);
      const outcome = await toggleCardLock(
        ctx,
        request.customerId,
        request.params.id,
        action,
        reason,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return answerWithCard(
        request.customerId,
        request.params.id,
        outcome.appended?.position,
        action === 'lock' ? 'Card locked successfully' : 'Card unlocked successfully',
      );
    },
  );

  app.post(
    '/cards/:id/report-lost-stolen',
    { schema: { params: uuidParam, body: reportBody, response: { 200: cardChanged } } },
    async (request, reply) => {
      const outcome = await reportCardLostOrStolen(
        ctx,
        request.customerId,
        request.params.id,
        request.body.type,
        request.body.description,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return answerWithCard(
        request.customerId,
        request.params.id,
        outcome.appended?.position,
        `Card reported ${request.body.type} and deactivated. You can apply for a replacement card.`,
      );
    },
  );

  app.put(
    '/cards/:id/settings',
    { schema: { params: uuidParam, body: settingsBody, response: { 200: cardChanged } } },
    async (request, reply) => {
      const b = request.body;
      const outcome = await changeCardSettings(
        ctx,
        request.customerId,
        request.params.id,
        {
          transactionAlerts: b.transaction_alerts,
          internationalTransactions: b.international_transactions,
          contactlessEnabled: b.contactless_enabled,
        },
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return answerWithCard(
        request.customerId,
        request.params.id,
        outcome.appended?.position,
        'Card settings updated successfully',
      );
    },
  );

  app.put(
    '/cards/:id/limits',
    { schema: { params: uuidParam, body: limitsBody, response: { 200: cardChanged } } },
    async (request, reply) => {
      const outcome = await changeCardLimits(
        ctx,
        request.customerId,
        request.params.id,
        {
          dailyAtmLimit: request.body.daily_atm_limit,
          dailyPurchaseLimit: request.body.daily_purchase_limit,
        },
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return answerWithCard(
        request.customerId,
        request.params.id,
        outcome.appended?.position,
        'Card limits updated successfully',
      );
    },
  );

  app.put(
    '/cards/:id/pin',
    {
      schema: { params: uuidParam, body: pinBody, response: { 200: successWithoutData } },
      ...secretsLimited,
    },
    async (request, reply) => {
      const outcome = await changeCardPin(
        ctx,
        request.customerId,
        request.params.id,
        { currentPin: request.body.current_pin ?? undefined, newPin: request.body.new_pin },
        commandMetadata(request),
        () => requireStepUp(request),
      );
      markConsistency(reply, outcome);
      const refusal = wrongCurrentPinRefusal(outcome);
      if (refusal) throw refusal;
      return reply.send(ok(null, 'PIN changed successfully'));
    },
  );
};
