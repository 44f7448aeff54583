import { describe, expect, it } from 'vitest';
import { jsonbText, numericText } from './jsonb-text.ts';

// What PostgreSQL prints for each value is checked against the database itself in
// pg-event-store.int.spec.ts; these pin the rules down without one.
describe('jsonbText (PostgreSQL’s canonical text of a jsonb value)', () => {
  it('orders keys by length, then bytewise, with ", " and ": " between items', () => {
    expect(jsonbText({ zeta: 1, b: [1, { y: null, x: true }], aa: 'x', a: {} })).toBe(
      '{"a": {}, "b": [1, {"x": true, "y": null}], "aa": "x", "zeta": 1}',
    );
  });

  it('orders keys that are not ASCII by their UTF-8 bytes', () => {
    // 'é' is two bytes, so it sorts with the two-letter keys; U+FF21 (three bytes) comes after
    // U+1F3E6 (four) in UTF-16 order, but before it in UTF-8 length.
    expect(jsonbText({ é: 1, ab: 2, b: 3, '🏦': 4, Ａ: 5 })).toBe(
      '{"b": 3, "ab": 2, "é": 1, "Ａ": 5, "🏦": 4}',
    );
  });

  it('orders the keys of small and large objects alike, whatever order they were set in', () => {
    const names = ['id', 'a', 'amountCents', 'é', 'b', 'zz', 'memo', '🏦', 'type', 'Ａ', 'y', 'x'];
    const utf8 = (key: string) => Buffer.from(key, 'utf8');
    for (let count = 0; count <= 40; count += 1) {
      const keys = Array.from({ length: count }, (_, i) => `${names[i % names.length]}${i}`);
      // Set in a shuffled order (a fixed one): the text must not depend on it.
      const shuffled = [...keys];
      let seed = count + 1;
      for (let i = shuffled.length - 1; i > 0; i -= 1) {
        seed = (seed * 48_271) % 2_147_483_647;
        const j = seed % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      const data = Object.fromEntries(shuffled.map((key, i) => [key, i]));
      const expected = [...keys].sort(
        (a, b) => utf8(a).length - utf8(b).length || Buffer.compare(utf8(a), utf8(b)),
      );
      const text = jsonbText(data)!;
      expect(Object.keys(JSON.parse(text) as object)).toEqual(expected);
      // Only ASCII keys: the same order.
      const ascii = Object.fromEntries(
        expected
          .filter((k) => !/[^\x20-\x7e]/.test(k))
          .reverse()
          .map((k) => [k, 1]),
      );
      const asciiKeys = Object.keys(JSON.parse(jsonbText(ascii)!) as object);
      expect(asciiKeys).toEqual(expected.filter((k) => k in ascii));
    }
  });

  it('drops and nulls what JSON.stringify does, and calls toJSON', () => {
    const at = new Date('2026-11-28T05:38:13.260Z');
    expect(
      jsonbText({ gone: undefined, fn: () => 1, at, list: [undefined, () => 1, NaN, -0] }),
    ).toBe('{"at": "2026-11-28T05:38:13.260Z", "list": [null, null, null, 0]}');
    expect(jsonbText(undefined)).toBeUndefined();
    expect(() => jsonbText({ n: 1n })).toThrow(TypeError);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => jsonbText(cycle)).toThrow(TypeError);
  });

  it('escapes strings as jsonb does', () => {
    expect(jsonbText({ s: 'a"b\\c\n\t\u0001/é' })).toBe('{"s": "a\\"b\\\\c\\n\\t\\u0001/é"}');
  });

  it('prints numbers as numeric does, never with an exponent', () => {
    expect(numericText(570)).toBe('570');
    expect(numericText(-1.0845)).toBe('-1.0845');
    expect(numericText(1e21)).toBe('1000000000000000000000');
    expect(numericText(1.2345e25)).toBe('12345000000000000000000000');
    expect(numericText(1.5e-7)).toBe('0.00000015');
    expect(numericText(-2e-7)).toBe('-0.0000002');
    expect(numericText(0.000001)).toBe('0.000001');
    expect(numericText(-0)).toBe('0');
  });
});
