import { describe, expect, it } from 'vitest';
import { bucketOf, profileShares, type CpuProfile } from './profile.ts';

const REPO = '/work/bank';

describe('main-thread profile buckets', () => {
  it('names a package by its npm name, scoped or not, however deep the file', () => {
    expect(bucketOf(`file://${REPO}/node_modules/pg/lib/client.js`, 'query', REPO)).toBe('pg');
    expect(bucketOf(`file://${REPO}/node_modules/@fastify/ajv-compiler/index.js`, 'x', REPO)).toBe(
      '@fastify/ajv-compiler',
    );
    expect(
      bucketOf(`file://${REPO}/node_modules/a/node_modules/pg-protocol/dist/parser.js`, 'p', REPO),
    ).toBe('pg-protocol');
  });

  it("names the repository's own files by their path, and V8's buckets by theirs", () => {
    expect(bucketOf(`file://${REPO}/infra/src/security/seal.ts`, 'seal', REPO)).toBe(
      'infra/src/security/seal.ts',
    );
    expect(bucketOf('node:internal/streams/writable', 'write', REPO)).toBe(
      'node:internal/streams/writable',
    );
    expect(bucketOf('', '(garbage collector)', REPO)).toBe('(garbage collector)');
    expect(bucketOf('', 'writev', REPO)).toBe('(native) writev');
  });
});

describe('profile shares', () => {
  it('gives each bucket the time to the next sample, leaves out idle, and shares out the CPU', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: { url: '', functionName: '(idle)' } },
        { id: 2, callFrame: { url: `file://${REPO}/node_modules/pg/lib/x.js`, functionName: 'a' } },
        { id: 3, callFrame: { url: '', functionName: '(garbage collector)' } },
      ],
      samples: [2, 1, 3, 2, 2],
      timeDeltas: [0, 100, 900, 50, 300],
    };
    // pg: 100 (to the idle sample) + 300 (to the last one); GC: 50; the idle 900 is not counted.
    const shares = profileShares(profile, 900, 15, REPO);
    expect(shares.map((s) => s.where)).toEqual(['pg', '(garbage collector)']);
    expect(shares[0]!.share).toBeCloseTo(400 / 450);
    expect(shares[0]!.microsPerTransfer).toBeCloseTo(800);
    expect(shares[1]!.microsPerTransfer).toBeCloseTo(100);
  });
});
