import { randomUUID } from 'node:crypto';
import {
  ApiClient,
  liveAndRebuiltHashes,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { opsClient } from './money-test-helpers.ts';

const bank: TestBank = await startTestBank();
afterAll(() => bank.stop());
const ops = opsClient(bank);

async function sendMessage(n: number): Promise<string> {
  const response = await new ApiClient(bank).post('/api/contact/messages', {
    first_name: 'Vera',
    last_name: `Visitor ${n}`,
    email: `vera${n}@example.com`,
    subject: 'General Inquiry',
    message: `Please call me back (${n}).`,
  });
  expect(response.status).toBe(201);
  return response.body.data.request_id;
}

/** Every request of a queue, page by page, as staff would read it. */
async function wholeQueue(status: string, limit: number) {
  const seen: { request_id: string; handled_at: string | null; received_at: string }[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const query = new URLSearchParams({ status, limit: String(limit) });
    if (cursor) query.set('cursor', cursor);
    const response = await ops.get(`/api/ops/contact-requests?${query}`);
    expect(response.status).toBe(200);
    expect(response.body.data.contact_requests.length).toBeLessThanOrEqual(limit);
    // A cursor is handed out only while more follow: no page after the first is empty.
    if (cursor) expect(response.body.data.contact_requests.length).toBeGreaterThan(0);
    seen.push(...response.body.data.contact_requests);
    cursor = response.body.data.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('the queue never ended');
}

const handle = (requestId: string) =>
  ops.post(`/api/ops/contact-requests/${requestId}/handled`, undefined);

const handledEvents = async (requestId: string) =>
  Number(
    (
      await bank.pool.query(
        `SELECT count(*)::int AS n FROM events
         WHERE type = 'ContactRequestHandled' AND data->>'requestId' = $1`,
        [requestId],
      )
    ).rows[0].n,
  );

describe("staff's queue of contact requests", () => {
  it('pages through every request once, newest first, whatever the page size', async () => {
    const sent: string[] = [];
    for (let n = 0; n < 7; n += 1) sent.push(await sendMessage(n));
    await bank.runner.catchUp();
    for (const limit of [1, 2, 3, 7, 50]) {
      const queue = await wholeQueue('open', limit);
      const ids = queue.map((r) => r.request_id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => sent.includes(id))).toEqual([...sent].reverse());
      const received = queue.map((r) => r.received_at);
      expect(received).toEqual([...received].sort().reverse());
    }
  });

  it('moves a handled request from the open queue to the handled one, once', async () => {
    const [first, second] = [await sendMessage(100), await sendMessage(101)];
    const marked = await handle(first);
    expect(marked.status).toBe(200);
    expect(marked.body.message).toBe('The contact request is marked handled.');
    const handledAt = marked.body.data.handled_at;
    expect(Date.parse(handledAt)).not.toBeNaN();

    const again = await handle(first);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This contact request was already handled.');
    expect(again.body.data.handled_at).toBe(handledAt);
    expect(await handledEvents(first)).toBe(1);

    await bank.runner.catchUp();
    const open = (await wholeQueue('open', 50)).map((r) => r.request_id);
    expect(open).toContain(second);
    expect(open).not.toContain(first);
    const handled = await wholeQueue('handled', 50);
    expect(handled.find((r) => r.request_id === first)?.handled_at).toBe(handledAt);
    expect(handled.map((r) => r.request_id)).not.toContain(second);
    const all = (await wholeQueue('all', 50)).map((r) => r.request_id);
    expect(all).toEqual(expect.arrayContaining([first, second]));
  });

  it('rebuilds the same queue from the log', async () => {
    await handle(await sendMessage(150));
    await bank.runner.catchUp();
    const { live, rebuilt } = await liveAndRebuiltHashes(bank, 'contact-requests');
    expect(rebuilt).toEqual(live);
  });

  it('records one handling when staff mark the same request at once', async () => {
    const requestId = await sendMessage(200);
    const answers = await Promise.all(Array.from({ length: 12 }, () => handle(requestId)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.body.data.handled_at)).size).toBe(1);
    expect(answers.filter((a) => a.body.message.includes('marked handled'))).toHaveLength(1);
    expect(await handledEvents(requestId)).toBe(1);
  });

  it('answers a clear error for what names no request, and changes nothing', async () => {
    const before = Number(
      (await bank.pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n,
    );
    expect((await handle(randomUUID())).status).toBe(404);
    expect((await handle('not-a-request')).status).toBe(404);
    const cases: [string, string, string][] = [
      ['status=closed', 'status', 'The status must be open, handled or all.'],
      ['cursor=abc', 'cursor', 'The cursor is not one this list handed out.'],
      [`cursor=${randomUUID()}`, 'cursor', 'The cursor is not one this list handed out.'],
      ['limit=0', 'limit', 'The limit must be a whole number from 1 to 200.'],
      ['limit=201', 'limit', 'The limit must be a whole number from 1 to 200.'],
      ['limit=2.5', 'limit', 'The limit must be a whole number from 1 to 200.'],
      ['limit=many', 'limit', 'The limit must be a whole number from 1 to 200.'],
    ];
    for (const [query, field, message] of cases) {
      const response = await ops.get(`/api/ops/contact-requests?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.errors[field], query).toEqual([message]);
    }
    expect(Number((await bank.pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n)).toBe(
      before,
    );
  });

  it('is for staff only', async () => {
    const requestId = await sendMessage(300);
    const { client } = await signedUpCustomer(bank);
    const callers: [ApiClient, number][] = [
      [new ApiClient(bank), 401],
      [client, 403],
    ];
    for (const [caller, status] of callers) {
      expect((await caller.get('/api/ops/contact-requests')).status).toBe(status);
      const marked = await caller.post(`/api/ops/contact-requests/${requestId}/handled`, undefined);
      expect(marked.status).toBe(status);
    }
    expect(await handledEvents(requestId)).toBe(0);
  });
});
