import { catalogue, streams } from '@bank/events';
import { createPgEventStore, createPool, type EventStore, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAggregate, decideAccount, INSUFFICIENT_FUNDS } from '../domain/account/account.ts';
import { DomainError } from './aggregate.ts';
import { createCommandBus, type CommandBus } from './command-bus.ts';

let pool: Pool;
let store: EventStore;
let streamReads = 0;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 10);
  const real = createPgEventStore(pool, { reader: catalogue });
  // The same store, counting how often a stream is read.
  store = {
    ...real,
    readStream: (...args) => {
      streamReads += 1;
      return real.readStream(...args);
    },
  };
});
afterAll(async () => {
  await store.close();
  await pool.end();
});

const posting = (accountId: string, amount: number) => ({
  accountId,
  entryId: crypto.randomUUID(),
  amount,
  description: 'test',
  kind: 'deposit',
  contra: 'cash:teller',
  reference: 'DEP-1',
});

async function openAccount(bus: CommandBus): Promise<string> {
  const accountId = crypto.randomUUID();
  await bus.execute({ actor: 'test' }, async (uow) => {
    const stream = streams.account(accountId);
    const account = await uow.load(stream, accountAggregate);
    uow.appendNew(
      stream,
      decideAccount(
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
        account.state,
      ),
    );
  });
  return accountId;
}

const move = (bus: CommandBus, accountId: string, type: 'Credit' | 'Debit', cents: number) =>
  bus.execute({ actor: 'test' }, async (uow) => {
    const stream = streams.account(accountId);
    const account = await uow.load(stream, accountAggregate);
    uow.append(stream, decideAccount({ type, posting: posting(accountId, cents) }, account.state));
    return account.state.balance;
  });

const balanceOf = async (accountId: string) =>
  (await store.readStream(streams.account(accountId))).reduce(
    (sum, e) =>
      sum +
      (e.type === 'AccountCredited'
        ? (e.event.data as { amount: number }).amount
        : e.type === 'AccountDebited'
          ? -(e.event.data as { amount: number }).amount
          : 0),
    0,
  );

