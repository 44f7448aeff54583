import { describe, expect, it } from 'vitest';
import { jsonRepeatsKey, quoteInexactNumbers, scanJson } from './json-depth.ts';

const repeats = (text: string) => jsonRepeatsKey(JSON.parse(text), scanJson(text).members);

/** A small deterministic generator, so a failing case can be run again. */
function randomSource(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

/** Keys that differ in text but may decode alike, with colons and quotes inside strings. */
const KEYS = ['a', '\\u0061', 'b', 'a:b', '\\"q\\"', '__proto__', 'amount', 'x\\\\'];

/** JSON text written member by member (so keys may repeat), and whether any object repeats one. */
function randomText(
  next: (n: number) => number,
  depth: number,
): { text: string; repeated: boolean } {
  const kind = depth > 3 ? next(3) : next(5);
  if (kind === 0) return { text: String(next(1000)), repeated: false };
  if (kind === 1) return { text: JSON.stringify(`s:${next(9)}"{:}`), repeated: false };
  if (kind === 2) return { text: 'null', repeated: false };
  if (kind === 3) {
    const items = Array.from({ length: next(4) }, () => randomText(next, depth + 1));
    return {
      text: `[${items.map((i) => i.text).join(',')}]`,
      repeated: items.some((i) => i.repeated),
    };
  }
  const seen = new Set<string>();
  let repeated = false;
  const members: string[] = [];
  for (let m = next(5); m > 0; m -= 1) {
    const key = KEYS[next(KEYS.length)]!;
    const decoded = JSON.parse(`"${key}"`) as string;
    if (seen.has(decoded)) repeated = true;
    seen.add(decoded);
    const value = randomText(next, depth + 1);
    repeated ||= value.repeated;
    members.push(`"${key}" : ${value.text}`);
  }
  return { text: `{${members.join(', ')}}`, repeated };
}

describe('a key named twice in one object', () => {
  it('is found at any depth, however the key is written', () => {
    expect(repeats('{"amount": 5, "amount": 6}')).toBe(true);
    expect(repeats('{"a": 1, "\\u0061": 2}')).toBe(true);
    expect(repeats('[{"x": 1}, {"y": {"k": 1, "k": 1}}]')).toBe(true);
    expect(repeats('{"__proto__": 1, "__proto__": 2}')).toBe(true);
  });

  it('is not seen in the same key in different objects, or in colons inside strings', () => {
    expect(repeats('{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}')).toBe(false);
    expect(repeats('{"a:b": "c:d", "e": "\\":"}')).toBe(false);
    expect(repeats('"a:b"')).toBe(false);
    expect(repeats('[1, 2, 3]')).toBe(false);
  });

  it('agrees with a member-by-member reading of 2,000 random bodies', () => {
    for (let seed = 1; seed <= 2_000; seed += 1) {
      const { text, repeated } = randomText(randomSource(seed), 0);
      expect(repeats(text), `seed ${seed}: ${text}`).toBe(repeated);
    }
  });
});

/** Whether two decimal texts (JavaScript's own printing included) are the same number. */
function sameDecimal(a: string, b: string): boolean {
  const scaled = (text: string) => {
    const [mantissa, power = '0'] = text.toLowerCase().split('e');
    const [whole, fraction = ''] = mantissa!.split('.');
    return { units: BigInt(`${whole}${fraction}`), power: Number(power) - fraction.length };
  };
  const x = scaled(a);
  const y = scaled(b);
  const low = Math.min(x.power, y.power);
  return x.units * 10n ** BigInt(x.power - low) === y.units * 10n ** BigInt(y.power - low);
}

describe('numbers a double cannot hold as written', () => {
  const parsedAsWritten = (text: string) =>
    JSON.parse(quoteInexactNumbers(text, scanJson(text).inexactNumbers)) as unknown;

  it('come through as the text written, so a schema judges them as written', () => {
    expect(parsedAsWritten('{"amount":6.559999999999999999999}')).toEqual({
      amount: '6.559999999999999999999',
    });
    expect(
      parsedAsWritten('[12345678901234567890, -0.30000000000000000001, 1e400, 1e-400]'),
    ).toEqual(['12345678901234567890', '-0.30000000000000000001', '1e400', '1e-400']);
  });

  it('leave every number JSON.parse gives exactly as it is', () => {
    const exact = '[6.56, -0, 0, 1e1, 1.50, 2.5E-3, 0.1, 9007199254740991, 123456789012345, 1e21]';
    expect(parsedAsWritten(exact)).toEqual(JSON.parse(exact));
    expect(scanJson(exact).inexactNumbers).toEqual([]);
  });

  it('leave digits inside strings and text that is not a number alone', () => {
    expect(parsedAsWritten('{"memo":"6.559999999999999999999","n":1}')).toEqual({
      memo: '6.559999999999999999999',
      n: 1,
    });
    expect(() => parsedAsWritten('{"amount":1.2.3}')).toThrow(SyntaxError);
    expect(() => parsedAsWritten('{"amount":01}')).toThrow(SyntaxError);
  });

  it('keep, over random decimals, the number exactly when its text is what the double prints', () => {
    const next = randomSource(7);
    for (let run = 0; run < 2_000; run += 1) {
      const digits = Array.from({ length: 1 + next(22) }, () => String(next(10))).join('');
      const point = next(digits.length + 1);
      const sign = next(2) === 0 ? '-' : '';
      const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
      const fraction = digits.slice(point);
      const written = `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
      const [value] = parsedAsWritten(`[${written}]`) as [unknown];
      // Kept as a number only if no digit was lost: the double's decimal equals the text's.
      if (typeof value === 'number') {
        expect(sameDecimal(written, String(value)), written).toBe(true);
      } else {
        expect(value, written).toBe(written);
        expect(sameDecimal(written, String(Number(written))), written).toBe(false);
      }
    }
  });
});
