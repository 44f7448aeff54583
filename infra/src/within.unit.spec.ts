import { describe, expect, it } from 'vitest';
import { within } from './within.ts';

const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('within', () => {
  it('gives the answer that comes in time, and the late marker otherwise', async () => {
    await expect(within(after(5, 'answer'), 200, 'late')).resolves.toBe('answer');
    await expect(within(after(200, 'answer'), 5, 'late')).resolves.toBe('late');
  });

  it('passes on a rejection that comes in time', async () => {
    await expect(within(Promise.reject(new Error('refused')), 200, 'late')).rejects.toThrow(
      'refused',
    );
  });

  it('leaves no timer behind once the answer came', async () => {
    const before = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    await within(Promise.resolve(1), 60_000, 'late');
    const afterwards = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout');
    expect(afterwards.length).toBe(before);
  });
});
