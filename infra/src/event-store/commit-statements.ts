import { randomUUID } from 'node:crypto';
import { PARTITION_KEYS } from '@bank/events';
import { withArrayTexts } from '../postgres/array-text.ts';
import type { Pool } from '../postgres/pool.ts';
import {
  APPEND_EVENTS_SQL,
  headsToRead,
  planChainedBatch,
  recordedClock,
  type BatchCommand,
} from './chained-batch.ts';
import type { ChainHasher } from './hash-chain.ts';
import { EMPTY_HEAD, type StreamHeads } from './stream-heads.ts';

/** One command's answer from a group commit. */
export interface CommandRow {
  command_index: number;
  conflict_stream: string | null;
  last_position: number | null;
  versions: Record<string, number>;
  txid: string;
}

/**
 * The two statements a group commit can go out as. Both decide each command against its
 * expected versions and commit the batch in one transaction; they differ in who numbers and
 * hashes the events.
 */
export interface CommitStatements {
  /** append_batch(): the database decides, numbers and hashes. */
  inDatabase(batch: BatchCommand[]): Promise<CommandRow[]>;
  /**
   * append_events(): decided and hashed here, on the heads of the streams this store knows, and
   * inserted if every stream is still at the head assumed. Undefined when it could not be: the
   * heads kept moving, or an event id was given twice (append_batch() then fails only the
   * commands that gave it).
   */
  chained(batch: BatchCommand[]): Promise<CommandRow[] | undefined>;
}

export function createCommitStatements(
  pool: Pool,
  heads: StreamHeads,
  hasher: ChainHasher,
): CommitStatements {
  const recordedMicros = recordedClock();

  async function readHeads(streamIds: string[]): Promise<void> {
    if (streamIds.length === 1) {
      // Most commands miss one stream: its own statement, whose generic plan PostgreSQL keeps
      // (the array form's is costed for arrays of about ten, so it is planned again every call).
      const [streamId] = streamIds as [string];
      const { rows } = await pool.query<{ version: number; hash: string | null }>({
        name: 'stream-head',
        text: `SELECT stream_version AS version, encode(hash, 'hex') AS hash FROM events
                WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1`,
        values: [streamId],
      });
      heads.saw(streamId, rows[0] ?? EMPTY_HEAD);
      return;
    }
    const { rows } = await pool.query<{ stream: string; version: number; hash: string | null }>({
      name: 'stream-heads',
      // A function, which keeps the read's generic plan (migration 0944_stream_heads.sql).
      text: `SELECT head_stream AS stream, head_version AS version, head_hash AS hash
               FROM stream_heads($1::text[])`,
      values: [streamIds],
    });
    for (const row of rows) heads.saw(row.stream, { version: row.version, hash: row.hash });
  }

  return {
    async inDatabase(batch) {
      // append_batch() gives all of a command's events one metadata: the map of every stream's key.
      const payload = batch.map((p) => ({
        metadata: p.partitionKeys
          ? { ...p.metadata, [PARTITION_KEYS]: p.partitionKeys }
          : p.metadata,
        appends: p.appends.map((a) => ({
          stream: a.streamId,
          expected: a.expectedVersion,
          events: a.events.map((e) => ({
            id: e.eventId ?? randomUUID(),
            type: e.type,
            version: e.schemaVersion,
            data: e.data,
          })),
        })),
      }));
      // One statement is one atomic transaction of its own: a single round trip per group
      // commit instead of BEGIN, SELECT and COMMIT.
      const { rows } = await pool.query<CommandRow>({
        // Named: each connection parses and plans the hot statements once.
        name: 'append-batch',
        text: 'SELECT b.*, pg_current_xact_id()::text AS txid FROM append_batch($1::jsonb) b',
        values: [JSON.stringify(payload)],
      });
      // What the database appended is not known here: those heads are read again when needed.
      for (const pending of batch) for (const a of pending.appends) heads.forget(a.streamId);
      return rows;
    },

    async chained(batch) {
      for (let round = 0; round < 3; round += 1) {
        const unknown = headsToRead(batch, (s) => heads.get(s));
        if (unknown.length > 0) await readHeads(unknown);
        const plan = planChainedBatch(batch, (s) => heads.get(s), hasher, recordedMicros);
        let answer: {
          stale_streams: string[] | null;
          closed_streams: string[] | null;
          positions: number[] | null;
          txid: string;
        };
        try {
          [answer] = (
            await pool.query<typeof answer>({
              name: 'append-events',
              text: APPEND_EVENTS_SQL,
              values: withArrayTexts(plan.values),
            })
          ).rows as [typeof answer];
        } catch (error) {
          // Whether it committed is not known (a lost connection): read those heads again.
          for (const streamId of plan.assumed.keys()) heads.forget(streamId);
          if ((error as { code?: string }).code === '23505') return undefined;
          throw error;
        }
        if (answer.stale_streams) {
          for (const streamId of answer.stale_streams) heads.forget(streamId);
          continue;
        }
        // An "open" append to a stream closed before the batch: the heads were as assumed (the
        // stale check passed), so they are kept, now known closed, and the batch decided again
        // (those appends then fail as conflicts, and their commands are decided again).
        if (answer.closed_streams) {
          for (const streamId of answer.closed_streams) {
            heads.set(streamId, { ...plan.assumed.get(streamId)!, closed: true });
          }
          continue;
        }
        const writtenOnce = new Set<string>();
        for (const command of batch) {
          for (const append of command.appends) {
            if (append.writtenOnce) writtenOnce.add(append.streamId);
          }
        }
        for (const [streamId, head] of plan.after) {
          if (!writtenOnce.has(streamId)) heads.set(streamId, head);
        }
        return plan.outcomes.map((outcome, index) =>
          'conflict' in outcome
            ? {
                command_index: index,
                conflict_stream: outcome.conflict,
                last_position: null,
                versions: {},
                txid: answer.txid,
              }
            : {
                command_index: index,
                conflict_stream: null,
                last_position: answer.positions![outcome.lastEvent]!,
                versions: outcome.versions,
                txid: answer.txid,
              },
        );
      }
      return undefined;
    },
  };
}
