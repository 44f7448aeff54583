import { parse as fastifyDefault } from 'fast-querystring';
import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.ts';
import { textProblem } from './text-policy.ts';

const refusal = (value: string) => textProblem(value, 'search', false);

describe('parseQueryString', () => {
  it('decodes what the default parser decodes, the same way', () => {
    const samples = [
      'search=caf%C3%A9&limit=20',
      'q=a+b%20c',
      'type=credit&type=debit&type=fee',
      'empty=&flag',
      'euro=%E2%82%AC&emoji=%F0%9F%98%80',
      'search=100%',
      'search=50%25+off',
      '__proto__=x&constructor=y',
      '',
      '&&a=1&&',
    ];
    for (const raw of samples) {
      expect({ ...parseQueryString(raw) }, raw).toEqual({ ...fastifyDefault(raw) });
    }
  });

  it('hands on a value whose escapes are not UTF-8 as text the policy refuses', () => {
    for (const raw of ['%ED%A0%80', '%FF%FE', 'a%C0%AFb', '%E2%82', '%C3']) {
      const value = parseQueryString(`search=${raw}`)['search'] as string;
      expect(value, raw).not.toContain('%');
      expect(refusal(value), raw).toBe('The search field must be valid Unicode text.');
    }
    const [name] = Object.keys(parseQueryString('%FF=1'));
    expect(refusal(name!)).toBe('The search field must be valid Unicode text.');
  });

  it('keeps a percent sign that starts no escape as typed', () => {
    expect(parseQueryString('search=100%')['search']).toBe('100%');
    expect(parseQueryString('search=%zz%41')['search']).toBe('%zzA');
    expect(refusal(parseQueryString('search=100%')['search'] as string)).toBeUndefined();
  });

  it('makes an object without a prototype, whatever the names', () => {
    const fields = parseQueryString('__proto__=polluted&toString=1');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(fields['__proto__']).toBe('polluted');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
