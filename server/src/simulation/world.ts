import { centsToDollars } from '@bank/events';
import { proveContact, staffOutboxCode } from '../testing/api-client.ts';
import { Model } from './model.ts';
import type { Prng } from '@bank/infra/testing';
import type { SimBank } from './sim-bank.ts';

export interface Account {
  id: string;
  number: string;
}

export interface Customer {
  index: number;
  customerId: string;
  name: string;
  email: string;
  token: string;
  checking: Account;
  savings: Account;
  payeeId: string;
}

/** A Zelle request asked through the simulation and not yet paid. */
export interface OpenRequest {
  id: string;
  amountCents: number;
  requester: Customer;
  requesterAccountId: string;
  payer: Customer;
}

/** Everything the command generators choose from, and the model of what must be true. */
export interface World {
  bank: SimBank;
  seed: number;
  customers: Customer[];
  /** Emails nobody has enrolled: Zelle money sent to them is held until claimed. */
  unenrolled: string[];
  openRequests: OpenRequest[];
  model: Model;
}

export const STARTING_CHECKING_CENTS = 20_000_00;
export const STARTING_SAVINGS_CENTS = 5_000_00;

async function expectOk(what: string, reply: { status: number; body: unknown }, status = 201) {
  if (reply.status !== status) {
    throw new Error(`${what} failed (${reply.status}): ${JSON.stringify(reply.body)}`);
  }
}

/** Registers and funds `count` customers, each with one bill payee. */
export async function createWorld(
  bank: SimBank,
  rng: Prng,
  seed: number,
  count: number,
): Promise<World> {
  const model = new Model();
  const customers: Customer[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `Sim Customer ${index}`;
    const email = `sim.${seed}.${index}@example.com`;
    const registered = await bank.call('POST', '/api/register', undefined, {
      name,
      email,
      password: 'Secur3-Passw0rd!',
      password_confirmation: 'Secur3-Passw0rd!',
      phone: `555${String(rng.int(0, 9_999_999)).padStart(7, '0')}`,
      date_of_birth: '1988-04-12',
      address: '12 Harbor Street',
      city: 'Portland',
      state: 'ME',
      zip_code: '04101',
    });
    await expectOk('register', registered);
    const token = registered.body.data.token as string;
    const customerId = registered.body.data.user.id as string;
    // Zelle between customers goes by email: proved, it arrives at once.
    await proveContact(
      (url, body, headers) => bank.call('POST', url, token, body, headers),
      (kind) =>
        staffOutboxCode(
          (url) => bank.call('GET', url, bank.opsToken),
          registered.body.data.user.account_number as string,
          kind,
        ),
      'email',
    );
    let accounts: { id: string; account_number: string; type: string }[] = [];
    for (let attempt = 0; attempt < 100 && accounts.length < 2; attempt += 1) {
      const listed = await bank.call('GET', '/api/accounts', token);
      accounts = listed.body?.data?.accounts ?? [];
      if (accounts.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    const find = (type: string): Account => {
      const a = accounts.find((x) => x.type === type);
      if (!a) throw new Error(`no ${type} account for ${email}`);
      return { id: a.id, number: a.account_number };
    };
    const payee = await bank.call('POST', '/api/bill-payments/payees', token, {
      name: `Sim Utility ${index}`,
      category: 'utilities',
      account_number: `7700${String(index).padStart(6, '0')}`,
    });
    await expectOk('add payee', payee);
    customers.push({
      index,
      customerId,
      name,
      email,
      token,
      checking: find('checking'),
      savings: find('savings'),
      payeeId: payee.body.data.payee.id,
    });
  }
  for (const c of customers) {
    for (const [account, cents] of [
      [c.checking, STARTING_CHECKING_CENTS],
      [c.savings, STARTING_SAVINGS_CENTS],
    ] as const) {
      const deposited = await bank.call('POST', '/api/ops/deposits', bank.opsToken, {
        account_number: account.number,
        amount: centsToDollars(cents),
        description: 'Simulation funding',
      });
      await expectOk('funding deposit', deposited);
      model.apply(
        [
          { type: 'available', accountId: account.id, cents },
          { type: 'inflow', cents },
        ],
        new Date(),
      );
    }
  }
  return {
    bank,
    seed,
    customers,
    unenrolled: [0, 1, 2].map((i) => `nobody.${seed}.${i}@example.com`),
    openRequests: [],
    model,
  };
}
