import { randomUUID } from 'node:crypto';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { catalogue } from '@bank/events';
import { createPgEventStore, createPool, migrate, type EventStore } from '@bank/infra';
import { sleep } from './stats.ts';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface AppendCase {
  writers: number;
  eventsPerAppend: number;
}

export interface AppendFigure extends AppendCase {
  store: 'bank' | 'emmett';
  appendsPerSecond: number;
  eventsPerSecond: number;
}

export const APPEND_CASES: AppendCase[] = [
  { writers: 1, eventsPerAppend: 1 },
  { writers: 16, eventsPerAppend: 1 },
  { writers: 1, eventsPerAppend: 10 },
  { writers: 16, eventsPerAppend: 10 },
];

/** A small realistic event body (a posting), the same for both stores. */
function eventData(writer: number, n: number) {
  return {
    accountId: `bench-${writer}`,
    entryId: randomUUID(),
    amount: 500 + (n % 1000),
    description: 'Benchmark posting',
    kind: 'transfer',
    contra: 'account:bench',
    reference: `BEN${n}`,
  };
}

/**
 * Each writer appends to its own streams in a closed loop (the next append after the previous one
 * is durable), with the expected version checked, for `durationMs`.
 */
async function measure(
  append: (
    writer: number,
    stream: string,
    expected: number,
    events: number,
    n: number,
  ) => Promise<void>,
  testCase: AppendCase,
  durationMs: number,
): Promise<number> {
  let appends = 0;
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: testCase.writers }, async (_, writer) => {
      // A fresh stream every 50 appends keeps streams at a realistic length.
      let stream = '';
      let version = 0;
      for (let n = 0; performance.now() < deadline; n += 1) {
        if (n % 50 === 0) {
          stream = `bench-${randomUUID()}`;
          version = 0;
        }
        await append(writer, stream, version, testCase.eventsPerAppend, n);
        version += testCase.eventsPerAppend;
        appends += 1;
      }
    }),
  );
  return (appends / (performance.now() - started)) * 1000;
}

/** (b) this bank's event store (group commit through append_batch) against Emmett's, same server. */
export async function benchEventStores(
  urls: { bank: string; emmett: string },
  durationMs: number,
  log: (line: string) => void,
): Promise<AppendFigure[]> {
  const pool = createPool(urls.bank, 40);
  await migrate(pool);
  // The bank's defaults unless BENCH_ES_WRITERS / BENCH_ES_BATCH ask for a tuning experiment.
  const store: EventStore = createPgEventStore(pool, {
    reader: catalogue,
    ...(process.env.BENCH_ES_WRITERS ? { writers: Number(process.env.BENCH_ES_WRITERS) } : {}),
    ...(process.env.BENCH_ES_BATCH ? { maxBatchSize: Number(process.env.BENCH_ES_BATCH) } : {}),
  });
  // The same pool size for both stores (Emmett's default pool would cap it at 10 connections).
  const emmettPool = createPool(urls.emmett, 40);
  const emmett = getPostgreSQLEventStore(urls.emmett, {
    connectionOptions: { pooled: true, pool: emmettPool },
  });
  // Emmett creates its schema on first use: do that before timing.
  await emmett.appendToStream(`warmup-${randomUUID()}`, [
    { type: 'BenchPosted', data: eventData(0, 0) },
  ]);
  const figures: AppendFigure[] = [];
  const appendOurs = async (
    writer: number,
    stream: string,
    expected: number,
    events: number,
    n: number,
  ) => {
    await store.append(
      [
        {
          streamId: stream,
          expectedVersion: expected === 0 ? 'no_stream' : expected,
          events: Array.from({ length: events }, (_, i) => ({
            type: 'BenchPosted',
            schemaVersion: 1,
            data: eventData(writer, n * events + i),
          })),
        },
      ],
      { actor: 'bench' },
    );
  };
  const appendTheirs = async (
    writer: number,
    stream: string,
    expected: number,
    events: number,
    n: number,
  ) => {
    await emmett.appendToStream(
      stream,
      Array.from({ length: events }, (_, i) => ({
        type: 'BenchPosted',
        data: eventData(writer, n * events + i),
      })),
      { expectedStreamVersion: expected === 0 ? STREAM_DOES_NOT_EXIST : BigInt(expected) },
    );
  };
  try {
    for (const testCase of APPEND_CASES) {
      // Three alternating rounds each, medians kept: the machine's load drifts, and both stores
      // should meet the same drift.
      const oursRounds: number[] = [];
      const theirsRounds: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        oursRounds.push(await measure(appendOurs, testCase, durationMs / 3));
        await sleep(200);
        theirsRounds.push(await measure(appendTheirs, testCase, durationMs / 3));
        await sleep(200);
      }
      const ours = median(oursRounds);
      const theirs = median(theirsRounds);
      for (const [name, rate] of [
        ['bank', ours],
        ['emmett', theirs],
      ] as const) {
        figures.push({
          ...testCase,
          store: name,
          appendsPerSecond: rate,
          eventsPerSecond: rate * testCase.eventsPerAppend,
        });
      }
      log(
        `  appends ${testCase.writers} writer(s) x ${testCase.eventsPerAppend} event(s): bank ${Math.round(ours)}/s, emmett ${Math.round(theirs)}/s`,
      );
    }
  } finally {
    await store.close();
    await pool.end();
    await emmett.close();
    await emmettPool.end().catch(() => {});
  }
  return figures;
}
