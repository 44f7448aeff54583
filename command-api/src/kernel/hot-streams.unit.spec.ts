import { describe, expect, it } from 'vitest';
import { HotStreams } from './hot-streams.ts';

describe('hot streams', () => {
  it('is hot for a while after a conflict, then cools down', async () => {
    const hot = new HotStreams(30);
    expect(hot.isHot('s')).toBe(false);
    hot.markHot('s');
    expect(hot.isHot('s')).toBe(true);
    await new Promise((r) => setTimeout(r, 40));
    expect(hot.isHot('s')).toBe(false);
  });

  it('gives turns in arrival order: each starts when the one before releases', async () => {
    const hot = new HotStreams();
    const order: string[] = [];
    const first = await hot.turn('s');
    const second = hot.turn('s').then((release) => {
      order.push('second');
      return release;
    });
    const third = hot.turn('s').then((release) => {
      order.push('third');
      release();
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    first();
    (await second)();
    await third;
    expect(order).toEqual(['second', 'third']);
  });

  it('stops waiting after its bound, so crossed turns cannot deadlock', async () => {
    const hot = new HotStreams(5_000, 30);
    const held = await hot.turn('s');
    const started = Date.now();
    const next = await hot.turn('s');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    next();
    held();
  });
});
