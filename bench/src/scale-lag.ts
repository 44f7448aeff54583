/**
 * End-to-end lag of scale mode (scale-bench.ts): deposits appended at a steady rate (open loop:
 * each on its schedule, whether or not the previous one has answered), each timed from its commit
 * to the moment a poll sees it in the accounts read model, and to the moment every projection's
 * checkpoint has passed it (what a consistency token waits for).
 */
import { randomUUID } from 'node:crypto';
import kafkajs from 'kafkajs';
import { AccountCredited } from '@bank/events';
import {
  comparePositions,
  formatPositionHeader,
  EVENTS_TOPIC,
  type EventStore,
  type Kafka,
  type Pool,
  type Position,
} from '@bank/infra';
import { lowest, projectionCheckpoints } from './scale-support.ts';
import { sleep, summarize } from './stats.ts';

export interface LagOptions {
  pool: Pool;
  kafka: Kafka;
  store: EventStore;
  accountIds: string[];
  /** Appends per second. */
  rate: number;
  seconds: number;
  /** How often the read models are polled. */
  pollMs?: number;
}

interface Probe {
  reference: string;
  accountId: string;
  /** The account's balance in the read model once this deposit is in it. */
  balanceAfter: number;
  committedAt?: number;
  /** When the broker appended it (its LogAppendTime, on performance.now()'s clock). */
  inKafkaAt?: number;
  position?: Position;
  rowLagMs?: number;
  allLagMs?: number;
}

export interface LagFigures {
  offered: number;
  appended: number;
  failed: number;
  seconds: number;
  pollMs: number;
  /** Commit → the deposit is in rm_accounts (the account's row). */
  row: ReturnType<typeof summarize>;
  /** Commit → every projection's checkpoint is past it. */
  all: ReturnType<typeof summarize>;
  /** Commit → appended to Kafka (the relay's part of the lag). */
  kafka: ReturnType<typeof summarize>;
  unseen: number;
}

export async function measureLag(options: LagOptions): Promise<LagFigures> {
  const pollMs = options.pollMs ?? 10;
  const { rows } = await options.pool.query<{ id: string; balance: string }>(
    'SELECT account_id::text AS id, balance_cents::text AS balance FROM rm_accounts WHERE account_id = ANY($1)',
    [options.accountIds],
  );
  const balances = new Map(rows.map((r) => [r.id, Number(r.balance)]));
  // Postings name the account's owner, as the bank's do: the store stamps it as the partition key.
  const opened = await options.pool.query<{ id: string; owner: string }>(
    `SELECT data->>'accountId' AS id, data->>'customerId' AS owner FROM events
      WHERE type = 'AccountOpened' AND stream_id = ANY($1)`,
    [options.accountIds.map((id) => `account-${id}`)],
  );
  const owners = new Map(opened.rows.map((r) => [r.id, r.owner]));
  const total = Math.round(options.rate * options.seconds);
  const probes: Probe[] = [];
  /** Probes not yet seen in both places (a poll looks at these only, not at every probe). */
  const pending = new Set<Probe>();
  let failed = 0;
  let appending = true;

  async function append(probe: Probe, amount: number): Promise<void> {
    try {
      const event = AccountCredited.create({
        accountId: probe.accountId,
        entryId: randomUUID(),
        amount,
        description: 'Teller deposit',
        kind: 'deposit',
        contra: 'cash:teller',
        reference: probe.reference,
        ownerCustomerId: owners.get(probe.accountId),
      });
      const result = await options.store.append(
        [{ streamId: `account-${probe.accountId}`, expectedVersion: 'any', events: [event] }],
        { actor: 'bench', correlationId: randomUUID() },
      );
      probe.committedAt = performance.now();
      probe.position = result.position;
    } catch {
      failed += 1;
      pending.delete(probe);
    }
  }

  const observer = await observeKafka(options.kafka);
  const appends: Promise<void>[] = [];
  const appender = (async () => {
    const started = performance.now();
    for (let i = 0; i < total; i += 1) {
      const due = started + (i * 1000) / options.rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const accountId = options.accountIds[i % options.accountIds.length]!;
      const amount = 100 + (i % 50);
      const balanceAfter = (balances.get(accountId) ?? 0) + amount;
      balances.set(accountId, balanceAfter);
      const probe: Probe = { reference: `LAG-${i}`, accountId, balanceAfter };
      probes.push(probe);
      pending.add(probe);
      appends.push(append(probe, amount));
    }
    await Promise.all(appends);
    appending = false;
  })();

  const poller = (async () => {
    const deadline = () => performance.now() + 60_000;
    let giveUpAt = Infinity;
    for (;;) {
      const committed = [...pending].filter((p) => p.committedAt !== undefined);
      if (!appending && giveUpAt === Infinity) giveUpAt = deadline();
      if (!appending && pending.size === 0) return;
      if (performance.now() > giveUpAt) return;
      if (committed.length > 0) {
        const ids = [
          ...new Set(committed.filter((p) => p.rowLagMs === undefined).map((p) => p.accountId)),
        ];
        const [seen, checkpoints] = await Promise.all([
          options.pool.query<{ id: string; balance: string }>({
            name: 'bench-balances',
            text: 'SELECT account_id::text AS id, balance_cents::text AS balance FROM rm_accounts WHERE account_id = ANY($1)',
            values: [ids],
          }),
          projectionCheckpoints(options.pool),
        ]);
        const now = performance.now();
        const visible = new Map(seen.rows.map((r) => [r.id, Number(r.balance)]));
        const low = lowest(checkpoints.values());
        for (const probe of committed) {
          const lag = Math.max(0, now - probe.committedAt!);
          if (
            probe.rowLagMs === undefined &&
            (visible.get(probe.accountId) ?? -1) >= probe.balanceAfter
          ) {
            probe.rowLagMs = lag;
          }
          if (probe.allLagMs === undefined && comparePositions(low, probe.position!) >= 0) {
            probe.allLagMs = lag;
          }
          if (probe.rowLagMs !== undefined && probe.allLagMs !== undefined) pending.delete(probe);
        }
      }
      await sleep(pollMs);
    }
  })();

  await Promise.all([appender, poller]);
  await observer.stop();
  const done = probes.filter((p) => p.committedAt !== undefined);
  for (const probe of done) probe.inKafkaAt = observer.appendedAt(probe.position!);
  return {
    offered: total,
    appended: done.length,
    failed,
    seconds: options.seconds,
    pollMs,
    row: summarize(done.flatMap((p) => (p.rowLagMs === undefined ? [] : [p.rowLagMs]))),
    all: summarize(done.flatMap((p) => (p.allLagMs === undefined ? [] : [p.allLagMs]))),
    kafka: summarize(
      done.flatMap((p) =>
        p.inKafkaAt === undefined ? [] : [Math.max(0, p.inKafkaAt - p.committedAt!)],
      ),
    ),
    unseen: done.filter((p) => p.rowLagMs === undefined || p.allLagMs === undefined).length,
  };
}

