import { ANY, NO_STREAM } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import {
  decodeKurrentEvent,
  encodeKurrentEvent,
  fromKurrentPosition,
  kurrentStreamState,
  toKurrentPosition,
} from './kurrentdb-event-store.ts';
import { comparePositions, formatPosition, parsePosition } from './types.ts';

const upcaster = {
  read: (type: string, version: number, data: unknown) =>
    version === 1 && type === 'Old'
      ? { type: 'New', data: { ...(data as object), v: 2 } }
      : { type, data },
};

/**
 * What can be checked without a KurrentDB server (none can be installed here: it is not on the
 * registries this machine reaches). The contract itself runs in kurrentdb-event-store.int.spec.ts
 * when EVENTSTORE_URL points at a server.
 */
describe('KurrentDB adapter mapping', () => {
  it('maps expected versions (event counts) to KurrentDB stream states (last revision)', () => {
    expect(kurrentStreamState('any')).toBe(ANY);
    expect(kurrentStreamState('no_stream')).toBe(NO_STREAM);
    expect(kurrentStreamState(0)).toBe(NO_STREAM);
    expect(kurrentStreamState(1)).toBe(0n);
    expect(kurrentStreamState(42)).toBe(41n);
    expect(() => kurrentStreamState(-1)).toThrow();
    expect(() => kurrentStreamState(1.5)).toThrow();
  });

  it('maps $all positions both ways and keeps their order and token form', () => {
    const a = fromKurrentPosition({ commit: 1000n, prepare: 990n });
    const b = fromKurrentPosition({ commit: 1000n, prepare: 995n });
    const c = fromKurrentPosition({ commit: 2000n, prepare: 10n });
    expect(comparePositions(a, b)).toBeLessThan(0);
    expect(comparePositions(b, c)).toBeLessThan(0);
    expect(toKurrentPosition(b)).toEqual({ commit: 1000n, prepare: 995n });
    expect(parsePosition(formatPosition(c))).toEqual(c);
  });

  it('encodes an event as JSON with the schema version and metadata, and decodes it back', () => {
    const encoded = encodeKurrentEvent(
      { type: 'AccountCredited', data: { amount: 500 }, schemaVersion: 3, eventId: 'e-1' },
      { actor: 'ops', correlationId: 'c-1' },
    );
    expect(encoded).toMatchObject({
      id: 'e-1',
      contentType: 'application/json',
      type: 'AccountCredited',
      data: { amount: 500 },
      metadata: { actor: 'ops', correlationId: 'c-1', $schemaVersion: 3 },
    });
    const created = new Date('2026-01-02T03:04:05Z');
    const decoded = decodeKurrentEvent(
      {
        event: {
          streamId: 'account-1',
          id: 'e-1',
          isJson: true,
          revision: 4n,
          type: 'AccountCredited',
          created,
          data: encoded.data as Record<string, unknown>,
          metadata: encoded.metadata as Record<string, unknown>,
          position: { commit: 77n, prepare: 70n },
        },
      },
      upcaster,
    );
    expect(decoded).toEqual({
      eventId: 'e-1',
      streamId: 'account-1',
      streamVersion: 5,
      type: 'AccountCredited',
      schemaVersion: 3,
      event: { type: 'AccountCredited', data: { amount: 500 } },
      metadata: { actor: 'ops', correlationId: 'c-1' },
      recordedAt: created,
      position: { transactionId: 77n, globalPosition: 70 },
    });
  });

  it('upcasts old versions through the catalogue and skips system events', () => {
    const event = (type: string, streamId: string, metadata: object) => ({
      event: {
        streamId,
        id: 'x',
        isJson: true as const,
        revision: 0n,
        type,
        created: new Date(),
        data: { a: 1 },
        metadata: metadata as Record<string, unknown>,
        position: { commit: 1n, prepare: 1n },
      },
    });
    expect(decodeKurrentEvent(event('Old', 's-1', {}), upcaster)?.event).toEqual({
      type: 'New',
      data: { a: 1, v: 2 },
    });
    expect(decodeKurrentEvent(event('$metadata', 's-1', {}), upcaster)).toBeUndefined();
    expect(decodeKurrentEvent(event('Any', '$stats-1', {}), upcaster)).toBeUndefined();
  });
});
