import { randomUUID } from 'node:crypto';
import { catalogue, defaultNotificationPreferences } from '@bank/events';
import { createPgEventStore } from '@bank/infra';
import { expect, it } from 'vitest';
import { rebuildProjection } from '../../runner/rebuild.ts';
import { readModelHash } from '../../toolkit/shadow-rebuild.ts';
import { projectionTest, type GivenEvent } from '../../toolkit/testing.ts';
import {
  accountOpened,
  cardIssued,
  customerRegistered,
  externalTransferInitiated,
  posted,
} from '../given-events.ts';
import { notificationsProjection } from './projection.ts';

const { givenEvents } = projectionTest(notificationsProjection);

/** A small deterministic generator, so a failing log can be run again. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

/**
 * Two customers with two accounts each and alerts set, then postings of every kind the alerts
 * look at, in a random order: money in and out, between a customer's own accounts and to the
 * other customer, card purchases at home and abroad, and alert settings changed midway; among
 * them the notices of transfers and the bank's own messages, and notice preferences switched.
 */
function randomLog(seed: number): GivenEvent[] {
  const rnd = random(seed);
  const customers = [randomUUID(), randomUUID()];
  const accounts = customers.map(() => [randomUUID(), randomUUID()]);
  const alerts = (customerId: string, accountId: string | null) => ({
    type: 'CustomerAlertsChanged' as const,
    data: {
      customerId,
      alerts: {
        lowBalance: { thresholdCents: (1 + rnd.below(5)) * 100_00, accountId },
        largeTransaction: { thresholdCents: (2 + rnd.below(6)) * 100_00 },
        cardAbroad: rnd.below(2) === 0,
      },
    },
  });
  const log: GivenEvent[] = customers.flatMap((customerId, c) => [
    customerRegistered(customerId),
    ...accounts[c]!.map((accountId) => accountOpened(accountId, customerId)),
    alerts(customerId, c === 0 ? null : accounts[c]![0]!),
  ]);
  for (let i = 0; i < 160; i += 1) {
    const c = rnd.below(2);
    const [account, own] = rnd.below(2) === 0 ? accounts[c]! : [...accounts[c]!].reverse();
    const amount = (1 + rnd.below(900)) * 100;
    const roll = rnd.below(26);
    if (roll === 0) log.push(alerts(customers[c]!, rnd.pick([null, account!])));
    else if (roll === 20) {
      log.push({
        type: 'CustomerNotificationPreferencesChanged',
        data: {
          customerId: customers[c]!,
          notificationPreferences: {
            ...defaultNotificationPreferences,
            transaction: rnd.below(2) === 0,
          },
        },
      });
    } else if (roll < 24 && roll > 20) {
      log.push(
        externalTransferInitiated(randomUUID(), customers[c]!, account!, {
          amount,
          status: rnd.pick(['pending', 'completed'] as const),
        }),
      );
    } else if (roll >= 24) {
      log.push({
        type: 'NotificationRaised',
        data: {
          notificationId: randomUUID(),
          customerId: customers[c]!,
          type: rnd.pick(['system', 'transaction'] as const),
          title: 'Statement ready',
          message: 'Your statement is ready.',
          priority: 'low',
        },
      });
    } else if (roll < 7) log.push(posted('credit', account!, amount));
    else if (roll < 10) {
      const contra = `account:${rnd.pick([own!, ...accounts[1 - c]!])}`;
      log.push(posted('debit', account!, amount, { kind: 'transfer', contra }));
      log.push(
        posted('credit', contra.slice('account:'.length), amount, {
          kind: 'transfer',
          contra: `account:${account}`,
        }),
      );
    } else {
      const country = rnd.pick(['US', 'FR', 'JP', 'us']);
      log.push(posted('debit', account!, amount, { metadata: { merchant_country: country } }));
    }
  }
  return log;
}

