import {
  ageStepUp,
  ApiClient,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

const signedInRoutes: [string, string][] = [
  ['GET', '/api/user'],
  ['GET', '/api/accounts'],
  ['GET', '/api/dashboard'],
  ['GET', '/api/dashboard/comprehensive-history'],
  ['GET', '/api/notifications'],
  ['GET', '/api/notifications/summary'],
  ['GET', '/api/search?q=rent'],
  ['POST', '/api/logout'],
  ['POST', '/api/change-password'],
  ['PUT', '/api/profile'],
  ['POST', '/api/notifications/read-all'],
  ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
  ['DELETE', '/api/notifications/00000000-0000-4000-8000-000000000000'],
];

describe('signed-in routes', () => {
  it.each(signedInRoutes)('%s %s answers 401 without a valid token', async (method, url) => {
    const anonymous = new ApiClient(bank);
    const response = await anonymous.request(
      method as 'GET',
      url,
      method === 'GET' || method === 'DELETE' ? undefined : {},
    );
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status: 'error', message: 'Please log in to continue.' });
    const forged = new ApiClient(bank);
    forged.token = 'x'.repeat(43);
    expect(
      (
        await forged.request(
          method as 'GET',
          url,
          method === 'GET' || method === 'DELETE' ? undefined : {},
        )
      ).status,
    ).toBe(401);
  });

  it('refuses the ops token on customer routes and customer tokens on ops routes', async () => {
    const { client } = await signedUpCustomer(bank);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    expect((await ops.get('/api/accounts')).status).toBe(401);
    expect((await client.get('/api/ops/ledger')).status).toBe(403);
    expect(
      (await client.post('/api/ops/deposits', { account_number: '123456789012', amount: 5 }))
        .status,
    ).toBe(403);
  });
});

describe('accounts and dashboard', () => {
  it('shows only the customer’s own accounts and transactions, with the spec fields', async () => {
    const alice = await signedUpCustomer(bank);
    const bob = await signedUpCustomer(bank);
    await deposit(bank, alice.accounts[0]!.account_number, 1234.56);
    alice.client.consistencyToken = undefined;
    const dashboard = await alice.client.get('/api/dashboard');
    // Without the consistency token the read may lag; wait for it through polling instead.
    await expect
      .poll(async () => (await alice.client.get('/api/dashboard')).body.data.total_balance)
      .toBe(1234.56);
    expect(dashboard.body.status).toBe('success');
    const data = (await alice.client.get('/api/dashboard')).body.data;
    expect(data.accounts).toHaveLength(4);
    expect(data.recent_transactions[0]).toMatchObject({
      type: 'credit',
      amount: 1234.56,
      status: 'completed',
      description: 'Test deposit',
    });
    expect(data.cashback).toEqual({ available_balance: 0, this_month_earned: 0 });
    const checking = data.accounts[0];
    expect(checking).toMatchObject({
      type: 'checking',
      account_type: { code: 'premium_checking', name: 'Premium Checking' },
      balance: 1234.56,
      available_balance: 1234.56,
      routing_number: '061000227',
      interest_rate: 1.25,
      monthly_fee: 0,
      status: 'active',
    });
    expect(checking.last_transaction_date).not.toBeNull();

    const bobs = (await bob.client.get('/api/dashboard')).body.data;
    expect(bobs.total_balance).toBe(0);
    expect(bobs.recent_transactions).toEqual([]);
    const bobHistory = (
      await bob.client.get(
        `/api/dashboard/comprehensive-history?account_id=${alice.accounts[0]!.id}`,
      )
    ).body.data;
    expect(bobHistory.transactions).toEqual([]);
  });

  it('waits for the projections when a read carries the consistency token of a command', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const posted = await ops.post('/api/ops/deposits', {
      account_number: accounts[1]!.account_number,
      amount: 75.25,
    });
    const token = posted.headers['x-consistency-token'];
    expect(token).toMatch(/^\d+\.\d+$/);
    const accountsNow = await client.get('/api/accounts', { 'x-consistency-token': token! });
    expect(accountsNow.body.data.accounts[1].balance).toBe(75.25);
  });

  it('filters history by days, direction and search', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    await deposit(bank, accounts[0]!.account_number, 10);
    await deposit(bank, accounts[1]!.account_number, 20);
    await expect
      .poll(
        async () =>
          (await client.get('/api/dashboard/comprehensive-history?days=7')).body.data.transactions
            .length,
      )
      .toBe(2);
    const byAccount = await client.get(
      `/api/dashboard/comprehensive-history?account_id=${accounts[1]!.id}`,
    );
    expect(byAccount.body.data.transactions.map((t: { amount: number }) => t.amount)).toEqual([20]);
    expect(
      (await client.get('/api/dashboard/comprehensive-history?type=debit')).body.data.transactions,
    ).toEqual([]);
    expect((await client.get('/api/dashboard/comprehensive-history?days=abc')).status).toBe(422);
    expect((await client.get('/api/search?q=deposit')).body.data.transactions).toHaveLength(2);
  });
});

