import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase } from '../testing/database.ts';
import { readFollowerCheckpoint, readFollowerPosition, resetFollower } from './checkpoints.ts';
import { START } from './types.ts';

let pool: Pool;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
});
afterAll(() => pool.end());

const checkpoint = (name: string, transactionId: bigint, globalPosition: number) =>
  pool.query(
    `INSERT INTO projection_checkpoints (projection, transaction_id, global_position)
     VALUES ($1, $2::text::xid8, $3)`,
    [name, transactionId.toString(), globalPosition],
  );

/** A Kafka worker's progress on one partition: everything up to the watermark seen there. */
const partition = (name: string, partition: number, transactionId: number, position: number) =>
  pool.query(
    `INSERT INTO kafka_offsets (consumer, topic, partition, next_offset,
       watermark_transaction_id, watermark_global_position)
     VALUES ($1, 'bank.events', $2, 1, $3::text::xid8, $4)`,
    [name, partition, String(transactionId), position],
  );

describe('readFollowerPosition', () => {
  it('is the start of the log for a follower that has no row yet', async () => {
    expect(await readFollowerPosition(pool, 'never-ran')).toEqual(START);
    expect(await readFollowerPosition(pool, 'never-ran', 'projection_positions')).toEqual(START);
  });

  it('reads a checkpoint, with transaction ids beyond 2^53 kept exact', async () => {
    await checkpoint('relay', 2n ** 53n + 7n, 41);
    expect(await readFollowerPosition(pool, 'relay')).toEqual({
      transactionId: 2n ** 53n + 7n,
      globalPosition: 41,
    });
  });

  it('gives readers the lowest Kafka partition when it is past the checkpoint', async () => {
    await checkpoint('scaled', 10n, 100);
    await partition('scaled', 0, 30, 300);
    await partition('scaled', 1, 20, 200);
    expect(await readFollowerPosition(pool, 'scaled')).toEqual({
      transactionId: 10n,
      globalPosition: 100,
    });
    expect(await readFollowerPosition(pool, 'scaled', 'projection_positions')).toEqual({
      transactionId: 20n,
      globalPosition: 200,
    });
  });
});

describe('resetFollower', () => {
  it('sends a follower back to the start with a new epoch, with or without a row', async () => {
    expect(await readFollowerCheckpoint(pool, 'reset-fresh')).toEqual({
      position: START,
      epoch: 0,
    });
    await resetFollower(pool, 'reset-fresh');
    expect(await readFollowerCheckpoint(pool, 'reset-fresh')).toEqual({
      position: START,
      epoch: 1,
    });

    await checkpoint('reset-moved', 12n, 34);
    await resetFollower(pool, 'reset-moved');
    await resetFollower(pool, 'reset-moved');
    expect(await readFollowerCheckpoint(pool, 'reset-moved')).toEqual({
      position: START,
      epoch: 2,
    });
    expect(await readFollowerPosition(pool, 'reset-moved', 'projection_positions')).toEqual(START);
  });
});
