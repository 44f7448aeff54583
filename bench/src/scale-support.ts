/** Pieces of the scale-mode benchmark (scale-bench.ts): the log, the resets, the start gate. */
import {
  comparePositions,
  encodeWatermark,
  ensureEventTopics,
  EVENTS_TOPIC,
  RELAY_CHECKPOINT,
  START,
  type Kafka,
  type Pool,
  type Position,
  positionFromColumns,
} from '@bank/infra';
import { AssignerProtocol } from 'kafkajs';
import { allProjectionNames, allProjections, PROJECTION_GROUP } from '@bank/projections';
import { sleep } from './stats.ts';

export { generateAccountLog, generatedAccountIds } from './generated-log.ts';

export async function headPosition(pool: Pool): Promise<Position> {
  // Aliased apart from the columns: ORDER BY would otherwise sort the text casts.
  const { rows } = await pool.query<{ tx: string; pos: string }>(
    `SELECT transaction_id::text AS tx, global_position::text AS pos FROM events
      ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  const row = rows[0];
  return row ? positionFromColumns(row.tx, row.pos) : START;
}

/**
 * Kafka messages the workers have applied so far, summed over the partitions: the offsets stored
 * for one projection (every projection's progress moves in the same transaction, a chunk at a
 * time). Only differences between two readings mean anything.
 */
export async function appliedMessages(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ applied: string }>(
    `SELECT coalesce(sum(next_offset), 0)::text AS applied FROM kafka_offsets
      WHERE consumer = 'accounts' AND topic = $1`,
    [EVENTS_TOPIC],
  );
  return Number(rows[0]!.applied);
}

/**
 * Every projection's position in one query (a missing row is the start of the log): in scale
 * mode the lowest of its Kafka partitions (projection_positions).
 */
export async function projectionCheckpoints(pool: Pool): Promise<Map<string, Position>> {
  const { rows } = await pool.query<{ projection: string; tx: string; pos: string }>({
    name: 'bench-projection-positions',
    text: `SELECT projection, transaction_id::text AS tx, global_position::text AS pos
       FROM projection_positions WHERE projection = ANY($1)`,
    values: [allProjectionNames],
  });
  const found = new Map(rows.map((r) => [r.projection, positionFromColumns(r.tx, r.pos)]));
  return new Map(allProjectionNames.map((name) => [name, found.get(name) ?? START]));
}

export function lowest(positions: Iterable<Position>): Position {
  let low: Position | undefined;
  for (const p of positions) if (!low || comparePositions(p, low) < 0) low = p;
  return low ?? START;
}

/** Empties every read model, its checkpoint and its Kafka positions, and the relay's checkpoint. */
export async function resetReadModels(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const table of allProjections.flatMap((p) => p.tables)) {
      await client.query(`TRUNCATE ${table}`);
    }
    await client.query('DELETE FROM projection_checkpoints WHERE projection = ANY($1)', [
      [...allProjectionNames, RELAY_CHECKPOINT],
    ]);
    await client.query('DELETE FROM kafka_offsets');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The workers' one consumer group (one member per worker process, for every projection). */
export const projectionGroups = [PROJECTION_GROUP];

/**
 * Fresh, empty event topics and no consumer groups: each run relays the log again and the workers
 * read it from the beginning. Run with no worker alive (a group must be empty to be deleted).
 */
export async function resetKafka(kafka: Kafka, partitions: number): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    // A stopped worker's members leave at once, a killed one's only after the session timeout.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const groups = new Set((await admin.listGroups()).groups.map((g) => g.groupId));
      const stale = projectionGroups.filter((g) => groups.has(g));
      if (stale.length === 0) break;
      try {
        await admin.deleteGroups(stale);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(500);
      }
    }
    const topics = [EVENTS_TOPIC];
    const existing = (await admin.listTopics()).filter((t) => topics.includes(t));
    if (existing.length > 0) await admin.deleteTopics({ topics: existing, timeout: 30_000 });
    // Deletion is asynchronous in the controller: create only once the old topics are gone.
    while ((await admin.listTopics()).some((t) => topics.includes(t))) {
      if (Date.now() > deadline) throw new Error('The event topics were not deleted in 60 s');
      await sleep(200);
    }
  } finally {
    await admin.disconnect();
  }
  await recreateEventTopic(kafka, partitions);
}

/**
 * Creates the topic again and waits until every partition has a leader. For a while after a
 * topic is deleted, the broker can answer a metadata request for its name with
 * UNKNOWN_TOPIC_OR_PARTITION even once the new topic is created, and kafkajs's wait for leaders
 * retries only LEADER_NOT_AVAILABLE: so ask again while the answer is a retriable error.
 */
async function recreateEventTopic(kafka: Kafka, partitions: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await ensureEventTopics(kafka, partitions);
      if (await hasLeaders(kafka, partitions)) return;
    } catch (error) {
      if ((error as { retriable?: boolean }).retriable !== true || Date.now() > deadline) {
        throw error;
      }
    }
    if (Date.now() > deadline) throw new Error(`${EVENTS_TOPIC} had no leaders after 60 s`);
    await sleep(200);
  }
}

async function hasLeaders(kafka: Kafka, partitions: number): Promise<boolean> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const metadata = await admin.fetchTopicMetadata({ topics: [EVENTS_TOPIC] });
    const found = metadata.topics[0]?.partitions ?? [];
    return found.length === partitions && found.every((p) => p.leader >= 0);
  } finally {
    await admin.disconnect();
  }
}

export interface StartGate {
  /** Aborts the gate's transaction: from now on the consumers see everything behind it. */
  open(): Promise<void>;
}

/**
 * Holds every consumer back until open(): a Kafka transaction left open with one message at the
 * head of each partition. Consumers read committed data only, and never past the first message of
 * an open transaction (the last stable offset), so the relay's batches sent after it stay
 * invisible until the gate's transaction is aborted. The workers can thus start and form their
 * groups first, and the measured time is the projections' work alone.
 */
export async function closeStartGate(kafka: Kafka, partitions: number): Promise<StartGate> {
  const producer = kafka.producer({
    transactionalId: 'scale-bench-start-gate',
    idempotent: true,
    maxInFlightRequests: 1,
    transactionTimeout: 900_000, // the broker's maximum by default (transaction.max.timeout.ms)
  });
  await producer.connect();
  const transaction = await producer.transaction();
  await transaction.sendBatch({
    acks: -1,
    topicMessages: [
      {
        topic: EVENTS_TOPIC,
        messages: Array.from({ length: partitions }, (_, p) => encodeWatermark(START, p)),
      },
    ],
  });
  return {
    async open() {
      await transaction.abort();
      await producer.disconnect();
    },
  };
}

/** Waits until every projection's consumer group is stable with `members` members. */
export async function waitForGroups(
  kafka: Kafka,
  members: number,
  timeoutMs = 180_000,
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { groups } = await admin.describeGroups(projectionGroups);
      const ready = groups.filter((g) => g.state === 'Stable' && g.members.length === members);
      if (ready.length === projectionGroups.length) return;
      if (Date.now() > deadline) {
        const states = groups.map((g) => `${g.groupId}:${g.state}/${g.members.length}`);
        throw new Error(`Consumer groups not stable with ${members} members: ${states.join(' ')}`);
      }
      await sleep(250);
    }
  } finally {
    await admin.disconnect();
  }
}

/**
 * How many partitions each worker holds in the projection group: the share of the work the
 * assignment gives each process (of the event topic's 6 partitions).
 */
export async function partitionShare(kafka: Kafka): Promise<number[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups(projectionGroups);
    const held = new Map<string, number>();
    for (const member of groups.flatMap((g) => g.members)) {
      const decoded = AssignerProtocol.MemberAssignment.decode(member.memberAssignment);
      const count = Object.values(decoded?.assignment ?? {}).reduce((n, p) => n + p.length, 0);
      held.set(member.clientId, (held.get(member.clientId) ?? 0) + count);
    }
    return [...held.values()].sort((a, b) => b - a);
  } finally {
    await admin.disconnect();
  }
}