describe('the top bar search', () => {
  it('finds movements by an amount typed with or without "$", commas and decimals', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    for (const amount of [62.75, 62.1, 63, 15.49, 1650, 1650.5]) {
      await deposit(bank, accounts[0]!.account_number, amount);
    }
    // Amounts only. A line whose reference happens to hold the digits (it is random) matches by
    // its text too: it is left out unless its amount is one the search must find.
    const expectAmountsFound = async (q: string, expected: number[]) => {
      const found = (await client.get(`/api/search?q=${encodeURIComponent(q)}`)).body.data
        .transactions as { amount: number; description: string; reference_number: string }[];
      const byAmount = found
        .filter(
          (t) =>
            expected.includes(t.amount) || !`${t.description} ${t.reference_number}`.includes(q),
        )
        .map((t) => t.amount)
        .sort((a, b) => a - b);
      expect(byAmount, q).toEqual(expected);
    };
    await expectAmountsFound('62.75', [62.75]);
    await expectAmountsFound('62', [62.1, 62.75]);
    await expectAmountsFound('$15.49', [15.49]);
    await expectAmountsFound('$1,650', [1650, 1650.5]);
    await expectAmountsFound('1650.50', [1650.5]);
    // Text is still searched as text.
    await expectAmountsFound('Test deposit', []);
    expect((await client.get('/api/search?q=Test%20deposit')).body.data.transactions).toHaveLength(
      6,
    );
  });
});

