import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonTooComplex, jsonTooDeep, MAX_JSON_VALUES } from './json-depth.ts';
import { applyTextPolicy, multilineText, verbatimText } from './text-policy.ts';

const schema = z.object({
  name: z.string().trim().max(50),
  message: multilineText(z.string().trim().max(500)).optional(),
  password: verbatimText(z.string()),
  people: z.array(z.looseObject({ name: z.string() })).optional(),
});

const errorsOf = (input: unknown) => {
  const result = applyTextPolicy(input, schema);
  return 'errors' in result ? result.errors : {};
};

describe('the text policy', () => {
  it.each([
    ['NUL', 'Bob\u0000'],
    ['escape', '\u001b[31mBob'],
    ['DEL', 'Bob\u007f'],
    ['C1 control', 'Bob\u0085'],
  ])('refuses a %s character with a field error', (_, name) => {
    expect(errorsOf({ name, password: 'x' })).toEqual({
      name: ['The name field must not contain control characters.'],
    });
  });

  it.each([
    ['right-to-left override', 'Bob\u202Egnp.exe'],
    ['first-strong isolate', 'Bob\u2068x'],
    ['left-to-right mark', 'Bob\u200E'],
    ['right-to-left mark', '\u200FBob'],
    ['Arabic letter mark', 'Bob\u061C'],
  ])('refuses a %s', (_, name) => {
    expect(errorsOf({ name, password: 'x' }).name).toEqual([
      'The name field must not contain text-direction control characters.',
    ]);
  });

  it.each(['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'])(
    'refuses the zero-width character U+%s',
    (char) => {
      expect(errorsOf({ name: `Bo${char}b`, password: 'x' }).name).toEqual([
        'The name field must not contain invisible characters.',
      ]);
    },
  );

  it.each([
    ['a Hangul filler (a name that looks empty)', '\u3164'],
    ['the Hangul choseong and jungseong fillers', '\u115F\u1160'],
    ['the blank braille pattern', '\u2800'],
    ['a soft hyphen', 'Bo\u00ADb'],
    ['a combining grapheme joiner', 'Bo\u034Fb'],
    ['an invisible operator', 'Bo\u2061b'],
    ['tag characters (words nobody sees)', 'Bob\u{E0070}\u{E0061}\u{E0079}'],
  ])('refuses %s as invisible', (_, name) => {
    expect(errorsOf({ name, password: 'x' }).name).toEqual([
      'The name field must not contain invisible characters.',
    ]);
  });

  it('keeps variation selectors (emoji) and right-to-left letters', () => {
    expect(errorsOf({ name: 'Thanks \u2764\uFE0F', password: 'x' })).toEqual({});
    expect(errorsOf({ name: '\u0645\u062D\u0645\u062F', password: 'x' })).toEqual({});
  });

  it('holds a password only to the characters refused when it could have been chosen', () => {
    expect(errorsOf({ name: 'Bob', password: 'pass\u00ADword\u200E' })).toEqual({});
    expect(errorsOf({ name: 'Bob', password: 'pass\u200Bword' }).password).toEqual([
      'The password field must not contain invisible characters.',
    ]);
  });

  it('refuses unpaired surrogates but keeps pairs (emoji)', () => {
    expect(errorsOf({ name: 'Bob\uD83D', password: 'x' }).name).toEqual([
      'The name field must be valid Unicode text.',
    ]);
    expect(errorsOf({ name: 'Bob \uD83D\uDE00', password: 'x' })).toEqual({});
  });

  it('allows line breaks and tabs only in multi-line fields', () => {
    expect(errorsOf({ name: 'Bob\nSmith', password: 'x' }).name).toEqual([
      'The name field must be a single line without tabs.',
    ]);
    expect(errorsOf({ name: 'Bob', password: 'x', message: 'Hello,\r\n\tthanks' })).toEqual({});
    expect(errorsOf({ name: 'Bob', password: 'x', message: 'Hello\u0000' }).message).toEqual([
      'The message field must not contain control characters.',
    ]);
  });

  it.each([
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
  ])('refuses a Unicode %s, in multi-line fields too', (_, char) => {
    const errors = errorsOf({ name: `Bob${char}${char}Bank`, password: 'x', message: `Hi${char}` });
    expect(errors).toEqual({
      name: ['The name field must not contain line or paragraph separators.'],
      message: ['The message field must not contain line or paragraph separators.'],
    });
    expect(errorsOf({ name: 'Bob', password: `pass${char}word` })).toEqual({});
  });

  it.each([
    ['next line (NEL)', '\u0085'],
    ['vertical tab', '\u000B'],
    ['form feed', '\u000C'],
  ])('refuses a %s as a control character, in multi-line fields too', (_, char) => {
    expect(errorsOf({ name: 'Bob', password: 'x', message: `Hi${char}there` }).message).toEqual([
      'The message field must not contain control characters.',
    ]);
  });

  it('checks nested values, unknown fields and keys, naming the path', () => {
    expect(
      errorsOf({
        name: 'Bob',
        password: 'x',
        people: [{ name: 'ok' }, { name: 'A\u202E' }],
        extra: { deep: ['\u0000'] },
        ['k\u0000']: 1,
      }),
    ).toEqual({
      'people.1.name': ['The name field must not contain text-direction control characters.'],
      'extra.deep.0': ['The deep field must not contain control characters.'],
      body: ['The field name field must not contain control characters.'],
    });
  });

  it('normalises text to NFC, except verbatim fields', () => {
    const decomposed = 'Jose\u0301';
    const result = applyTextPolicy(
      { name: decomposed, password: decomposed, people: [{ name: decomposed }] },
      schema,
    );
    expect(result).toEqual({
      value: { name: 'José', password: decomposed, people: [{ name: 'José' }] },
    });
  });

  it('passes a body of printable ASCII as it is, and still finds a tab or escape deep in one', () => {
    const plain = { name: 'Bob', password: 'x', people: [{ name: 'Al', note: '~!' }] };
    expect(applyTextPolicy(plain, schema)).toEqual({ value: plain });
    expect(errorsOf({ ...plain, people: [{ name: 'Al' }, { name: 'Ali\tce' }] })).toEqual({
      'people.1.name': ['The name field must be a single line without tabs.'],
    });
    expect(errorsOf({ ...plain, people: [{ 'na\u001bme': 'Al' }] })).toEqual({
      'people.0': ['The field name field must not contain control characters.'],
    });
    expect(applyTextPolicy({ ...plain, message: 'two\nlines' }, schema)).toEqual({
      value: { ...plain, message: 'two\nlines' },
    });
  });

  it('keeps a key named __proto__ a plain field', () => {
    const result = applyTextPolicy(JSON.parse('{"__proto__": {"polluted": true}}'), undefined);
    const value = (result as { value: Record<string, unknown> }).value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });
});

