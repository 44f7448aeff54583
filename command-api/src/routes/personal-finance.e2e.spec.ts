import { randomUUID } from 'node:crypto';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank.stop();
});

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;
const savingsOf = (c: Customer) => c.accounts.find((a) => a.name === 'High Yield Savings')!;
const checkingOf = (c: Customer) => c.accounts.find((a) => a.name === 'Premium Checking')!;

async function goals(c: Customer) {
  return (await c.client.get('/api/savings-goals')).body.data.savings_goals as {
    account_id: string;
    account_name: string;
    current_amount: number;
    target_amount: number | null;
    remaining_amount: number | null;
    progress_percent: number | null;
    reached: boolean;
  }[];
}

describe('savings goals', () => {
  it('are set, changed and removed per savings account, with progress and a reached state', async () => {
    const alex = await signedUpCustomer(bank);
    const savings = savingsOf(alex);
    await deposit(bank, savings.account_number, 300);

    // No goal: every savings account is listed without one, and the dashboard has no figure.
    const before = await goals(alex);
    expect(before.map((g) => g.account_name)).toEqual(['High Yield Savings', 'Money Market']);
    expect(before.every((g) => g.target_amount === null && !g.reached)).toBe(true);
    expect((await alex.client.get('/api/dashboard')).body.data.savings_goal).toBeNull();

    const set = await alex.client.put(`/api/accounts/${savings.id}/savings-goal`, {
      target_amount: 1000,
    });
    expect(set.status).toBe(200);
    expect(set.body.data.savings_goal).toEqual({ account_id: savings.id, target_amount: 1000 });
    expect((await goals(alex))[0]).toMatchObject({
      current_amount: 300,
      target_amount: 1000,
      remaining_amount: 700,
      progress_percent: 30,
      reached: false,
    });
    const dashboard = (await alex.client.get('/api/dashboard')).body.data;
    expect(dashboard.savings_goal).toMatchObject({ current: 300, target: 1000, reached: false });
    expect(dashboard.savings_goals).toHaveLength(2);

    // Changing it to an amount already saved shows it reached, never more than 100 %.
    const changed = await alex.client.put(`/api/accounts/${savings.id}/savings-goal`, {
      target_amount: '250.50',
    });
    expect(changed.status).toBe(200);
    expect((await goals(alex))[0]).toMatchObject({
      target_amount: 250.5,
      remaining_amount: 0,
      progress_percent: 100,
      reached: true,
    });

    expect((await alex.client.delete(`/api/accounts/${savings.id}/savings-goal`)).status).toBe(200);
    expect((await goals(alex))[0]!.target_amount).toBeNull();
    // Removing a goal that is not there changes nothing and still answers 200.
    expect((await alex.client.delete(`/api/accounts/${savings.id}/savings-goal`)).status).toBe(200);
  });

  it('are one goal whichever case the account id is spelled in', async () => {
    const alex = await signedUpCustomer(bank);
    const savings = savingsOf(alex);
    const shouted = savings.id.toUpperCase();

    const set = await alex.client.put(`/api/accounts/${shouted}/savings-goal`, {
      target_amount: 800,
    });
    expect(set.status).toBe(200);
    expect(set.body.data.savings_goal).toEqual({ account_id: savings.id, target_amount: 800 });
    expect((await goals(alex))[0]!.target_amount).toBe(800);

    // Removed through the usual spelling, the goal set through the other one is gone.
    expect((await alex.client.delete(`/api/accounts/${savings.id}/savings-goal`)).status).toBe(200);
    expect((await goals(alex))[0]!.target_amount).toBeNull();
    const streams = await bank.pool.query<{ stream_id: string }>(
      `SELECT DISTINCT stream_id FROM events WHERE lower(stream_id) = lower($1)`,
      [`savings-goal-${savings.id}`],
    );
    expect(streams.rows.map((r) => r.stream_id)).toEqual([`savings-goal-${savings.id}`]);
  });

  it('refuses amounts that are not whole cents, not positive or too large, with field errors', async () => {
    const alex = await signedUpCustomer(bank);
    const url = `/api/accounts/${savingsOf(alex).id}/savings-goal`;
    const cases: [unknown, string][] = [
      [0, 'The goal must be at least $0.01.'],
      [-5, 'The goal must be at least $0.01.'],
      [10.005, 'The goal must be an amount in dollars and cents.'],
      ['12abc', 'The goal must be an amount in dollars and cents.'],
      ['0x10', 'The goal must be an amount in dollars and cents.'],
      // Judged as written: a float would round this to $5.10.
      ['5.10000000000000000000000000001', 'The goal must be an amount in dollars and cents.'],
      ['-5', 'The goal must be at least $0.01.'],
      ['', 'Please enter the goal amount.'],
      [10_000_000.01, 'The goal can be at most $10,000,000.00.'],
      [1e300, 'The goal can be at most $10,000,000.00.'],
    ];
    for (const [target_amount, message] of cases) {
      const refused = await alex.client.put(url, { target_amount });
      expect(refused.status, JSON.stringify(target_amount)).toBe(422);
      expect(refused.body.errors).toEqual({ target_amount: [message] });
    }
    const missing = await alex.client.put(url, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ target_amount: ['Please enter the goal amount.'] });
    // Left empty or of another type, the field still says what it wants, never "Invalid input".
    const wrongTypes: [unknown, string][] = [
      [null, 'Please enter the goal amount.'],
      [true, 'The goal must be an amount in dollars and cents.'],
      [[100], 'The goal must be an amount in dollars and cents.'],
      [{ amount: 100 }, 'The goal must be an amount in dollars and cents.'],
    ];
    for (const [target_amount, message] of wrongTypes) {
      const refused = await alex.client.put(url, { target_amount });
      expect(refused.status, JSON.stringify(target_amount)).toBe(422);
      expect(refused.body.errors).toEqual({ target_amount: [message] });
    }
    expect((await alex.client.put(url, { target_amount: '5.100' })).status).toBe(200);
    expect((await goals(alex))[0]!.target_amount).toBe(5.1);
    expect((await alex.client.put(url, { target_amount: 10_000_000 })).status).toBe(200);
    expect((await goals(alex))[0]!.target_amount).toBe(10_000_000);
  });

  it('only goes on a savings account, and another customer’s account answers 404', async () => {
    const alex = await signedUpCustomer(bank);
    const theo = await signedUpCustomer(bank);
    const onChecking = await alex.client.put(`/api/accounts/${checkingOf(alex).id}/savings-goal`, {
      target_amount: 100,
    });
    expect(onChecking.status).toBe(422);
    expect(onChecking.body.message).toBe('A savings goal can be set only on a savings account.');

    await alex.client.put(`/api/accounts/${savingsOf(alex).id}/savings-goal`, {
      target_amount: 500,
    });
    for (const id of [savingsOf(alex).id, randomUUID()]) {
      const set = await theo.client.put(`/api/accounts/${id}/savings-goal`, { target_amount: 1 });
      expect(set.status).toBe(404);
      expect((await theo.client.delete(`/api/accounts/${id}/savings-goal`)).status).toBe(404);
    }
    expect((await goals(alex))[0]!.target_amount).toBe(500);
  });
});

