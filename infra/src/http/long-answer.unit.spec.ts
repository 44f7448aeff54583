import type { Readable } from 'node:stream';
import { successOf } from '@bank/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from './envelopes.ts';
import { longListAnswer } from './long-answer.ts';

const line = z.object({ text: z.string(), amount: z.number() });
const answer = z.object({
  name: z.string(),
  lines: z.array(line),
  after: z.string(),
  total: z.number(),
});

/** Texts a customer may put anywhere: quotes, the list's own key, control characters, emoji. */
const TRICKY = ['', 'plain', '"lines":[]', '\\"lines\\":[]', '},"lines":[1]', '\u0000\n\t', '💸 é'];

function randomText(next: () => number) {
  const parts = Array.from({ length: Math.floor(next() * 4) }, () => {
    return TRICKY[Math.floor(next() * TRICKY.length)]!;
  });
  return parts.join('');
}

/** A small deterministic generator, so a failing case can be run again. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The whole body, as the client reads it. */
async function bodyOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('a long list answer', () => {
  it('is byte for byte what the response serializer writes, for many random answers', async () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const next = seeded(seed);
      const items = Array.from({ length: Math.floor(next() * 30) }, (_, i) => ({
        label: randomText(next),
        cents: i * 7 - 50,
      }));
      const toEntry = (item: (typeof items)[number]) => ({
        text: item.label,
        amount: item.cents / 100,
      });
      const data = { name: randomText(next), after: randomText(next), total: seed };
      const message = randomText(next);
      const body = await bodyOf(
        longListAnswer({
          schema: answer,
          listKey: 'lines',
          data,
          items,
          toEntry,
          message,
        }),
      );
      const serialized = JSON.stringify(
        z.encode(successOf(answer), ok({ ...data, lines: items.map(toEntry) }, message)),
      );
      expect(body, `seed ${seed}`).toBe(serialized);
    }
  });

  it('refuses an entry its schema does not describe, as the serializer does', async () => {
    await expect(
      bodyOf(
        longListAnswer({
          schema: answer,
          listKey: 'lines',
          data: { name: 'n', after: 'a', total: 1 },
          items: [1, 2],
          toEntry: (item) => (item === 2 ? { text: 'two' } : { text: 'one', amount: 1 }),
          message: 'OK',
        }),
      ),
    ).rejects.toThrow();
  });
});
