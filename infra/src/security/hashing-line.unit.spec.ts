import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceBusy } from '../http/errors.ts';
import { customerTurn, HashingLine, type HashingTurn } from './hashing-line.ts';

const anonymous = (client: string): HashingTurn => ({ client, trusted: false });
const trusted = (client: string): HashingTurn => ({ client, trusted: true });
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A line whose hashings end when the test says; records the order in which they started. */
function lineUnderTest(options: { threads?: number; maxWaiting?: number; maxPerClient?: number }) {
  const line = new HashingLine(
    options.threads ?? 1,
    options.maxWaiting ?? 256,
    10_000,
    options.maxPerClient ?? 8,
  );
  const started: string[] = [];
  const finishers: (() => void)[] = [];
  const outcomes = new Map<string, 'done' | 'busy'>();
  const ask = (name: string, turn: HashingTurn) => {
    const asked = line.run(
      () =>
        new Promise<void>((resolve) => {
          started.push(name);
          finishers.push(resolve);
        }),
      turn,
    );
    void asked.then(
      () => outcomes.set(name, 'done'),
      (error: unknown) => {
        if (!(error instanceof ServiceBusy)) throw error;
        outcomes.set(name, 'busy');
      },
    );
  };
  /** Ends the oldest running hashing and lets the next one start. */
  const finishOne = async () => {
    finishers.shift()!();
    await settle();
  };
  const finishAll = async () => {
    while (finishers.length > 0) await finishOne();
  };
  return { line, ask, started, outcomes, finishOne, finishAll };
}

