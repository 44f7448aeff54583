import { randomUUID } from 'node:crypto';
import type { Seed } from '@bank/load-tests';
import type { LoadRequest } from './http-load.ts';

/** The route every transfer of the bench goes to (as the bank's metrics name it). */
export const TRANSFER_ROUTE = '/api/transfers/between-accounts';

/** Checking → savings of the customer at `index`, with a fresh Idempotency-Key as the app sends. */
export function transferRequest(seed: Seed, index: number): LoadRequest {
  const customer = seed.customers[index % seed.customers.length]!;
  return {
    path: TRANSFER_ROUTE,
    method: 'POST',
    headers: {
      authorization: `Bearer ${customer.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      fromAccount: customer.checking.id,
      toAccount: customer.savings.id,
      // Integer cents over 100: always a number with at most two decimals.
      amount: (500 + Math.floor(Math.random() * 100)) / 100,
      memo: 'bench',
    }),
  };
}

/** What a signed-in customer reads most: the dashboard, and the accounts page. */
export function readRequest(seed: Seed, index: number): LoadRequest {
  const customer = seed.customers[index % seed.customers.length]!;
  return {
    path: index % 3 === 0 ? '/api/accounts' : '/api/dashboard',
    method: 'GET',
    headers: { authorization: `Bearer ${customer.token}` },
  };
}

/**
 * Request makers for closed loops: lane L cycles over customers L, L + lanes, L + 2·lanes...,
 * so a customer never has two transfers in flight at once, as one person at one browser would not.
 */
export function laneTransfers(seed: Seed, lanes: number) {
  const perLane = Math.max(1, Math.floor(seed.customers.length / lanes));
  const cursors = new Array<number>(lanes).fill(0);
  return (lane: number) => {
    const turn = cursors[lane]!++ % perLane;
    return { request: transferRequest(seed, lane + turn * lanes), tag: 'transfer' };
  };
}

/** Open-loop mixes: only transfers, or transfers and reads in turn. */
export function mixedRequests(seed: Seed, mix: 'transfers' | 'mixed') {
  return (i: number) =>
    mix === 'transfers' || i % 2 === 0
      ? { request: transferRequest(seed, i), tag: 'transfer' }
      : { request: readRequest(seed, i), tag: 'read' };
}

/** A few dollars from one of the CRUD baseline's accounts to another. */
function crudTransfer(fromAccount: number, toAccount: number) {
  return {
    request: {
      path: '/transfers',
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fromAccount,
        toAccount,
        amountCents: 500 + Math.floor(Math.random() * 100),
        memo: 'bench',
      }),
    },
    tag: 'transfer',
  };
}

/**
 * The CRUD baseline's closed loop: lane L owns accounts L·k+1 … L·k+k (k = accounts / lanes) and
 * moves a few dollars from one of them to the next, as the bank's lanes move checking → savings.
 */
export function laneCrudTransfers(accounts: number, lanes: number) {
  const perLane = Math.max(2, Math.floor(accounts / lanes));
  const cursors = new Array<number>(lanes).fill(0);
  return (lane: number) => {
    const turn = cursors[lane]!++ % (perLane - 1);
    const fromAccount = lane * perLane + turn + 1;
    return crudTransfer(fromAccount, fromAccount + 1);
  };
}

/**
 * The CRUD baseline's open loop: request i moves money within pair i mod (accounts / 2), as the
 * bank's open loop moves checking → savings of customer i mod customers.
 */
export function openCrudTransfers(accounts: number) {
  const pairs = Math.max(1, Math.floor(accounts / 2));
  return (i: number) => {
    const fromAccount = (i % pairs) * 2 + 1;
    return crudTransfer(fromAccount, fromAccount + 1);
  };
}
