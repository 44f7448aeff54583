import { catalogue, streams } from '@bank/events';
import {
  createPgEventStore,
  createPool,
  type EventStore,
  type Pool,
  type RecordedEvent,
} from '@bank/infra';
import { createTestDatabase, Prng } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_CLOSED,
  accountAggregate,
  type AccountCommand,
} from '../domain/account/account.ts';
import { planAccount, planInternalPosting } from '../domain/transfers/posting.ts';
import { appendPlan } from '../services/transfers.ts';
import { foldRecorded } from './aggregate.ts';
import { createCommandBus, type CommandBus } from './command-bus.ts';

/**
 * A credit is decided on the recipient's account as loaded and appended without waiting for its
 * version to hold (so payments to one account do not make each other retry). The account's close
 * landing in between must still refuse it: nothing is ever credited to a closed account, the
 * sender keeps the money, and the books balance. Three "processes" share the database, as the
 * scale mode's do: two whose store chains the hashes (each knowing only its own heads) and one
 * whose store appends through append_batch().
 */
let pool: Pool;
const stores: EventStore[] = [];
let chained: CommandBus;
let otherChained: CommandBus;
let inDatabase: CommandBus;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 8);
  for (const hashInDatabase of [false, false, true]) {
    stores.push(createPgEventStore(pool, { reader: catalogue, hashInDatabase }));
  }
  const bus = (store: EventStore) => createCommandBus(store, { maxAttempts: 20 });
  chained = bus(stores[0]!);
  otherChained = bus(stores[1]!);
  inDatabase = bus(stores[2]!);
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await pool.end();
});

const posting = (accountId: string, amount: number, contra: string) => ({
  accountId,
  entryId: crypto.randomUUID(),
  amount,
  description: 'test',
  kind: 'deposit',
  contra,
  reference: 'DEP-1',
});

/** Runs commands on one account, decided on the state it is loaded at. */
const onAccount = (
  bus: CommandBus,
  accountId: string,
  commands: (balance: number) => AccountCommand[],
) =>
  bus.execute({ actor: 'test' }, async (uow) => {
    const stream = streams.account(accountId);
    const account = await uow.load(stream, accountAggregate);
    const { events } = planAccount(account.state, commands(account.state.balance));
    appendPlan(uow, [{ stream, expect: account.version === 0 ? 'new' : 'read', events }]);
  });

async function openAccount(bus: CommandBus, cents: number): Promise<string> {
  const accountId = crypto.randomUUID();
  await onAccount(bus, accountId, () => [
    {
      type: 'Open',
      data: {
        accountId,
        customerId: crypto.randomUUID(),
        accountNumber: '100000000001',
        routingNumber: '021000021',
        name: 'Everyday Checking',
        type: 'checking',
        productCode: 'checking',
        currency: 'USD',
      },
    },
    ...(cents > 0
      ? [{ type: 'Credit' as const, posting: posting(accountId, cents, 'cash:teller') }]
      : []),
  ]);
  return accountId;
}

/** What the erasure does to an account: pays out what is left, then closes it, on the version read. */
const closeOut = (bus: CommandBus, accountId: string) =>
  onAccount(bus, accountId, (balance) => [
    ...(balance > 0
      ? [{ type: 'Debit' as const, posting: posting(accountId, balance, 'cash:teller') }]
      : []),
    { type: 'Close', reason: 'owner_erased' },
  ]);

/**
 * A same-bank transfer's posting, as the money plans stage it. `between` runs after the first
 * attempt loaded both accounts and before it appends: where a close can slip in.
 */
const transfer = (
  bus: CommandBus,
  fromId: string,
  toId: string,
  cents: number,
  between?: () => Promise<unknown>,
) => {
  let attempt = 0;
  return bus.execute({ actor: 'test' }, async (uow) => {
    const from = await uow.load(streams.account(fromId), accountAggregate);
    const to = await uow.load(streams.account(toId), accountAggregate);
    attempt += 1;
    if (attempt === 1) await between?.();
    appendPlan(
      uow,
      planInternalPosting(from.state, to.state, {
        entryId: crypto.randomUUID(),
        amount: cents,
        debitDescription: 'to',
        creditDescription: 'from',
        kind: 'transfer',
        reference: 'TRF-1',
        metadata: {},
      }),
    );
    return attempt;
  });
};

const eventsOf = async (accountId: string): Promise<RecordedEvent[]> =>
  stores[0]!.readStream(streams.account(accountId));
const stateOf = async (accountId: string) =>
  foldRecorded(accountAggregate, await eventsOf(accountId));

/** The types after the account's close, if it was closed. */
const afterClose = (events: RecordedEvent[]) =>
  events.slice(events.findIndex((e) => e.type === 'AccountClosed') + 1).map((e) => e.type);

