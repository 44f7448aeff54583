import { describe, expect, it } from 'vitest';
import { canonicalJson, hashRequest } from './idempotency.ts';

describe('canonicalJson', () => {
  it('sorts keys, leaves out undefined properties and writes undefined items as null', () => {
    expect(
      canonicalJson({ b: [1, undefined, { z: 'x', a: null }], a: 'é', c: undefined, d: {} }),
    ).toBe('{"a":"é","b":[1,null,{"a":null,"z":"x"}],"d":{}}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([])).toBe('[]');
  });

  it('keeps the hashes of requests stored before it became iterative', () => {
    // The request hash an Idempotency-Key was stored with must not change with the code.
    expect(hashRequest('POST', '/api/transfers/internal', { amount: 12.5, memo: 'rent' })).toBe(
      '5f9f737d2f4206b0b498c1a5c582092080a25a0c62d808523c362bb00fadab34',
    );
  });

  it('writes values nested far deeper than any stack allows', () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) value = i % 2 ? [value] : { v: value };
    const text = canonicalJson(value);
    expect(text.length).toBeGreaterThan(300_000);
    expect(text.startsWith('[{"v":[{"v":')).toBe(true);
    expect(text.endsWith('}]}]')).toBe(true);
  });
});
