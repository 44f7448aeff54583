import { randomUUID } from 'node:crypto';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The money limit counts a customer, not only an address: many addresses do not multiply it.

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({
    serveFrontend: false,
    rateLimits: {
      auth: { max: 10_000, timeWindow: 60_000 },
      money: { max: 3, timeWindow: 60_000 },
    },
  });
});
afterAll(async () => {
  await bank.stop();
});

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;

/** Moves $5 between the customer's own accounts, as a client at `address`. */
async function moveFrom(address: string, c: Customer) {
  const response = await bank.app.inject({
    method: 'POST',
    url: '/api/transfers/between-accounts',
    remoteAddress: address,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${c.client.token}`,
      'idempotency-key': randomUUID(),
    },
    payload: JSON.stringify({
      fromAccount: c.accounts[0]!.id,
      toAccount: c.accounts[1]!.id,
      amount: 5,
    }),
  });
  return response.statusCode;
}

/** A customer with $100 in their first account, who has not proved their contacts. */
async function funded() {
  const c = await signedUpCustomer(bank, {}, { proveContacts: false });
  await deposit(bank, c.accounts[0]!.account_number, 100);
  return c;
}

describe('the money rate limit', () => {
  it('counts each customer however many addresses their requests come from', async () => {
    const alex = await funded();
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i += 1) statuses.push(await moveFrom(`198.51.100.${i}`, alex));
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);

    // Another customer has a limit of their own, even from an address Alex used.
    const bea = await funded();
    expect(await moveFrom('198.51.100.1', bea)).toBe(201);

    // And an address keeps its limit, whoever signs in from it.
    const cy = await funded();
    const dan = await funded();
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 3; i += 1) fromOneAddress.push(await moveFrom('198.51.100.9', cy));
    fromOneAddress.push(await moveFrom('198.51.100.9', dan));
    expect(fromOneAddress).toEqual([201, 201, 201, 429]);
  });
});
