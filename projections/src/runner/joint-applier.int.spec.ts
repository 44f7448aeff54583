import { randomUUID } from 'node:crypto';
import { streams } from '@bank/events';
import { START, type EventStore, type Pool, type Position, type RecordedEvent } from '@bank/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineProjection, type Projection } from '../projection.ts';
import { createCheckpointMover } from './checkpoint-mover.ts';
import { readCheckpoint } from './checkpoints.ts';
import { createJointApplier } from './joint-applier.ts';
import { CheckpointMovedError, listParkedEvents } from './parking.ts';
import { contactRequest, openTestLog } from './test-fixtures.ts';

let pool: Pool;
let owner: Pool;
let store: EventStore;

/** First names every test projection refuses to project. */
const POISON = 'Poison';

/** A projection writing the first names it sees into its own table; `refuses` names it throws on. */
function visitors(table: string, refuses: readonly string[] = []): Projection {
  return defineProjection({
    name: table,
    tables: [table],
    handlers: {
      async ContactRequestSubmitted(d, _event, db) {
        if (refuses.includes(d.firstName)) throw new Error(`cannot project ${d.firstName}`);
        await db.query(`INSERT INTO ${table} (request_id, first_name) VALUES ($1, $2)`, [
          d.requestId,
          d.firstName,
        ]);
      },
    },
  }) as Projection;
}

let tables = 0;
async function newProjections(count: number, refuses: readonly string[] = []) {
  const made: Projection[] = [];
  for (let i = 0; i < count; i += 1) {
    tables += 1;
    const table = `rm_joint_test_${tables}`;
    await owner.query(`CREATE TABLE ${table} (request_id uuid PRIMARY KEY, first_name text)`);
    made.push(visitors(table, refuses));
  }
  return made;
}

/**
 * Appends one contact request per name; answers the events as the log holds them, once a read of
 * the log shows them all. A read shows only what was committed before the oldest transaction
 * still open anywhere on the server (other test files' too): read at once, the last events
 * could be those of an earlier call.
 */
