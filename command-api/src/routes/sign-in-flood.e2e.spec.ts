import { ApiClient, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';

// Every request here comes from one address, standing for a flood from many: the per-address
// limits are lifted out of reach. The test bank's own lift (10,000 a minute) is not enough: turned
// away in a moment and asking again 100 ms later, three hundred attackers send thousands a second,
// and on a slow machine the per-address limit answered some of them 429 before the test ended.
const outOfReach = { max: 100_000_000, timeWindow: 60_000 };
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ rateLimits: { auth: outOfReach, money: outOfReach } });
});
afterAll(async () => {
  await bank.stop();
});

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Four turns of the event loop: what a file read takes (open, stat, read, close) with no wait for a thread. */
const fourTurns = async () => {
  for (let i = 0; i < 4; i++) await sleep(0);
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

it('a flood of wrong passwords is answered 503 with Retry-After past a bounded line, and leaves file reads and other sign-ins their turn', async () => {
  const { payload, user } = await signedUpCustomer(bank);
  const anon = new ApiClient(bank);
  const signIn = (password: string) =>
    anon.post('/api/login', { account_number: user.account_number, password });
  const readFileOnce = () => readFile(new URL(import.meta.url));
  const alone: number[] = [];
  for (let i = 0; i < 3; i++) alone.push((await timed(() => signIn('Wrong-password-1'))).ms);
  const oneSignIn = median(alone);

  let flooding = true;
  const answers: { status: number; retryAfter: string | null }[] = [];
  const attacker = async (n: number) => {
    for (let i = 0; flooding; i++) {
      const response = await new ApiClient(bank).post('/api/login', {
        account_number: String(900_000_000_000 + n * 10_000 + i),
        password: 'Wrong-password-1',
      });
      answers.push({
        status: response.status,
        retryAfter: response.headers['retry-after'] ?? null,
      });
      // Turned away, it asks again soon: three hundred keep every hashing thread busy and this
      // address's share of the line full.
      if (response.status === 503) await sleep(100);
    }
  };
  const attackers = Array.from({ length: 300 }, (_, n) => attacker(n));
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  const reads: number[] = [];
  const turns: number[] = [];
  for (let i = 0; i < 7; i++) {
    reads.push((await timed(readFileOnce)).ms);
    turns.push((await timed(fourTurns)).ms);
  }
  const customer: { ms: number; status: number; retryAfter: string | null }[] = [];
  for (let i = 0; i < 3; i++) {
    const { ms, result } = await timed(() => signIn(payload.password));
    customer.push({ ms, status: result.status, retryAfter: result.headers['retry-after'] ?? null });
  }
  flooding = false;
  await Promise.all(attackers);

  // A file read waits for the event loop's turns, as anything does on a busy machine, but not
  // for a thread behind the hashings (without a bound: seconds, a hundred sign-ins' time).
  expect(median(reads)).toBeLessThan(2 * median(turns) + 2 * oneSignIn);
  expect(new Set(answers.map((a) => a.status))).toEqual(new Set([401, 503]));
  for (const a of answers.filter((a) => a.status === 503)) expect(a.retryAfter).toBe('1');
  for (const c of customer) {
    expect([200, 503]).toContain(c.status);
    if (c.status === 503) expect(c.retryAfter).toBe('1');
  }
  // Answers 503 did not count as wrong passwords: the customer is not locked out.
  expect((await signIn(payload.password)).status).toBe(200);
}, 120_000);

it('a flood from a few addresses waits behind itself: a customer elsewhere waits one turn of each, and the browser they signed in from before goes first', async () => {
  const { payload, user } = await signedUpCustomer(bank);
  const signInFrom = (address: string, body: object, cookie?: string) =>
    bank.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });
  const own = { account_number: user.account_number, password: payload.password };
  const first = await signInFrom('198.51.100.4', own);
  expect(first.statusCode).toBe(200);
  const deviceCookie = String(first.headers['set-cookie']).split(';')[0]!;

  const finished: string[] = [];
  const statuses = new Map<string, number>();
  const send = (name: string, sent: ReturnType<typeof signInFrom>) =>
    sent.then((answer) => {
      finished.push(name);
      statuses.set(name, answer.statusCode);
    });
  const addresses = 10;
  const flood = Array.from({ length: addresses * 30 }, (_, n) =>
    send(
      `flood-${n}`,
      signInFrom(`203.0.113.${n % addresses}`, {
        account_number: String(910_000_000_000 + n),
        password: 'Wrong-password-1',
      }),
    ),
  );
  await sleep(300);
  const sentAt = finished.length;
  const customers = [
    send('elsewhere', signInFrom('192.0.2.50', own)),
    send('own-browser', signInFrom('198.51.100.4', own, deviceCookie)),
  ];
  await Promise.all([...flood, ...customers]);

  /** Flood sign-ins checked between the customers' sending and `name`'s answer. */
  const checkedBefore = (name: string) =>
    finished
      .slice(sentAt, finished.indexOf(name))
      .filter((other) => other.startsWith('flood-') && statuses.get(other) === 401).length;
  const checked = [...statuses].filter(([name, s]) => name.startsWith('flood-') && s === 401);
  expect(statuses.get('elsewhere')).toBe(200);
  expect(statuses.get('own-browser')).toBe(200);
  // One line for everyone checked the whole flood first (every one of `checked`).
  expect(checked.length).toBeGreaterThan(4 * addresses);
  expect(checkedBefore('elsewhere')).toBeLessThan(2 * addresses);
  expect(checkedBefore('own-browser')).toBeLessThan(5);
}, 120_000);