const headerText = (value: Buffer | string | (Buffer | string)[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.toString();

/**
 * When each event was appended to the event topic: the broker stamps every record with the time
 * it appended it (the topic is switched to LogAppendTime for the run), read here by a consumer of
 * its own. A consumer's arrival time would add its own delay in this busy process (it once came
 * after the workers had applied the event); the broker's stamp does not. Records are told apart
 * by their position header, not decoded: this process shares the cores with what it measures.
 */
async function observeKafka(kafka: Kafka) {
  const appended = new Map<string, number>();
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.alterConfigs({
      validateOnly: false,
      resources: [
        {
          type: kafkajs.ConfigResourceTypes.TOPIC,
          name: EVENTS_TOPIC,
          configEntries: [{ name: 'message.timestamp.type', value: 'LogAppendTime' }],
        },
      ],
    });
  } finally {
    await admin.disconnect();
  }
  const consumer = kafka.consumer({
    groupId: `scale-bench-lag-observer-${randomUUID()}`,
    maxWaitTimeInMs: 20,
    readUncommitted: false,
  });
  await consumer.connect();
  await consumer.subscribe({ topic: EVENTS_TOPIC, fromBeginning: false });
  const joined = new Promise<void>((resolve) =>
    consumer.on(consumer.events.GROUP_JOIN, () => resolve()),
  );
  await consumer.run({
    eachMessage: async ({ message }) => {
      // An event's first copy (on its key's partition); watermarks and side copies are skipped.
      if (headerText(message.headers?.kind) !== 'event' || message.headers?.side) return;
      const position = headerText(message.headers?.position);
      if (position && !appended.has(position)) {
        appended.set(position, Number(message.timestamp) - performance.timeOrigin);
      }
    },
  });
  await joined;
  // The group's first fetch resolves "latest" only now: give it a moment before the first probe.
  await sleep(1000);
  return {
    stop: () => consumer.disconnect(),
    appendedAt: (position: Position) => appended.get(formatPositionHeader(position)),
  };
}