describe('HashingLine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes clients in turns: a customer waits behind one hashing of a flooding address, not all of them', async () => {
    const t = lineUnderTest({});
    t.ask('running', anonymous('10.0.0.9'));
    for (let i = 1; i <= 6; i++) t.ask(`flood-${i}`, anonymous('10.0.0.1'));
    t.ask('customer', anonymous('192.0.2.7'));
    await settle();
    await t.finishAll();
    expect(t.started.slice(0, 4)).toEqual(['running', 'flood-1', 'customer', 'flood-2']);
    expect(t.outcomes.get('customer')).toBe('done');
  });

  it('refuses an address past its own share of the line at once, and only that address', async () => {
    const t = lineUnderTest({ maxPerClient: 3 });
    t.ask('running', anonymous('10.0.0.9'));
    for (let i = 1; i <= 5; i++) t.ask(`flood-${i}`, anonymous('10.0.0.1'));
    expect(() => t.line.refuseWhenFull(anonymous('10.0.0.1'))).toThrow(ServiceBusy);
    expect(() => t.line.refuseWhenFull(anonymous('192.0.2.7'))).not.toThrow();
    t.ask('customer', anonymous('192.0.2.7'));
    await settle();
    expect(t.outcomes.get('flood-4')).toBe('busy');
    expect(t.outcomes.get('flood-5')).toBe('busy');
    await t.finishAll();
    expect(t.started).toEqual(['running', 'flood-1', 'customer', 'flood-2', 'flood-3']);
  });

  it('lets trusted work (a browser the customer signed in from before) go before every anonymous client', async () => {
    const t = lineUnderTest({});
    t.ask('running', anonymous('10.0.0.9'));
    t.ask('flood-1', anonymous('10.0.0.1'));
    t.ask('flood-2', anonymous('10.0.0.2'));
    t.ask('own-browser', trusted('198.51.100.4'));
    await settle();
    await t.finishAll();
    expect(t.started).toEqual(['running', 'own-browser', 'flood-1', 'flood-2']);
  });

  it('alternates trusted and anonymous turns: a flood of signed-in work takes at most every other turn from sign-ins', async () => {
    const t = lineUnderTest({ maxPerClient: 3 });
    t.ask('running', anonymous('10.0.0.9'));
    for (const customer of ['a', 'b', 'c']) {
      for (let i = 1; i <= 3; i++) t.ask(`${customer}-${i}`, customerTurn(customer));
    }
    t.ask('stranger-1', anonymous('192.0.2.7'));
    t.ask('stranger-2', anonymous('192.0.2.7'));
    await settle();
    await t.finishAll();
    expect(t.started.slice(0, 6)).toEqual([
      'running',
      'a-1',
      'stranger-1',
      'b-1',
      'stranger-2',
      'c-1',
    ]);
  });

  it("holds each customer's trusted work to their own share of the line too", async () => {
    const t = lineUnderTest({ maxPerClient: 3 });
    t.ask('running', anonymous('10.0.0.9'));
    for (let i = 1; i <= 5; i++) t.ask(`step-up-${i}`, customerTurn('attacker'));
    t.ask('other-customer', customerTurn('someone-else'));
    await settle();
    expect(t.outcomes.get('step-up-4')).toBe('busy');
    expect(t.outcomes.get('step-up-5')).toBe('busy');
    await t.finishAll();
    expect(t.started).toEqual(['running', 'step-up-1', 'other-customer', 'step-up-2', 'step-up-3']);
  });

  it('gives a newcomer to a full line the place of the newest entry of the longest line', async () => {
    const t = lineUnderTest({ maxWaiting: 4, maxPerClient: 4 });
    t.ask('running', anonymous('10.0.0.9'));
    for (let i = 1; i <= 4; i++) t.ask(`flood-${i}`, anonymous('10.0.0.1'));
    t.ask('b', anonymous('10.0.0.2'));
    t.ask('c', anonymous('10.0.0.3'));
    t.ask('d', anonymous('10.0.0.4'));
    // Every line is one long now: nobody's place is taken for a fifth client.
    expect(() => t.line.refuseWhenFull(anonymous('10.0.0.5'))).toThrow(ServiceBusy);
    t.ask('e', anonymous('10.0.0.5'));
    // Trusted work still takes an anonymous place.
    t.ask('own-browser', trusted('198.51.100.4'));
    await settle();
    expect(['flood-2', 'flood-3', 'flood-4', 'e'].map((n) => t.outcomes.get(n))).toEqual([
      'busy',
      'busy',
      'busy',
      'busy',
    ]);
    await t.finishAll();
    expect(t.started).toEqual(['running', 'own-browser', 'flood-1', 'b', 'c']);
    expect(t.outcomes.get('d')).toBe('busy');
  });

  it('refuses a hashing that waited too long, and skips it when a thread comes free', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const t = lineUnderTest({});
    t.ask('running', anonymous('10.0.0.9'));
    t.ask('late', anonymous('10.0.0.1'));
    await vi.advanceTimersByTimeAsync(10_001);
    t.ask('next', anonymous('10.0.0.2'));
    expect(t.outcomes.get('late')).toBe('busy');
    await t.finishAll();
    expect(t.started).toEqual(['running', 'next']);
  });

  it('over random sequences: never more hashings at once than threads, each asked one runs once or is refused, and the line stays bounded', async () => {
    for (let seed = 1; seed <= 60; seed++) {
      let state = seed;
      const random = () => {
        state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
        return state / 2 ** 31;
      };
      const threads = 1 + Math.floor(random() * 3);
      const maxWaiting = 2 + Math.floor(random() * 10);
      const line = new HashingLine(threads, maxWaiting, 10_000, 1 + Math.floor(random() * 4));
      let running = 0;
      let mostRunning = 0;
      const finishers: (() => void)[] = [];
      const runs = new Map<number, number>();
      const answers = new Map<number, 'done' | 'busy'>();
      for (let step = 0; step < 200; step++) {
        if (random() < 0.6) {
          const n = step;
          runs.set(n, 0);
          const turn = { client: `c${Math.floor(random() * 4)}`, trusted: random() < 0.2 };
          line
            .run(
              () =>
                new Promise<void>((resolve) => {
                  runs.set(n, runs.get(n)! + 1);
                  running++;
                  mostRunning = Math.max(mostRunning, running);
                  finishers.push(() => {
                    running--;
                    resolve();
                  });
                }),
              turn,
            )
            .then(
              () => answers.set(n, 'done'),
              () => answers.set(n, 'busy'),
            );
        } else if (finishers.length > 0) {
          finishers.splice(Math.floor(random() * finishers.length), 1)[0]!();
        }
        await settle();
        const waiting = runs.size - answers.size - running;
        expect(waiting).toBeLessThanOrEqual(maxWaiting);
      }
      while (finishers.length > 0) {
        finishers.shift()!();
        await settle();
      }
      expect(mostRunning).toBeLessThanOrEqual(threads);
      expect(answers.size).toBe(runs.size);
      for (const [n, times] of runs) {
        expect(times, `seed ${seed}, hashing ${n}`).toBe(answers.get(n) === 'done' ? 1 : 0);
      }
    }
  });
});