describe('a credit decided before the recipient account closed and appended after', () => {
  const closers = {
    'the same process': () => chained,
    'another process': () => otherChained,
    'a process appending through append_batch()': () => inDatabase,
  };
  const payers = { 'chained hashes': () => chained, 'append_batch()': () => inDatabase };
  for (const [payerName, payer] of Object.entries(payers)) {
    for (const [closerName, closer] of Object.entries(closers)) {
      it(`is refused (payer: ${payerName}; closed by ${closerName}), and the sender keeps the money`, async () => {
        const sender = await openAccount(payer(), 50_00);
        const recipient = await openAccount(payer(), 0);
        // The payer's store knows the recipient's head (the close may come from elsewhere).
        await transfer(payer(), sender, recipient, 1_00);
        await transfer(payer(), recipient, sender, 1_00);

        // Load recipient -> close it -> append the credit.
        await expect(
          transfer(payer(), sender, recipient, 20_00, () => closeOut(closer(), recipient)),
        ).rejects.toMatchObject({ reason: ACCOUNT_CLOSED });

        expect((await stateOf(sender)).balance).toBe(50_00);
        const events = await eventsOf(recipient);
        expect(events.at(-1)!.type).toBe('AccountClosed');
        expect(await stateOf(recipient)).toMatchObject({ closed: true, balance: 0 });
      });
    }
  }

  for (const soleWriter of [false, true]) {
    it(`is refused when queued right behind the close (sole writer: ${soleWriter})`, async () => {
      const bus = createCommandBus(stores[0]!, { soleWriter });
      const sender = await openAccount(bus, 50_00);
      const recipient = await openAccount(bus, 0);
      await transfer(bus, sender, recipient, 1_00);
      const store = stores[0]!;
      const append = store.append;
      let closeQueued!: () => void;
      const queued = new Promise<void>((resolve) => (closeQueued = resolve));
      // Both decided on the same state; the close is queued first, the credit right behind it.
      store.append = (appends, ...rest) => {
        const result = append.call(store, appends, ...rest);
        if (appends.some((a) => a.events.some((e) => e.type === 'AccountClosed'))) closeQueued();
        return result;
      };
      let closing: Promise<unknown> | undefined;
      try {
        const credit = transfer(bus, sender, recipient, 5_00, async () => {
          closing = closeOut(bus, recipient);
          await queued;
        });
        await expect(credit).rejects.toMatchObject({ reason: ACCOUNT_CLOSED });
        await closing;
      } finally {
        store.append = append;
      }
      expect(afterClose(await eventsOf(recipient))).toEqual([]);
      expect(await stateOf(recipient)).toMatchObject({ closed: true, balance: 0 });
      expect((await stateOf(sender)).balance).toBe(49_00);
    });
  }
});

describe('random interleavings of credits and a close on one account', () => {
  it('never credit the account after its close, and the books balance', async () => {
    const buses = [chained, otherChained, inDatabase];
    const seed = Number(process.env.CREDIT_CLOSE_SEED ?? Date.now() % 100_000);
    // The seed is in every failure's message: CREDIT_CLOSE_SEED=<seed> runs the same sequence.
    const prng = new Prng(seed);
    const next = () => prng.next();
    const pick = <T>(items: T[]): T => prng.pick(items);
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const senders = await Promise.all([0, 1, 2, 3].map(() => openAccount(chained, 1_000_00)));
    let creditedAfterClose = 0;
    let closesSeen = 0;
    for (let round = 0; round < 12; round += 1) {
      const recipient = await openAccount(pick(buses), 0);
      const transfers = Array.from({ length: 6 }, async () => {
        await pause(next() * 6);
        const cents = 1 + Math.floor(next() * 100_00);
        const wait = next() * 4;
        return transfer(pick(buses), pick(senders), recipient, cents, () => pause(wait)).then(
          () => 'credited',
          (error: { reason?: string }) => error.reason ?? String(error),
        );
      });
      const closeAt = next() * 8;
      const closed = pause(closeAt).then(() =>
        closeOut(pick(buses), recipient).then(
          () => 'closed',
          (error: Error) => error.message,
        ),
      );
      const outcomes = await Promise.all(transfers);
      const closing = await closed;
      const what = `seed ${seed}, round ${round}: ${JSON.stringify({ outcomes, closing })}`;

      const events = await eventsOf(recipient);
      const state = foldRecorded(accountAggregate, events);
      if (closing === 'closed') {
        closesSeen += 1;
        creditedAfterClose += afterClose(events).length;
        expect(afterClose(events), what).toEqual([]);
        expect(state, what).toMatchObject({ closed: true, balance: 0 });
      }
      // Every transfer either landed whole or was refused for the close.
      const credited = events.filter((e) => e.type === 'AccountCredited').length;
      expect(
        outcomes.filter((o) => o === 'credited'),
        what,
      ).toHaveLength(credited);
      for (const outcome of outcomes) expect(['credited', ACCOUNT_CLOSED], what).toContain(outcome);
    }
    // Value is neither created nor destroyed: what the senders lost, the recipients got (and was
    // paid out at their close, or is still on their open accounts).
    const { rows } = await pool.query<{ type: string; total: string }>(
      `SELECT type, sum((data->>'amount')::bigint)::text AS total FROM events
        WHERE type IN ('AccountCredited', 'AccountDebited') GROUP BY type`,
    );
    const totals = Object.fromEntries(rows.map((r) => [r.type, Number(r.total)]));
    const held = await Promise.all(
      (
        await pool.query<{ id: string }>(
          `SELECT data->>'accountId' AS id FROM events WHERE type = 'AccountOpened'`,
        )
      ).rows.map(async (r) => (await stateOf(r.id)).balance),
    );
    expect(held.reduce((a, b) => a + b, 0)).toBe(totals.AccountCredited! - totals.AccountDebited!);
    expect(creditedAfterClose).toBe(0);
    expect(closesSeen).toBeGreaterThan(0);
  });
});

describe('a credit to an open account', () => {
  it('does not wait for the account to stand still: concurrent credits do not conflict', async () => {
    const senders = await Promise.all([0, 1, 2, 3, 4].map(() => openAccount(chained, 10_00)));
    const recipient = await openAccount(chained, 0);
    const done = await Promise.all(senders.map((s) => transfer(chained, s, recipient, 1_00)));
    expect(done.map((d) => d.result)).toEqual([1, 1, 1, 1, 1]);
    expect((await stateOf(recipient)).balance).toBe(5_00);
  });
});
