import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ScopedStorage } from './scoped-storage.ts';

describe('ScopedStorage', () => {
  it('keeps each context across awaits while others open and close around it', async () => {
    const storage = new ScopedStorage<string>();
    const seen: (string | undefined)[] = [];
    const long = storage.run('long', async () => {
      await sleep(30);
      seen.push(storage.getStore());
      await sleep(1);
      return storage.getStore();
    });
    // Short contexts open and all close while the long one is still waiting.
    const shorts = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        storage.run(name, async () => {
          await sleep(1);
          return storage.getStore();
        }),
      ),
    );
    expect(shorts).toEqual(['a', 'b', 'c']);
    expect(storage.openContexts).toBe(1);
    expect(await long).toBe('long');
    expect(seen).toEqual(['long']);
    expect(storage.openContexts).toBe(0);
  });

  it('works again after its last context closed, and closes a context whose work throws', async () => {
    const storage = new ScopedStorage<number>();
    await storage.run(1, async () => undefined);
    expect(storage.getStore()).toBeUndefined();
    await expect(
      storage.run(2, async () => {
        await sleep(1);
        throw new Error('failed');
      }),
    ).rejects.toThrow('failed');
    expect(() =>
      storage.open(3, () => {
        throw new Error('at once');
      }),
    ).toThrow('at once');
    expect(storage.openContexts).toBe(0);
    expect(await storage.run(4, async () => (await sleep(1), storage.getStore()))).toBe(4);
  });

  it('leaves a context opened with open() until it is closed, once', async () => {
    const storage = new ScopedStorage<string>();
    const { result, close } = storage.open('request', () =>
      sleep(5).then(() => storage.getStore()),
    );
    expect(await result).toBe('request');
    expect(storage.openContexts).toBe(1);
    close();
    close();
    expect(storage.openContexts).toBe(0);
  });
});
