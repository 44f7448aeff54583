import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keysOf } from './keys.ts';

describe('keysOf', () => {
  it('gives a label table’s keys in their written order, as z.enum accepts them', () => {
    const table = { zeta: 'Last letter', alpha: 'First letter', mid: 'Middle' } as const;
    const keys = keysOf(table);
    expect(keys).toEqual(['zeta', 'alpha', 'mid']);
    const schema = z.enum(keys);
    expect(schema.safeParse('alpha').success).toBe(true);
    expect(schema.safeParse('First letter').success).toBe(false);
  });
});
