import type { Reply } from './sim-bank.ts';
import { amountCents, cents, dollars, other, sentBy, type Generator } from './plan.ts';
import type { Customer, World } from './world.ts';

/** A send to, or a request of, another customer by email, from the sender's checking account. */
const zelleBody = (from: Customer, to: Customer, amount: number) => ({
  bank_account_id: from.checking.id,
  recipient_name: to.name,
  recipient_email: to.email,
  amount: dollars(amount),
});

export const zelleSend: Generator = (rng, world, from) => {
  const to = other(rng, world, from);
  const amount = amountCents(rng, 1);
  return {
    ...sentBy(from, 'zelle-send', '/api/zelle/send'),
    body: zelleBody(from, to, Math.min(amount, 5_000_00)),
    posts: true,
    effects: () => {
      const a = Math.min(amount, 5_000_00);
      return [
        { type: 'available', accountId: from.checking.id, cents: -a },
        { type: 'available', accountId: to.checking.id, cents: a },
        { type: 'limit', customerId: from.customerId, channel: 'zelle-send', cents: a },
        { type: 'limit', customerId: to.customerId, channel: 'zelle-receive', cents: a },
      ];
    },
  };
};

/** Zelle to an email nobody enrolled: the money is held until it is claimed or comes back. */
export const zelleSendUnenrolled: Generator = (rng, world, from) => {
  const amount = Math.min(amountCents(rng, 1), 5_000_00);
  return {
    ...sentBy(from, 'zelle-send-unenrolled', '/api/zelle/send'),
    body: {
      bank_account_id: from.checking.id,
      recipient_name: 'Not Yet Enrolled',
      recipient_email: rng.pick(world.unenrolled),
      amount: dollars(amount),
    },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -amount },
      { type: 'limit', customerId: from.customerId, channel: 'zelle-send', cents: amount },
    ],
  };
};

function rememberRequests(world: World, requester: Customer, payers: Customer[], reply: Reply) {
  const data = reply.body?.data ?? {};
  const made: { id: string; amount: number }[] =
    data.requests ?? (data.request ? [data.request] : []);
  made.forEach((r, i) => {
    const payer = payers[i];
    if (!payer || typeof r.id !== 'string') return;
    world.openRequests.push({
      id: r.id,
      amountCents: cents(r.amount),
      requester,
      requesterAccountId: requester.checking.id,
      payer,
    });
  });
}

export const zelleRequest: Generator = (rng, world, from) => {
  const payer = other(rng, world, from);
  const amount = Math.min(amountCents(rng, 1), 5_000_00);
  return {
    ...sentBy(from, 'zelle-request', '/api/zelle/request'),
    body: zelleBody(from, payer, amount),
    posts: false,
    effects: () => [],
    acknowledged: (reply) => rememberRequests(world, from, [payer], reply),
  };
};

export const zelleSplit: Generator = (rng, world, from) => {
  const others = world.customers.filter((c) => c !== from);
  const people = others.filter(() => rng.chance(0.5)).slice(0, 3);
  if (people.length === 0) people.push(rng.pick(others));
  const total = rng.int(2_00, 600_00);
  return {
    ...sentBy(from, 'zelle-split', '/api/zelle/split'),
    body: {
      bank_account_id: from.checking.id,
      total_amount: dollars(total),
      people: people.map((p) => ({ name: p.name, contact: p.email })),
    },
    posts: false,
    effects: () => [],
    acknowledged: (reply) => rememberRequests(world, from, people, reply),
  };
};

/** The customer pays a request someone asked of them (any open one, maybe already being paid). */
export const zellePay: Generator = (rng, world, from) => {
  const mine = world.openRequests.filter((r) => r.payer === from);
  if (mine.length === 0) return undefined;
  const request = rng.pick(mine);
  return {
    ...sentBy(from, 'zelle-pay', `/api/zelle/requests/${request.id}/pay`),
    body: { bank_account_id: from.checking.id },
    posts: true,
    once: `zelle-request:${request.id}`,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -request.amountCents },
      { type: 'available', accountId: request.requesterAccountId, cents: request.amountCents },
      {
        type: 'limit',
        customerId: from.customerId,
        channel: 'zelle-send',
        cents: request.amountCents,
      },
      {
        type: 'limit',
        customerId: request.requester.customerId,
        channel: 'zelle-receive',
        cents: request.amountCents,
      },
    ],
    acknowledged: () => {
      world.openRequests = world.openRequests.filter((r) => r !== request);
    },
  };
};