it('set-based runs of postings and notices leave exactly the rows of the events one at a time', async () => {
  const titles = new Set<string>();
  for (const seed of [1, 2, 3, 4]) {
    const pool = await givenEvents(randomLog(seed)).pool('app');
    const setBased = await readModelHash(pool, notificationsProjection);
    const { rows } = await pool.query<{ title: string }>(
      'SELECT DISTINCT title FROM rm_notifications',
    );
    for (const { title } of rows) titles.add(title);
    // A copy with its own handlers object runs without the set-based form.
    const oneByOne = {
      ...notificationsProjection,
      handlers: { ...notificationsProjection.handlers },
    };
    await rebuildProjection(pool, createPgEventStore(pool, { reader: catalogue }), oneByOne);
    expect(await readModelHash(pool, notificationsProjection), `seed ${seed}`).toEqual(setBased);
  }
  expect([...titles]).toEqual(
    expect.arrayContaining([
      'Card used abroad',
      'Deposit received',
      'Large transaction',
      'Low balance',
      'Money received',
      'Statement ready',
      'Transfer pending',
      'Transfer sent',
    ]),
  );
});

it("raises no large-transaction alert for money moved between a customer's own accounts", async () => {
  const [alex, bea] = [randomUUID(), randomUUID()];
  const [checking, savings, beas] = [randomUUID(), randomUUID(), randomUUID()];
  const large = {
    type: 'CustomerAlertsChanged' as const,
    data: {
      customerId: alex,
      alerts: { lowBalance: null, largeTransaction: { thresholdCents: 100_00 }, cardAbroad: false },
    },
  };
  const transfer = (from: string, to: string, amount: number) => [
    posted('debit', from, amount, { kind: 'transfer', contra: `account:${to}` }),
    posted('credit', to, amount, { kind: 'transfer', contra: `account:${from}` }),
  ];
  const pool = await givenEvents([
    customerRegistered(alex),
    customerRegistered(bea),
    accountOpened(checking, alex),
    accountOpened(savings, alex),
    accountOpened(beas, bea),
    large,
    ...transfer(checking, savings, 500_00),
    ...transfer(checking, beas, 300_00),
  ]).pool('app');
  const { rows } = await pool.query<{ title: string; message: string }>(
    `SELECT title, message FROM rm_notifications WHERE customer_id = $1 AND title = 'Large transaction'`,
    [alex],
  );
  expect(rows.map((r) => r.message)).toEqual([expect.stringMatching(/^\$300\.00 was taken from/)]);
});

it('a rebuild gives the same security notices of profile changes and card deliveries, and the business account notice', async () => {
  const customerId = randomUUID();
  const update = (data: Record<string, unknown>) => ({
    type: 'CustomerProfileUpdated' as const,
    streamId: `customer-${customerId}`,
    data: { customerId, ...data },
  });
  const checking = randomUUID();
  const pool = await givenEvents([
    customerRegistered(customerId),
    accountOpened(checking, customerId),
    update({ name: 'Ada Moreno', address: '12 Harbor Road', city: 'Portland' }),
    update({ address: '9 Wharf St', email: 'ada@new.example', contactsToProve: ['email'] }),
    cardIssued(customerId, checking, { deliveryAddress: '12 Harbor Road, Portland, ME 04101' }),
    cardIssued(customerId, checking, { deliveryAddress: '9 Wharf St, Portland, ME 04101' }),
    accountOpened(randomUUID(), customerId, { type: 'business', accountNumber: '200000008989' }),
    update({ address: '9 WHARF ST', phone: '+15555550123', contactsToProve: ['phone'] }),
  ]).pool('app');
  const rows = () =>
    pool.query<{ id: string; title: string; message: string }>(
      'SELECT id, title, message FROM rm_notifications WHERE customer_id = $1 ORDER BY position, title',
      [customerId],
    );
  const live = (await rows()).rows;
  expect(live.map((r) => r.title)).toEqual([
    'Profile updated',
    'Email changed',
    'Mailing address changed',
    'Card sent to another address',
    'Business checking opened',
    'Phone changed',
  ]);
  const hash = await readModelHash(pool, notificationsProjection);
  await rebuildProjection(
    pool,
    createPgEventStore(pool, { reader: catalogue }),
    notificationsProjection,
  );
  expect((await rows()).rows).toEqual(live);
  expect(await readModelHash(pool, notificationsProjection)).toEqual(hash);
});