describe('transaction categories', () => {
  it('come from the source of the movement, and the customer’s choice wins until reset', async () => {
    const alex = await signedUpCustomer(bank);
    await deposit(bank, checkingOf(alex).account_number, 500);
    const moved = await alex.client.post('/api/transfers/between-accounts', {
      fromAccount: checkingOf(alex).id,
      toAccount: savingsOf(alex).id,
      amount: 25,
    });
    expect(moved.status).toBe(201);
    const history = async () =>
      (await alex.client.get('/api/dashboard/comprehensive-history')).body.data.transactions as {
        id: string;
        description: string;
        type: string;
        category: string;
        category_label: string;
        category_is_custom: boolean;
      }[];
    const lines = await history();
    const depositLine = lines.find((t) => t.type === 'credit' && t.category !== 'transfers')!;
    expect(depositLine).toMatchObject({ category: 'deposits', category_label: 'Deposits' });
    expect(lines.filter((t) => t.category === 'transfers')).toHaveLength(2);

    const changed = await alex.client.put(
      `/api/transactions/${encodeURIComponent(depositLine.id)}/category`,
      { category: 'income' },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({
      transaction_id: depositLine.id,
      category: 'income',
      category_label: 'Income',
    });
    expect((await history()).find((t) => t.id === depositLine.id)).toMatchObject({
      category: 'income',
      category_label: 'Income',
      category_is_custom: true,
    });
    // The dashboard's recent activity follows it too.
    const recent = (await alex.client.get('/api/dashboard')).body.data.recent_transactions;
    expect(recent.find((t: { id: string }) => t.id === depositLine.id).category).toBe('income');

    // Choosing the default category again returns it to its source.
    await alex.client.put(`/api/transactions/${encodeURIComponent(depositLine.id)}/category`, {
      category: 'deposits',
    });
    expect((await history()).find((t) => t.id === depositLine.id)).toMatchObject({
      category: 'deposits',
      category_is_custom: false,
    });
  });

  it('lists the category table, refuses unknown categories and hides other customers’ lines', async () => {
    const alex = await signedUpCustomer(bank);
    const theo = await signedUpCustomer(bank);
    const table = (await alex.client.get('/api/transactions/categories')).body.data.categories;
    expect(table).toContainEqual({ key: 'groceries', label: 'Groceries' });
    expect(table).toContainEqual({ key: 'fuel', label: 'Gas & fuel' });

    await deposit(bank, checkingOf(alex).account_number, 40);
    const [line] = (await alex.client.get('/api/dashboard/comprehensive-history')).body.data
      .transactions;
    const url = `/api/transactions/${encodeURIComponent(line.id)}/category`;
    const unknown = await alex.client.put(url, { category: 'yachts' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ category: ['Please choose a category from the list.'] });

    const theirs = await theo.client.put(url, { category: 'dining' });
    const nobodys = await theo.client.put(`/api/transactions/${randomUUID()}/category`, {
      category: 'dining',
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(nobodys.body);
    const odd = await theo.client.put(
      `/api/transactions/${encodeURIComponent('a\u0000b')}/category`,
      {
        category: 'dining',
      },
    );
    expect(odd.status).toBe(404);
    const after = (await alex.client.get('/api/dashboard/comprehensive-history')).body.data
      .transactions;
    expect(after[0]).toMatchObject({
      id: line.id,
      category: 'deposits',
      category_is_custom: false,
    });
  });
});
