import type { FastifyInstance } from 'fastify';
import { perCustomerLimit } from './customer-rate-limit.ts';

/**
 * Counts every money request against the signed-in customer as well as against the address it
 * came from. The address limit alone let one customer, from many addresses, create as many
 * movements as the daily amounts allowed (3,000 in half a minute from 30 addresses), and each
 * of them lengthens that customer's statements and receipts. The customer's count is taken after
 * the route's sign-in check, which names them; staff routes under /ops are left to the ops token.
 *
 * Only the routes that move value count (the money pipeline's): the others that carry the money
 * limit per address (a Zelle claim code, a lookup) are not movements, and a customer proving their
 * contacts must not use up the day's transfers.
 */
export function limitMoneyPerCustomer(app: FastifyInstance, limit: object | undefined) {
  // Its own counter, apart from the customer's other writes (same store, another key).
  const counted = perCustomerLimit(app, limit, 'money-customer');
  if (!counted) return;
  app.addHook('onRoute', (route) => {
    const config = route.config as { moneyPipeline?: true } | undefined;
    if (!config?.moneyPipeline) return;
    if (/\/ops(\/|$)/.test(route.url)) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), counted];
  });
}
