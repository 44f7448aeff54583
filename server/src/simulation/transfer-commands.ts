import { moneyRules } from '@bank/events';
import { amountCents, dollars, other, sentBy, type Generator } from './plan.ts';

export const transferOwn: Generator = (rng, _world, from) => {
  const [a, b] = rng.chance(0.6) ? [from.checking, from.savings] : [from.savings, from.checking];
  const amount = amountCents(rng);
  return {
    ...sentBy(from, 'transfer-own', '/api/transfers/between-accounts'),
    body: { fromAccount: a.id, toAccount: b.id, amount: dollars(amount), memo: 'sim' },
    posts: true,
    effects: () => [
      { type: 'available', accountId: a.id, cents: -amount },
      { type: 'available', accountId: b.id, cents: amount },
      { type: 'limit', customerId: from.customerId, channel: 'between-accounts', cents: amount },
    ],
  };
};

export const transferCustomer: Generator = (rng, world, from) => {
  const to = other(rng, world, from);
  const amount = amountCents(rng);
  return {
    ...sentBy(from, 'transfer-customer', '/api/transfers/same-bank'),
    body: { fromAccount: from.checking.id, recipientEmail: to.email, amount: dollars(amount) },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -amount },
      { type: 'available', accountId: to.checking.id, cents: amount },
      { type: 'limit', customerId: from.customerId, channel: 'same-bank', cents: amount },
    ],
  };
};

export const transferExternal: Generator = (rng, _world, from) => {
  const amount = amountCents(rng);
  const fee = moneyRules.transferFees['external-bank'];
  return {
    ...sentBy(from, 'transfer-external', '/api/transfers/external-bank'),
    body: {
      fromAccount: from.checking.id,
      amount: dollars(amount),
      recipientName: 'Outside Payee',
      bankName: 'Other Bank',
      // Never ending in 0000: the simulated network rejects those later, on its own schedule.
      accountNumber: String(rng.int(10_000_001, 99_999_999)),
      routingNumber: '021000021',
    },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -(amount + fee) },
      { type: 'limit', customerId: from.customerId, channel: 'external-bank', cents: amount },
    ],
  };
};

export const transferSepa: Generator = (rng, _world, from) => {
  const amount = amountCents(rng);
  const fee = moneyRules.transferFees.sepa;
  return {
    ...sentBy(from, 'transfer-sepa', '/api/wire-transfers/sepa'),
    body: {
      fromAccount: from.checking.id,
      amount: dollars(amount),
      recipientName: 'Empfänger GmbH',
      iban: 'DE89370400440532013000',
      bankName: 'Commerzbank',
      country: 'DE',
      purposeOfPayment: rng.pick(['FAMI', 'SALA', 'TRAD']),
    },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -(amount + fee) },
      { type: 'limit', customerId: from.customerId, channel: 'sepa', cents: amount },
    ],
  };
};

export const wireDomestic: Generator = (rng, _world, from) => {
  const amount = amountCents(rng);
  const fee = moneyRules.transferFees['domestic-wire'];
  return {
    ...sentBy(from, 'wire-domestic', '/api/wire-transfers/domestic'),
    body: {
      fromAccount: from.checking.id,
      amount: dollars(amount),
      recipientName: 'Title Company',
      bankName: 'Other Bank',
      accountNumber: String(rng.int(10_000_001, 99_999_999)),
      routingNumber: '021000021',
      recipientAddress: '1 Main St, Boston MA',
      purposeOfPayment: rng.pick(['property', 'business', 'other']),
    },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -(amount + fee) },
      { type: 'limit', customerId: from.customerId, channel: 'domestic-wire', cents: amount },
    ],
  };
};

export const wireInternational: Generator = (rng, _world, from) => {
  const amount = amountCents(rng);
  const fee = moneyRules.transferFees['international-wire'];
  return {
    ...sentBy(from, 'wire-international', '/api/wire-transfers/international'),
    body: {
      fromAccount: from.checking.id,
      amount: dollars(amount),
      recipientName: 'Overseas Supplier',
      bankName: 'HSBC',
      accountNumber: String(rng.int(100_000_001, 999_999_999)),
      swiftCode: 'HSBCHKHH',
      recipientAddress: '1 Queen’s Road, Hong Kong',
      purposeOfPayment: rng.pick(['family_support', 'business', 'education']),
    },
    posts: true,
    effects: () => [
      { type: 'available', accountId: from.checking.id, cents: -(amount + fee) },
      { type: 'limit', customerId: from.customerId, channel: 'international-wire', cents: amount },
    ],
  };
};
