import { amountCents, dollars, sentBy, type Generator } from './plan.ts';

export const billPayNow: Generator = (rng, _world, from) => {
  // Rent- and tax-sized bills now and then, so a day's bill pay can reach its limit.
  const amount = rng.chance(0.15) ? rng.int(2_000_00, 9_000_00) : amountCents(rng, 1);
  return {
    ...sentBy(from, 'bill-pay-now', '/api/bill-payments/schedule'),
    body: { payee_id: from.payeeId, from_account_id: from.checking.id, amount: dollars(amount) },
    posts: true,
    effects: (reply) =>
      reply.body?.data?.payment?.status === 'completed'
        ? [
            { type: 'available', accountId: from.checking.id, cents: -amount },
            { type: 'limit', customerId: from.customerId, channel: 'bill-pay', cents: amount },
          ]
        : [],
  };
};

/** A payment dated a few days ahead: nothing moves until then (past the end of the run). */
export const billPayScheduled: Generator = (rng, _world, from) => {
  const amount = amountCents(rng, 1);
  const date = new Date(Date.now() + rng.int(3, 20) * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    ...sentBy(from, 'bill-pay-scheduled', '/api/bill-payments/schedule'),
    body: {
      payee_id: from.payeeId,
      from_account_id: from.checking.id,
      amount: dollars(amount),
      scheduled_date: date,
    },
    posts: false,
    effects: () => [],
  };
};