async function submitted(...firstNames: string[]): Promise<RecordedEvent[]> {
  const appended = new Set<string>();
  for (const firstName of firstNames) {
    const requestId = randomUUID();
    appended.add(streams.contactRequest(requestId));
    await store.append(
      [
        {
          streamId: streams.contactRequest(requestId),
          expectedVersion: 'no_stream',
          events: [contactRequest(requestId, firstName)],
        },
      ],
      {},
    );
  }
  for (;;) {
    const shown = (await store.readAll(START, 100_000)).filter((e) => appended.has(e.streamId));
    if (shown.length === appended.size) return shown;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const namesIn = async (projection: Projection) =>
  (
    await pool.query<{ first_name: string }>(
      `SELECT first_name FROM ${projection.name} ORDER BY first_name`,
    )
  ).rows.map((r) => r.first_name);

const lastOf = (events: RecordedEvent[]) => events[events.length - 1]!.position;

let close: () => Promise<void>;
beforeAll(async () => {
  ({ pool, owner, store, close } = await openTestLog());
});
afterAll(() => close());

describe('the joint applier', () => {
  it("applies the live batches asked for together in one transaction, each projection's rows with its checkpoint", async () => {
    const projections = await newProjections(3);
    const idle = defineProjection({
      name: 'joint-test-idle',
      tables: [],
      handlers: { async AccountOpened() {} },
    }) as Projection;
    const events = await submitted('Ann', 'Bob');
    const applier = createJointApplier(pool, createCheckpointMover(pool));

    const ends = await Promise.all(
      [...projections, idle].map((p) => applier.apply(p, START, events, true)),
    );

    expect(ends).toEqual([...projections, idle].map(() => lastOf(events)));
    for (const p of projections) expect(await namesIn(p)).toEqual(['Ann', 'Bob']);
    for (const p of [...projections, idle]) {
      expect(await readCheckpoint(pool, p.name)).toEqual(lastOf(events));
    }
    // One transaction wrote every checkpoint, the idle projection's too: one transaction id.
    const { rows } = await pool.query<{ xmin: string }>(
      'SELECT DISTINCT xmin::text FROM projection_checkpoints WHERE projection = ANY($1)',
      [[...projections, idle].map((p) => p.name)],
    );
    expect(rows).toHaveLength(1);
  });

  it('applies the others when one projection fails on an event, and parks that event for it alone', async () => {
    const [healthy, picky, other] = await newProjections(3, []);
    const refusing = visitors(picky!.name, [POISON]);
    const events = await submitted('Cy', POISON, 'Di');
    const applier = createJointApplier(pool, createCheckpointMover(pool), {
      batchAttempts: 1,
      retryDelayMs: 1,
    });

    const ends = await Promise.all(
      [healthy!, refusing, other!].map((p) => applier.apply(p, START, events, true)),
    );

    expect(ends).toEqual([lastOf(events), lastOf(events), lastOf(events)]);
    expect(await namesIn(healthy!)).toEqual(['Cy', 'Di', POISON]);
    expect(await namesIn(other!)).toEqual(['Cy', 'Di', POISON]);
    expect(await namesIn(refusing)).toEqual(['Cy', 'Di']);
    const parked = (await listParkedEvents(pool)).filter((p) => p.projection === refusing.name);
    expect(parked.map((p) => p.eventId)).toEqual([events[1]!.eventId]);
  });

  it('holds up no other projection while one retries a bad event', async () => {
    const [healthy, picky] = await newProjections(2);
    const refusing = visitors(picky!.name, [POISON]);
    const first = await submitted('Gus', POISON);
    const applier = createJointApplier(pool, createCheckpointMover(pool), {
      batchAttempts: 3,
      retryDelayMs: 400,
    });
    let pickyDone = false;
    const pickyApplied = applier.apply(refusing, START, first, true).then((end) => {
      pickyDone = true;
      return end;
    });
    const healthyAt = await applier.apply(healthy!, START, first, true);
    const second = await submitted('Hal');

    // The healthy projection applies its next batch while the other still waits to retry.
    expect(await applier.apply(healthy!, healthyAt, second, true)).toEqual(lastOf(second));
    expect(pickyDone).toBe(false);
    expect(await namesIn(healthy!)).toEqual(['Gus', 'Hal', POISON]);
    expect(await pickyApplied).toEqual(lastOf(first));
    expect(await namesIn(refusing)).toEqual(['Gus']);
  });

  it('applies the others while a read model is locked by someone else, and that one once it is free', async () => {
    const [free, locked, alsoFree] = await newProjections(3);
    const events = await submitted('Ida', 'Jo');
    const applier = createJointApplier(pool, createCheckpointMover(pool), { lockWaitMs: 200 });
    const locker = await owner.connect();
    try {
      await locker.query(`BEGIN; LOCK TABLE ${locked!.name} IN ACCESS EXCLUSIVE MODE`);
      let lockedDone = false;
      const lockedApplied = applier.apply(locked!, START, events, true).then((end) => {
        lockedDone = true;
        return end;
      });

      const ends = await Promise.all(
        [free!, alsoFree!].map((p) => applier.apply(p, START, events, true)),
      );

      expect(ends).toEqual([lastOf(events), lastOf(events)]);
      for (const p of [free!, alsoFree!]) expect(await namesIn(p)).toEqual(['Ida', 'Jo']);
      expect(lockedDone).toBe(false);
      await locker.query('COMMIT');
      expect(await lockedApplied).toEqual(lastOf(events));
      expect(await namesIn(locked!)).toEqual(['Ida', 'Jo']);
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      locker.release();
    }
  });

  it('tells only the projection whose checkpoint another runner moved, and applies the rest', async () => {
    const projections = await newProjections(3);
    const events = await submitted('Ed', 'Flo');
    const [moved, ...rest] = projections;
    await pool.query(
      `INSERT INTO projection_checkpoints (projection, transaction_id, global_position)
       VALUES ($1, $2::text::xid8, $3)`,
      [moved!.name, lastOf(events).transactionId.toString(), lastOf(events).globalPosition],
    );
    const applier = createJointApplier(pool, createCheckpointMover(pool));

    const outcomes = await Promise.allSettled(
      projections.map((p) => applier.apply(p, START, events, true)),
    );

    expect(outcomes[0]!.status).toBe('rejected');
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(CheckpointMovedError);
    expect(await namesIn(moved!)).toEqual([]);
    for (const p of rest) expect(await namesIn(p)).toEqual(['Ed', 'Flo']);
  });

  it('never applies a batch twice nor skips one, whatever two runners race over', async () => {
    const projections = await newProjections(6, [POISON]);
    const one = createJointApplier(pool, createCheckpointMover(pool), {
      batchAttempts: 1,
      retryDelayMs: 1,
    });
    const other = createJointApplier(pool, createCheckpointMover(pool), {
      batchAttempts: 1,
      retryDelayMs: 1,
    });
    const expected: string[] = [];
    const at = new Map<string, Position>(projections.map((p) => [p.name, START]));
    let random = 7;
    const next = (n: number) => {
      random = (random * 1_103_515_245 + 12_345) % 2 ** 31;
      return random % n;
    };
    // Short transactions of someone else, as other test files' on a shared server: the point
    // below which the log can be read lags behind what was just appended.
    let churning = true;
    const churn = (async () => {
      while (churning) {
        const other = await owner.connect();
        await other.query('BEGIN; SELECT pg_current_xact_id()');
        await new Promise((resolve) => setTimeout(resolve, 3));
        await other.query('COMMIT');
        other.release();
      }
    })();
    for (let round = 0; round < 25; round += 1) {
      const names = Array.from({ length: 1 + next(4) }, (_, i) =>
        next(5) === 0 ? POISON : `R${round}-${i}`,
      );
      const events = await submitted(...names);
      expected.push(...names.filter((n) => n !== POISON));
      // Each runner asks for a random subset, in a random order; every projection by at least one.
      const asks = (shuffled: Projection[]) => shuffled.map((p) => ({ runner: next(3), p }));
      const outcomes = await Promise.allSettled(
        asks([...projections].sort(() => next(3) - 1)).flatMap(({ runner, p }) => {
          const from = at.get(p.name)!;
          const asked: Promise<Position>[] = [];
          if (runner !== 1) asked.push(one.apply(p, from, events, true));
          if (runner !== 0) asked.push(other.apply(p, from, events, true));
          return asked;
        }),
      );
      for (const o of outcomes) {
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(CheckpointMovedError);
      }
      for (const p of projections) {
        expect(await readCheckpoint(pool, p.name)).toEqual(lastOf(events));
        at.set(p.name, lastOf(events));
      }
    }
    churning = false;
    await churn;
    for (const p of projections) expect(await namesIn(p)).toEqual([...expected].sort());
  });
});
