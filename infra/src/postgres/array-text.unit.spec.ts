import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { arrayParameterText, withArrayTexts } from './array-text.ts';

// node-postgres's own conversion of a parameter: what the literal must equal byte for byte.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

describe('array parameters as literal text', () => {
  it("writes ids, hashes, times and numbers exactly as node-postgres's conversion does", () => {
    const cases: unknown[][] = [
      [],
      ['7d3c4f0e-9a51-4e1b-8c1f-2f0b1d9a6e42', 'account-7d3c4f0e'],
      ['a,b', '{x}', ' spaced ', 'NULL', 'é ✓', ''],
      ['2026-12-06T10:00:00.123456Z'],
      [0, -0, 1, -17, 1.5, 1e21, 2 ** 53],
      ['mixed', 3],
    ];
    for (const items of cases) {
      expect(arrayParameterText(items)).toBe(prepareValue(items));
    }
  });

  it('leaves to node-postgres what needs escaping, NULLs and anything but strings and numbers', () => {
    for (const items of [
      ['say "hi"'],
      ['back\\slash'],
      ['a', null],
      [undefined],
      [Number.NaN],
      [Number.POSITIVE_INFINITY],
      [['nested']],
      [Buffer.from('ab')],
      [new Date(0)],
      [true],
    ]) {
      expect(arrayParameterText(items)).toBeUndefined();
    }
    const values = [['a', null], ['b'], 'text', 5, null];
    expect(withArrayTexts(values)).toEqual([['a', null], '{"b"}', 'text', 5, null]);
  });
});
