import { describe, expect, it } from 'vitest';
import { jsonRepeatsKey, scanJson } from './json-depth.ts';

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
