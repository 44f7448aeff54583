import { describe, expect, it } from 'vitest';
import { ChainHasher, eventHash, type HashedEventFields } from './hash-chain.ts';

const event = (overrides: Partial<HashedEventFields> = {}): HashedEventFields => ({
  eventId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  streamId: 'account-0b9d7a52-5c3e-4f0a-9d1e-2f1b3c4d5e6f',
  streamVersion: 2,
  type: 'AccountCredited',
  schemaVersion: 1,
  dataText: '{"kind": "deposit", "amount": 12000, "contra": "cash:teller"}',
  metadataText: '{"actor": "teller"}',
  recordedAtMicros: 1_763_820_000_123_456n,
  ...overrides,
});

function fastHash(previous: Buffer | null, e: HashedEventFields, hasher = new ChainHasher()) {
  return hasher.hashHex(
    previous ? previous.toString('hex') : '',
    e.eventId,
    e.streamId,
    e.streamVersion,
    e.type,
    e.schemaVersion,
    e.dataText,
    e.metadataText,
    Number(e.recordedAtMicros),
  );
}

describe('ChainHasher (the scan’s one-buffer form of eventHash)', () => {
  const previous = eventHash(null, event({ streamVersion: 1 }));
  const cases: [string, Buffer | null, HashedEventFields][] = [
    ['the first event of a stream', null, event({ streamVersion: 1 })],
    ['an event chained to its previous one', previous, event()],
    ['non-ASCII text', previous, event({ dataText: '{"description": "Café – 東京 🏦"}' })],
    ['a recorded_at before 1970', previous, event({ recordedAtMicros: -86_400_000_001n })],
    ['a recorded_at past 2^53 µs', previous, event({ recordedAtMicros: 2n ** 60n })],
    ['a large event (past its first buffer)', previous, event({ dataText: 'é'.repeat(70_000) })],
    [
      'empty metadata and a later schema',
      previous,
      event({ metadataText: '{}', schemaVersion: 3 }),
    ],
  ];

  it.each(cases)('gives the same hash as eventHash for %s', (_name, prev, e) => {
    expect(fastHash(prev, e)).toBe(eventHash(prev, e).toString('hex'));
  });

  it('keeps no state from one event to the next', () => {
    const hasher = new ChainHasher();
    const big = event({ dataText: 'x'.repeat(100_000) });
    fastHash(previous, big, hasher);
    expect(fastHash(null, event(), hasher)).toBe(eventHash(null, event()).toString('hex'));
  });

  it('changes with every field it covers', () => {
    const base = fastHash(previous, event());
    const altered: Partial<HashedEventFields>[] = [
      { eventId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4c' },
      { streamId: 'account-other' },
      { streamVersion: 3 },
      { type: 'AccountDebited' },
      { schemaVersion: 2 },
      { dataText: '{"kind": "deposit", "amount": 12001, "contra": "cash:teller"}' },
      { metadataText: '{"actor": "intruder"}' },
      { recordedAtMicros: 1_763_820_000_123_457n },
    ];
    for (const change of altered) expect(fastHash(previous, event(change))).not.toBe(base);
    expect(fastHash(null, event())).not.toBe(base);
  });
});
