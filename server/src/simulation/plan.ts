import type { Prng } from '@bank/infra/testing';
import { centsToDollars } from '@bank/events';
import type { Effect } from './model.ts';
import type { Reply } from './sim-bank.ts';
import type { Customer, World } from './world.ts';

/** One money command the simulation sends, and what an acknowledged answer to it must have done. */
export interface Plan {
  kind: string;
  customer: Customer | undefined;
  /** Bearer token: the customer's, or the ops token. */
  token: string;
  url: string;
  body: Record<string, unknown>;
  /** The effects the model expects of this 2xx answer. */
  effects(reply: Reply): Effect[];
  /** Whether an acknowledged answer posts (or holds) money under its reference at once. */
  posts: boolean;
  /** Something only one acknowledged command may use up (a request to pay). */
  once?: string;
  /** World bookkeeping after an acknowledged answer (a new open request, a paid one). */
  acknowledged?(reply: Reply): void;
}

/** Makes a plan for `from` (or a random customer), or nothing when the world has no fit for it. */
export type Generator = (rng: Prng, world: World, from: Customer) => Plan | undefined;

/** Who sends a customer's command, and where. */
export const sentBy = (from: Customer, kind: string, url: string) => ({
  kind,
  customer: from,
  token: from.token,
  url,
});

/** Mostly everyday amounts; now and then big ones, to run into balances and limits. */
export function amountCents(rng: Prng, min = 5_00): number {
  const band = rng.weighted([
    [[min, 300_00], 85],
    [[300_00, 3_000_00], 12],
    [[3_000_00, 12_000_00], 3],
  ] as const);
  return rng.int(Math.max(min, band[0]), band[1]);
}

export function other(rng: Prng, world: World, not: Customer): Customer {
  const others = world.customers.filter((c) => c !== not);
  return rng.pick(others);
}

export const dollars = (cents: number) => centsToDollars(cents);
/** A dollar figure from an answer, as integer cents. */
export const cents = (value: unknown) => Math.round(Number(value) * 100);
