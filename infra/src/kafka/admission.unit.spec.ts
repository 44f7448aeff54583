import { describe, expect, it } from 'vitest';
import { START, type Position, type RecordedEvent } from '../event-store/types.ts';
import { Prng } from '../testing/prng.ts';
import { admitMessages, type PartitionCursor } from './admission.ts';
import type { RelayMessage } from './codec.ts';

const at = (n: number): Position => ({ transactionId: BigInt(n), globalPosition: n });

function eventAt(n: number): RelayMessage {
  const event = { eventId: `e${n}`, position: at(n) } as unknown as RecordedEvent;
  return { kind: 'event', event, sealed: false, side: false };
}

/**
 * One partition as a run of relay leaders fills it. Each leader sends the log from the
 * checkpoint it inherited, in batches each ending with a watermark, and may be deposed: its next
 * leader starts from a checkpoint no further than what it had sent (the checkpoint moves only
 * after Kafka acknowledged a batch), and until it notices, the deposed one's batches still land,
 * mixed in any order with the new leader's. The last leader sends to the end of the log.
 */
function partitionLog(random: Prng, events: number): RelayMessage[] {
  const landed: RelayMessage[] = [];
  let checkpoint = 0;
  let zombie: RelayMessage[] = [];
  const leaders = random.int(1, 5);
  for (let leader = 1; leader <= leaders; leader += 1) {
    const last = leader === leaders;
    const sent: RelayMessage[] = [];
    let position = checkpoint;
    const stopAt = last ? events : random.int(checkpoint, events);
    while (position < stopAt) {
      const end = Math.min(stopAt, position + random.int(1, 6));
      for (let n = position + 1; n <= end; n += 1) sent.push(eventAt(n));
      sent.push({ kind: 'watermark', position: at(end) });
      position = end;
    }
    // The part sent before the next leader took over lands first; the rest races with it.
    const acknowledged = random.int(0, sent.length);
    const mixed = [...sent.slice(0, acknowledged)];
    const pending = [...zombie];
    const own = [...sent.slice(acknowledged)];
    while (pending.length > 0 || own.length > 0) {
      const fromZombie = pending.length > 0 && (own.length === 0 || random.chance(0.5));
      mixed.push(fromZombie ? pending.shift()! : own.shift()!);
    }
    landed.push(...mixed);
    zombie = last ? [] : sent.slice(acknowledged);
    const acked = sent.slice(0, acknowledged).filter((m) => m.kind === 'watermark');
    checkpoint = acked.length > 0 ? acked[acked.length - 1]!.position.globalPosition : checkpoint;
  }
  return landed;
}

describe('admitMessages', () => {
  it('applies every event of the partition once, in order, whatever the relay leaders did', () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const random = new Prng(seed);
      const events = random.int(1, 40);
      const landed = partitionLog(random, events);
      const offsets = landed.map((_, i) => String(i));
      const cursor: PartitionCursor = {
        storedNext: 0n,
        lastApplied: START,
        watermark: START,
      };
      const applied: number[] = [];
      let next = 0;
      while (next < landed.length) {
        const end = Math.min(landed.length, next + random.int(1, 8));
        // Sometimes a chunk's transaction fails: its cursor is thrown away and it is read again.
        const attempt = { ...cursor };
        const fresh = admitMessages(
          attempt,
          offsets.slice(next, end),
          landed.slice(next, end),
          START,
        );
        if (random.chance(0.2)) continue;
        Object.assign(cursor, attempt, { storedNext: BigInt(end) });
        applied.push(...fresh.map((m) => m.event.position.globalPosition));
        next = end;
      }
      const everyEvent = Array.from({ length: events }, (_, i) => i + 1);
      expect(applied, `seed ${seed}`).toEqual(everyEvent);
      expect(cursor.watermark.globalPosition, `seed ${seed}`).toBe(events);
    }
  });

  it('skips what a rebuild from the log already covers, and messages below the stored offset', () => {
    const cursor: PartitionCursor = {
      storedNext: 1n,
      lastApplied: START,
      watermark: START,
    };
    const messages = [1, 2, 3, 4].map((n) => eventAt(n));
    const fresh = admitMessages(cursor, ['0', '1', '2', '3'], messages, at(2));
    expect(fresh.map((m) => m.event.position.globalPosition)).toEqual([3, 4]);
    expect(cursor.lastApplied).toEqual(at(4));
  });
});
