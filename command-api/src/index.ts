import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from '@bank/infra';
import { authRoutes } from './routes/auth.ts';
import { billPayCommandRoutes } from './routes/bill-pay.ts';
import { businessAccountRoutes } from './routes/business-accounts.ts';
import { cardRoutes } from './routes/cards.ts';
import { cryptoCommandRoutes, cryptoOpsCommandRoutes } from './routes/crypto.ts';
import { notificationCommandRoutes } from './routes/notifications.ts';
import { opsAuditorRoutes } from './routes/ops-auditors.ts';
import { opsCommandRoutes } from './routes/ops.ts';
import { opsFailedJobRoutes } from './routes/ops-failed-jobs.ts';
import { opsParkedEventRoutes } from './routes/ops-parked-events.ts';
import { opsSupportRoutes } from './routes/ops-support.ts';
import { alertRoutes } from './routes/alerts.ts';
import { limitMoneyPerCustomer } from './routes/money-rate-limit.ts';
import { pendingCancelRoutes } from './routes/pending-cancel.ts';
import { personalFinanceRoutes } from './routes/personal-finance.ts';
import { profileRoutes } from './routes/profile.ts';
import { publicRoutes } from './routes/public.ts';
import { savedRecipientRoutes } from './routes/saved-recipients.ts';
import { scheduledTransferRoutes } from './routes/scheduled-transfers.ts';
import { supportRoutes } from './routes/support.ts';
import { transferRoutes } from './routes/transfers.ts';
import { zelleRoutes } from './routes/zelle.ts';
import type { CommandContext } from './services/context.ts';

export { createCommandBus, type CommandBus } from './kernel/command-bus.ts';
export { BANK_ROUTING_NUMBER, type CommandContext } from './services/context.ts';
export { registerCustomer, DEFAULT_ACCOUNTS } from './services/registration.ts';
export { destinationHashesOf } from './services/saved-recipients.ts';
export { tellerCash, accountIdByNumber } from './services/deposits.ts';
export { claimWithCode, requestClaimCode } from './services/zelle-claims.ts';
export { markEverythingReadAsTheBank } from './services/notifications.ts';
export { applyForCard } from './services/cards.ts';
export { addPayee, billPayStreams } from './services/bill-pay.ts';
export { CONSISTENCY_HEADER } from './routes/command-reply.ts';
export * from './jobs/index.ts';
export { billPayJobModule } from './jobs/bill-pay-jobs.ts';
export { cryptoJobModule } from './jobs/crypto-jobs.ts';
export { refreshPrices } from './services/crypto.ts';
export { moneyJobModule } from './jobs/money-jobs.ts';
export { announceStatements, statementJobModule } from './jobs/statement-jobs.ts';
export { interestJobModule, payMonthlyInterest } from './jobs/interest-jobs.ts';

export interface CommandApiOptions {
  ctx: CommandContext;
  /** Per-route rate limits for sign-in, registration and money movement (needs @fastify/rate-limit). */
  rateLimits?: {
    auth?: object;
    money?: object;
    upload?: object;
    writes?: object;
    contact?: object;
    /** Per customer: new support tickets. */
    tickets?: object;
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Gives every state-changing route without a limit of its own the customer's writes limit,
 * counted per signed-in customer (after the route's sign-in check, which names them), or per
 * address where nobody is signed in. Staff routes under /ops are left to the ops token.
 */
function limitOtherWrites(app: FastifyInstance, limit: object | undefined) {
  if (!limit || !app.hasDecorator('rateLimit')) return;
  const counted = app.rateLimit({
    ...limit,
    keyGenerator: (request: FastifyRequest) =>
      request.customerId ? `customer:${request.customerId}` : `address:${clientOf(request.ip)}`,
  });
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    if (route.config && 'rateLimit' in route.config) return;
    if (/\/ops(\/|$)/.test(route.url)) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), counted];
  });
}

/** Every state-changing route of the /api surface (mount under the /api prefix). */
export const commandApi: FastifyPluginAsyncZod<CommandApiOptions> = async (
  app,
  { ctx, rateLimits },
) => {
  limitOtherWrites(app, rateLimits?.writes);
  limitMoneyPerCustomer(app, rateLimits?.money);
  await app.register(authRoutes, {
    ctx,
    rateLimit: rateLimits?.auth,
    protectiveRateLimit: rateLimits?.writes,
  });
  await app.register(publicRoutes, { ctx, rateLimit: rateLimits?.contact ?? rateLimits?.auth });
  await app.register(profileRoutes, { ctx, uploadRateLimit: rateLimits?.upload });
  await app.register(notificationCommandRoutes, { ctx });
  await app.register(opsCommandRoutes, { ctx });
  await app.register(opsParkedEventRoutes, { ctx });
  await app.register(opsFailedJobRoutes, { ctx });
  await app.register(opsAuditorRoutes, { ctx });
  await app.register(billPayCommandRoutes, { ctx, rateLimit: rateLimits?.money });
  await app.register(cryptoCommandRoutes, { ctx, rateLimit: rateLimits?.money });
  await app.register(cryptoOpsCommandRoutes, { ctx });
  await app.register(cardRoutes, { ctx, secretsRateLimit: rateLimits?.auth });
  await app.register(supportRoutes, { ctx, newTicketRateLimit: rateLimits?.tickets });
  await app.register(opsSupportRoutes, { ctx });
  await app.register(transferRoutes, { ctx, rateLimit: rateLimits?.money });
  await app.register(scheduledTransferRoutes, { ctx, rateLimit: rateLimits?.money });
  await app.register(savedRecipientRoutes, { ctx });
  await app.register(zelleRoutes, { ctx, rateLimit: rateLimits?.money });
  await app.register(pendingCancelRoutes, { ctx, rateLimit: rateLimits?.money });
  await app.register(personalFinanceRoutes, { ctx });
  await app.register(businessAccountRoutes, { ctx });
  await app.register(alertRoutes, { ctx });
};
