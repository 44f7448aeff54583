import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';

const lines: Record<string, unknown>[] = [];
let bank: TestBank;

beforeAll(async () => {
  bank = await startTestBank({
    config: { logLevel: 'info' },
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
});
afterAll(async () => {
  await bank.stop();
});

const accessLines = () => lines.filter((line) => line.msg === 'request');

describe('the access log', () => {
  it('writes one JSON line per request that leads to the events it appended, and back', async () => {
    const { client, accounts, payload, user } = await signedUpCustomer(bank);
    await deposit(bank, accounts[0]!.account_number, 50);
    const correlationId = `load-${randomUUID()}`;
    const moved = await client.post(
      '/api/transfers/between-accounts',
      { fromAccount: accounts[0]!.id, toAccount: accounts[1]!.id, amount: 10 },
      { 'x-correlation-id': correlationId },
    );
    expect(moved.status).toBe(201);

    const line = accessLines().find((l) => l.correlation_id === correlationId);
    expect(line).toMatchObject({
      level: 30,
      request_id: moved.headers['x-request-id'],
      method: 'POST',
      route: '/api/transfers/between-accounts',
      status: 201,
      client: '127.0.0.1',
      customer_id: user.id,
    });
    expect(typeof line!.ms).toBe('number');

    // From the log line to its events...
    const { rows } = await bank.pool.query<{ type: string; metadata: Record<string, unknown> }>(
      `SELECT type, metadata FROM events WHERE metadata->>'correlationId' = $1`,
      [correlationId],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.metadata.actor).toBe(`customer:${user.id}`);
    // ...and from an event back to its request's line.
    const back = accessLines().filter((l) => l.correlation_id === rows[0]!.metadata.correlationId);
    expect(back).toEqual([line]);

    // Without a caller's correlation id, the request id is the correlation id.
    const second = await deposit(bank, accounts[0]!.account_number, 5);
    const requestId = second.headers['x-request-id'];
    const stored = await bank.pool.query(
      `SELECT 1 FROM events WHERE metadata->>'correlationId' = $1`,
      [requestId],
    );
    expect(stored.rowCount).toBeGreaterThan(0);
    expect(accessLines().find((l) => l.request_id === requestId)?.correlation_id).toBe(requestId);

    // No personal data and no credential in any line.
    const text = JSON.stringify(lines);
    for (const secret of [payload.email, payload.phone, payload.name, payload.password]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(client.token!);
    // Route patterns, never the raw URL with its ids.
    for (const l of accessLines()) expect(String(l.route)).not.toContain(accounts[0]!.id);
  });

  it('says why a request was refused, and warns of refused credentials', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    const lineOf = (response: { headers: Record<string, unknown> }) =>
      accessLines().find((l) => l.request_id === response.headers['x-request-id']);
    const overdrawn = await client.post('/api/transfers/between-accounts', {
      fromAccount: accounts[0]!.id,
      toAccount: accounts[1]!.id,
      amount: 1_000_000,
    });
    expect(overdrawn.status).toBe(422);
    const malformed = await client.post('/api/transfers/between-accounts', { amount: 'ten' });
    expect(malformed.status).toBe(422);
    // Both are 422s; the code tells them apart.
    expect(lineOf(overdrawn)).toMatchObject({ level: 30, status: 422, code: overdrawn.body.code });
    expect(lineOf(malformed)).toMatchObject({ level: 30, status: 422, code: 'VALIDATION_ERROR' });
    expect(overdrawn.body.code).not.toBe('VALIDATION_ERROR');

    const stranger = await client.get('/api/accounts', { authorization: 'Bearer not-a-token' });
    expect(stranger.status).toBe(401);
    expect(lineOf(stranger)).toMatchObject({ level: 40, status: 401, code: 'UNAUTHENTICATED' });
    // A success carries no code.
    const listed = await client.get('/api/accounts');
    expect(lineOf(listed)).toMatchObject({ level: 30, status: 200 });
    expect(lineOf(listed)).not.toHaveProperty('code');
  });

  it('ignores a correlation id that could forge log content', async () => {
    const { client } = await signedUpCustomer(bank);
    const response = await client.get('/api/accounts', { 'x-correlation-id': 'a"b\nc' });
    const line = accessLines().find((l) => l.request_id === response.headers['x-request-id']);
    expect(line?.correlation_id).toBe(response.headers['x-request-id']);
  });
});