describe('command bus as the only writer', () => {
  it('decides on the state it wrote last without reading the stream again', async () => {
    const bus = createCommandBus(store, { soleWriter: true });
    const accountId = await openAccount(bus);
    await move(bus, accountId, 'Credit', 100_00);
    const before = streamReads;
    for (let i = 0; i < 5; i += 1) await move(bus, accountId, 'Debit', 10_00);
    expect(streamReads).toBe(before);
    expect(await balanceOf(accountId)).toBe(50_00);
  });

  it('never overdraws when another writer moved the stream after all: the append conflicts and the command is decided again', async () => {
    const bus = createCommandBus(store, { soleWriter: true });
    const other = createCommandBus(store);
    const accountId = await openAccount(bus);
    await move(bus, accountId, 'Credit', 100_00);
    await move(other, accountId, 'Debit', 80_00);
    // The cache still says 100.00; the debit of 50.00 must meet the stored 20.00.
    await expect(move(bus, accountId, 'Debit', 50_00)).rejects.toMatchObject({
      reason: INSUFFICIENT_FUNDS,
    });
    expect(await balanceOf(accountId)).toBe(20_00);
  });

  it('does not refuse on a stale cache: a refusal is decided again on what is stored', async () => {
    const bus = createCommandBus(store, { soleWriter: true });
    const other = createCommandBus(store);
    const accountId = await openAccount(bus);
    await move(bus, accountId, 'Credit', 10_00);
    await move(other, accountId, 'Credit', 90_00);
    // The cache says 10.00, the log 100.00.
    await expect(move(bus, accountId, 'Debit', 60_00)).resolves.toMatchObject({
      result: 100_00,
    });
    expect(await balanceOf(accountId)).toBe(40_00);
    // And a refusal that holds on the stored state is still a refusal.
    await expect(move(bus, accountId, 'Debit', 40_01)).rejects.toBeInstanceOf(DomainError);
  });

  it('after an unchecked append, reads the stream again only if another writer got in between', async () => {
    const bus = createCommandBus(store, { soleWriter: true });
    const other = createCommandBus(store);
    const accountId = await openAccount(bus);
    await move(bus, accountId, 'Credit', 10_00);
    const credit = (cents: number) =>
      bus.execute({ actor: 'test' }, async (uow) => {
        const stream = streams.account(accountId);
        const account = await uow.load(stream, accountAggregate);
        uow.appendAny(
          stream,
          decideAccount({ type: 'Credit', posting: posting(accountId, cents) }, account.state),
        );
      });
    await credit(5_00);
    let before = streamReads;
    await expect(move(bus, accountId, 'Debit', 15_00)).resolves.toMatchObject({ result: 15_00 });
    expect(streamReads).toBe(before);

    await move(other, accountId, 'Credit', 20_00);
    await credit(1_00); // appended at a version that shows the other writer's credit before it
    before = streamReads;
    await expect(move(bus, accountId, 'Debit', 21_00)).resolves.toMatchObject({ result: 21_00 });
    expect(streamReads).toBe(before + 1);
    expect(await balanceOf(accountId)).toBe(0);
  });

  it('lets racing debits of one account build on each other in turn, and a failing one takes no other with it', async () => {
    const bus = createCommandBus(store, { soleWriter: true });
    const accountId = await openAccount(bus);
    await move(bus, accountId, 'Credit', 100_00);
    const stream = streams.account(accountId);
    // Debits its 5.00 but also claims, as new, an account that exists: it always conflicts.
    const taken = await openAccount(bus);
    const poisoned = () =>
      bus.execute({ actor: 'test' }, async (uow) => {
        const account = await uow.load(stream, accountAggregate);
        uow.append(
          stream,
          decideAccount({ type: 'Debit', posting: posting(accountId, 5_00) }, account.state),
        );
        const other = await uow.load(streams.account(taken), accountAggregate);
        uow.appendNew(
          streams.account(taken),
          decideAccount({ type: 'Credit', posting: posting(taken, 5_00) }, other.state),
        );
      });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        i === 7 ? poisoned() : move(bus, accountId, 'Debit', 5_00),
      ),
    );
    const reasons = outcomes.map((o) =>
      o.status === 'fulfilled' ? 'moved' : ((o.reason as DomainError).reason ?? 'error'),
    );
    // The 20 debits that landed spent it all; every other one was refused for want of funds,
    // except the poisoned one, which may also have run out of attempts first.
    expect(reasons.filter((r) => r === 'moved')).toHaveLength(20);
    expect(reasons.filter((r, i) => i !== 7 && r !== 'moved')).toEqual(
      Array.from({ length: 9 }, () => INSUFFICIENT_FUNDS),
    );
    expect(reasons[7]).not.toBe('moved');
    expect(await balanceOf(accountId)).toBe(0);
  });

  it('lands a debit only on the very state it was decided on, while credits, debits and failing commands on the account race', async () => {
    const bus = createCommandBus(store, { soleWriter: true });
    const accountId = await openAccount(bus);
    await move(bus, accountId, 'Credit', 30_00);
    const stream = streams.account(accountId);
    const taken = await openAccount(bus);
    // The balance each debit (by its entry id) was decided on.
    const decidedOn = new Map<string, number>();
    const debit = (cents: number, poisoned: boolean) =>
      bus.execute({ actor: 'test' }, async (uow) => {
        const account = await uow.load(stream, accountAggregate);
        const p = posting(accountId, cents);
        uow.append(stream, decideAccount({ type: 'Debit', posting: p }, account.state));
        decidedOn.set(p.entryId, account.state.balance);
        // A poisoned one also claims, as new, an account that exists: it always conflicts.
        if (poisoned) {
          const other = await uow.load(streams.account(taken), accountAggregate);
          uow.appendNew(
            streams.account(taken),
            decideAccount({ type: 'Credit', posting: posting(taken, 1_00) }, other.state),
          );
        }
      });
    const credit = (cents: number) =>
      bus.execute({ actor: 'test' }, async (uow) => {
        const account = await uow.load(stream, accountAggregate);
        uow.appendAny(
          stream,
          decideAccount({ type: 'Credit', posting: posting(accountId, cents) }, account.state),
        );
      });
    for (let wave = 0; wave < 4; wave += 1) {
      await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          i % 3 === 0 ? credit(2_00) : debit(3_00, i % 7 === 1),
        ),
      );
    }
    // Walk the log: every debit was decided on the balance right before it, none overdrew.
    let balance = 0;
    let debits = 0;
    for (const { type, event } of await store.readStream(stream)) {
      const data = event.data as { entryId: string; amount: number };
      if (type === 'AccountCredited') balance += data.amount;
      if (type !== 'AccountDebited') continue;
      expect(decidedOn.get(data.entryId)).toBe(balance);
      balance -= data.amount;
      debits += 1;
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    expect(debits).toBeGreaterThan(10);
  });
});

describe('command bus reading several streams', () => {
  it('decides again when a failure rests on streams read at different moments', async () => {
    const bus = createCommandBus(store);
    const other = createCommandBus(store);
    const from = await openAccount(bus);
    const to = await openAccount(bus);
    await move(bus, from, 'Credit', 100_00);
    // Another process moves 40.00 from one account to the other in one atomic append.
    const moveBetween = () =>
      other.execute({ actor: 'test' }, async (uow) => {
        const a = await uow.load(streams.account(from), accountAggregate);
        const b = await uow.load(streams.account(to), accountAggregate);
        uow.append(
          streams.account(from),
          decideAccount({ type: 'Debit', posting: posting(from, 40_00) }, a.state),
        );
        uow.append(
          streams.account(to),
          decideAccount({ type: 'Credit', posting: posting(to, 40_00) }, b.state),
        );
      });
    let attempts = 0;
    const total = await bus.execute({ actor: 'test' }, async (uow) => {
      attempts += 1;
      const a = await uow.load(streams.account(from), accountAggregate);
      // The other append lands between this command's two reads, on its first attempt only.
      if (attempts === 1) await moveBetween();
      const b = await uow.load(streams.account(to), accountAggregate);
      const sum = a.state.balance + b.state.balance;
      if (sum !== 100_00) throw new DomainError('TORN', 'the books do not balance');
      return sum;
    });
    expect(attempts).toBe(2);
    expect(total.result).toBe(100_00);
  });

  it('still answers a failure on streams that did not move', async () => {
    const bus = createCommandBus(store);
    const from = await openAccount(bus);
    const to = await openAccount(bus);
    let attempts = 0;
    const refused = bus.execute({ actor: 'test' }, async (uow) => {
      attempts += 1;
      await uow.load(streams.account(from), accountAggregate);
      await uow.load(streams.account(to), accountAggregate);
      throw new DomainError('REFUSED', 'refused');
    });
    await expect(refused).rejects.toMatchObject({ reason: 'REFUSED' });
    expect(attempts).toBe(1);
  });
});