describe('notifications', () => {
  it('lists, counts, marks read, marks all read by type and deletes, for the owner only', async () => {
    const alice = await signedUpCustomer(bank);
    const bob = await signedUpCustomer(bank);
    await bank.jobs!.dispatchPending();
    // The welcome is raised by a background job: wait for it, so the deposits are the newest.
    await expect
      .poll(
        async () => (await alice.client.get('/api/notifications/summary')).body.data.total_count,
        { timeout: 10_000 },
      )
      .toBe(1);
    await deposit(bank, alice.accounts[0]!.account_number, 50);
    await deposit(bank, alice.accounts[1]!.account_number, 60);
    await expect
      .poll(
        async () => (await alice.client.get('/api/notifications/summary')).body.data.total_count,
        { timeout: 10_000 },
      )
      .toBe(3);
    expect((await alice.client.get('/api/notifications/summary')).body.data).toEqual({
      unread_count: 3,
      total_count: 3,
    });

    const list = (await alice.client.get('/api/notifications?per_page=50')).body.data.notifications;
    expect(list[0]).toMatchObject({
      type: 'transaction',
      title: 'Deposit received',
      is_read: false,
      priority: 'medium',
    });
    expect(list[0].time_ago).toBe('just now');
    const [first, second] = list;

    // Another customer cannot touch them, and learns nothing about them.
    expect((await bob.client.post(`/api/notifications/${first.id}/read`)).status).toBe(404);
    expect((await bob.client.delete(`/api/notifications/${first.id}`)).status).toBe(404);
    expect((await alice.client.post('/api/notifications/not-a-uuid/read')).status).toBe(404);

    expect((await alice.client.post(`/api/notifications/${first.id}/read`)).status).toBe(200);
    expect((await alice.client.get('/api/notifications/summary')).body.data).toEqual({
      unread_count: 2,
      total_count: 3,
    });
    expect(
      (await alice.client.get('/api/notifications?unread_only=true')).body.data.notifications,
    ).toHaveLength(2);
    expect(
      (await alice.client.get('/api/notifications?read_only=true')).body.data.notifications.map(
        (n: { id: string }) => n.id,
      ),
    ).toEqual([first.id]);

    // A type that is none of the list is named as such, and marks nothing read.
    for (const type of ['zzz', {}]) {
      const refused = await alice.client.post('/api/notifications/read-all', { type });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ type: ['The selected type is invalid.'] });
    }
    // Mark all read limited to a type leaves the system welcome unread.
    expect(
      (await alice.client.post('/api/notifications/read-all', { type: 'transaction' })).status,
    ).toBe(200);
    expect((await alice.client.get('/api/notifications/summary')).body.data).toEqual({
      unread_count: 1,
      total_count: 3,
    });
    expect(
      (await alice.client.get('/api/notifications?type=system&unread_only=true')).body.data
        .notifications,
    ).toHaveLength(1);

    expect((await alice.client.delete(`/api/notifications/${second.id}`)).status).toBe(200);
    expect((await alice.client.get('/api/notifications/summary')).body.data).toEqual({
      unread_count: 1,
      total_count: 2,
    });
    expect((await alice.client.post('/api/notifications/read-all')).status).toBe(200);
    expect((await alice.client.get('/api/notifications/summary')).body.data.unread_count).toBe(0);
    await expect
      .poll(async () => (await bob.client.get('/api/notifications/summary')).body.data.total_count)
      .toBe(1);
  });

  it('keeps a security notice in sight unless the session proved it is the customer', async () => {
    const { client, payload, user, accounts } = await signedUpCustomer(bank);
    const changed = await client.post('/api/change-password', {
      current_password: payload.password,
      new_password: 'Another-Pass-9',
      new_password_confirmation: 'Another-Pass-9',
    });
    expect(changed.status).toBe(200);
    for (const dollars of [5, 6, 7]) await deposit(bank, accounts[0]!.account_number, dollars);
    await bank.runner.catchUp();
    type Listed = { id: string; title: string; is_read: boolean };
    const listed = async (query: string) =>
      (await client.get(`/api/notifications?${query}`)).body.data.notifications as Listed[];
    const [notice] = await listed('type=security');
    expect(notice).toMatchObject({ title: 'Password changed', is_read: false });
    // Unread, it stays on top of the list, however many newer notices follow (one per page here).
    expect((await listed('per_page=1')).map((n) => n.id)).toEqual([notice!.id]);
    const [deposited] = await listed('type=transaction');

    // Minutes later, as a stolen token would be used: nothing puts the notice out of sight.
    await ageStepUp(bank, user.id);
    for (const attempt of [
      () => client.delete(`/api/notifications/${notice!.id}`),
      () => client.post(`/api/notifications/${notice!.id}/read`),
      () => client.post('/api/notifications/read-all', {}),
      () => client.post('/api/notifications/read-all', { type: 'security' }),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    }
    await bank.runner.catchUp();
    expect(await listed('type=security')).toEqual([{ ...notice!, is_read: false }]);
    // Other notices need nothing more.
    expect((await client.post('/api/notifications/read-all', { type: 'transaction' })).status).toBe(
      200,
    );
    expect((await client.delete(`/api/notifications/${deposited!.id}`)).status).toBe(200);

    expect((await client.post('/api/step-up', { password: 'Another-Pass-9' })).status).toBe(200);
    expect((await client.post(`/api/notifications/${notice!.id}/read`)).status).toBe(200);
    await bank.runner.catchUp();
    // Read, it takes its place by date again.
    expect((await listed('per_page=1'))[0]!.id).not.toBe(notice!.id);
    expect((await client.delete(`/api/notifications/${notice!.id}`)).status).toBe(200);
    await bank.runner.catchUp();
    expect(await listed('type=security')).toEqual([]);
  });

  it('finds every notice of money moving under Transactions, and marks them read from there', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    await deposit(bank, accounts[0]!.account_number, 100);
    const moved = await client.post('/api/transfers/between-accounts', {
      fromAccount: accounts[0]!.id,
      toAccount: accounts[1]!.id,
      amount: 25,
    });
    expect(moved.status).toBe(201);
    await bank.runner.catchUp();
    type Listed = { title: string; type: string; is_read: boolean };
    const listed = async (query: string) =>
      (await client.get(`/api/notifications?per_page=200&${query}`)).body.data
        .notifications as Listed[];
    const found = await listed('type=transaction');
    expect(found.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Deposit received', 'Transfer completed']),
    );
    expect(new Set(found.map((n) => n.type))).toEqual(new Set(['transaction', 'transfer']));
    // A type of its own still finds only itself.
    expect((await listed('type=transfer')).map((n) => n.title)).toEqual(['Transfer completed']);

    expect((await client.post('/api/notifications/read-all', { type: 'transaction' })).status).toBe(
      200,
    );
    await bank.runner.catchUp();
    const all = await listed('');
    const moneyTypes = ['transaction', 'transfer', 'zelle', 'bill_payment', 'alert'];
    const money = all.filter((n) => moneyTypes.includes(n.type));
    expect(money).toHaveLength(found.length);
    expect(money.every((n) => n.is_read)).toBe(true);
    // The rest are left as they were: unread.
    expect(all.filter((n) => !moneyTypes.includes(n.type)).some((n) => n.is_read)).toBe(false);
  });

  it('respects the customer’s notification preferences', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    const prefs = {
      transaction: false,
      security: true,
      card: true,
      crypto: true,
      support: true,
      marketing: false,
    };
    expect((await client.put('/api/profile/notification-preferences', prefs)).status).toBe(200);
    await deposit(bank, accounts[0]!.account_number, 5);
    await bank.runner.catchUp();
    const list = (await client.get('/api/notifications?type=transaction')).body.data.notifications;
    expect(list).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 and unknown routes with 404, never 500', async () => {
    const { client } = await signedUpCustomer(bank);
    const malformed = await client.request('PUT', '/api/profile', '{"name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      status: 'error',
      message: 'The request body is not valid JSON.',
    });
    expect((await client.get('/api/no-such-thing')).status).toBe(404);
    const wrongTypes = await client.put('/api/profile', { name: 42, email: ['x'] });
    expect(wrongTypes.status).toBe(422);
    expect(Object.keys(wrongTypes.body.errors)).toEqual(expect.arrayContaining(['name', 'email']));
    const tooLong = await client.put('/api/profile', { name: 'x'.repeat(300) });
    expect(tooLong.status).toBe(422);
  });

  it('updates the profile and returns the new user', async () => {
    const { client } = await signedUpCustomer(bank);
    const updated = await client.put('/api/profile', { name: 'Jordan R. Rivera', city: 'Bangor' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.user).toMatchObject({ name: 'Jordan R. Rivera', city: 'Bangor' });
    // Removing a photo that is not there changes nothing and is no error.
    const removed = await client.delete('/api/profile/photo');
    expect(removed.status).toBe(200);
    expect(removed.body.data.user.profileImage).toBeNull();
  });
});