describe('the JSON depth limit', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonTooDeep('['.repeat(32) + ']'.repeat(32))).toBe(false);
    expect(jsonTooDeep('['.repeat(33) + ']'.repeat(33))).toBe(true);
    expect(jsonTooDeep(`{"a": "${'['.repeat(100)}", "b": "\\"[[[["}`)).toBe(false);
    expect(jsonTooDeep('{"a":'.repeat(8000))).toBe(true);
  });

  it('counts values outside strings, and lets a split of 100 people through', () => {
    const strings = (n: number) => JSON.stringify({ people: Array.from({ length: n }, () => 'a') });
    expect(jsonTooComplex(strings(40_000))).toBe('values');
    expect(jsonTooComplex(strings(MAX_JSON_VALUES - 3))).toBeUndefined();
    expect(jsonTooComplex(strings(MAX_JSON_VALUES))).toBe('values');
    expect(jsonTooComplex(JSON.stringify({ memo: ','.repeat(100_000) }))).toBeUndefined();
    const split = {
      amount: 1000,
      memo: 'Dinner',
      from_account_id: 'a',
      people: Array.from({ length: 100 }, (_, i) => ({
        name: `Person ${i}`,
        contact: `p${i}@example.com`,
        amount: 10,
      })),
    };
    expect(jsonTooComplex(JSON.stringify(split))).toBeUndefined();
  });
});
