import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  dataUrl,
  deposit,
  signedUpCustomer,
  startTestBank,
  testPng,
  type ApiResponse,
  type TestBank,
} from '../testing/index.ts';
import { pathParams, routeTable, type RouteEntry } from './route-table.ts';

/**
 * The access-control matrix, built from the app's own route table: every route that takes an id
 * is called by a second customer with the first customer's real id, and must answer exactly what
 * it answers for an id that does not exist (404). A route with an id and no recipe here fails the
 * test, so the matrix stays complete as routes are added.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Recipe {
  /** The owner's real id for each path parameter. */
  params: () => Record<string, string>;
  body?: unknown;
  /** The query string a GET needs to reach the resource (without it, a 422 decides first). */
  query?: () => string;
}

let bank: TestBank;
let routes: RouteEntry[];
type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;
let owner: Customer;
let thief: Customer;
let payer: Customer;
let ops: ApiClient;
let auditor: ApiClient;
const ids: Record<string, string> = {};
/** Every response the matrix saw, to check none of them carries a stack trace. */
const seen: { route: string; response: ApiResponse }[] = [];

const staffPrefixes = ['/api/ops/', '/api/audit/'];
const isStaffRoute = (url: string) => staffPrefixes.some((p) => url.startsWith(p));

const recipes: Record<string, Recipe> = {
  'GET /api/support/tickets/:id': { params: () => ({ id: ids.ticket! }) },
  'GET /api/support/tickets/:id/replies': {
    params: () => ({ id: ids.ticket! }),
    query: () => `before=${ids.ticketReply!}`,
  },
  'POST /api/support/tickets/:id/reply': {
    params: () => ({ id: ids.ticket! }),
    body: { message: 'Reading someone else’s ticket' },
  },
  'PUT /api/support/tickets/:id/status': {
    params: () => ({ id: ids.ticket! }),
    body: { status: 'closed' },
  },
  'GET /api/cards/:id': { params: () => ({ id: ids.card! }) },
  'POST /api/cards/:id/apply': {
    params: () => ({ id: ids.cardOffer! }),
    body: { agreed_to_terms: true, delivery_address: '1 Thief Lane', express_delivery: false },
  },
  'POST /api/cards/:id/toggle-lock': {
    params: () => ({ id: ids.card! }),
    body: { action: 'lock' },
  },
  'POST /api/cards/:id/report-lost-stolen': {
    params: () => ({ id: ids.card! }),
    body: { type: 'stolen', description: 'Not mine, but reported anyway' },
  },
  'PUT /api/cards/:id/settings': {
    params: () => ({ id: ids.card! }),
    body: { international_transactions: true },
  },
  'PUT /api/cards/:id/limits': {
    params: () => ({ id: ids.card! }),
    body: { daily_atm_limit: 100, daily_purchase_limit: 100 },
  },
  'PUT /api/cards/:id/pin': {
    params: () => ({ id: ids.card! }),
    body: { new_pin: '1357', confirm_pin: '1357' },
  },
  'DELETE /api/notifications/:id': { params: () => ({ id: ids.notification! }) },
  'POST /api/notifications/:id/read': { params: () => ({ id: ids.notification! }) },
  'PUT /api/bill-payments/payees/:id': {
    params: () => ({ id: ids.payee! }),
    body: { display_name: 'Mine now' },
  },
  'PUT /api/bill-payments/payees/:id/autopay': {
    params: () => ({ id: ids.payee! }),
    body: { autopay_enabled: true, autopay_day: 1, autopay_amount: 2000 },
  },
  'DELETE /api/bill-payments/payees/:id': { params: () => ({ id: ids.payee! }) },
  'PUT /api/bill-payments/scheduled/:id': {
    params: () => ({ id: ids.billPayment! }),
    body: {},
  },
  'DELETE /api/bill-payments/scheduled/:id': { params: () => ({ id: ids.billPayment! }) },
  'POST /api/transfers/:id/repeat': { params: () => ({ id: ids.transfer! }), body: { amount: 5 } },
  'PUT /api/transfers/scheduled/:id': {
    params: () => ({ id: ids.schedule! }),
    body: {},
  },
  'DELETE /api/transfers/scheduled/:id': { params: () => ({ id: ids.schedule! }) },
  'PUT /api/transfers/recipients/:id': {
    params: () => ({ id: ids.recipient! }),
    body: { nickname: 'Mine now' },
  },
  'DELETE /api/transfers/recipients/:id': { params: () => ({ id: ids.recipient! }) },
  'POST /api/zelle/requests/:id/pay': {
    params: () => ({ id: ids.zelleRequest! }),
    body: { bank_account_id: '' },
  },
  'POST /api/zelle/requests/:id/decline': { params: () => ({ id: ids.zelleRequest! }) },
  'POST /api/zelle/requests/:id/cancel': { params: () => ({ id: ids.zelleRequest! }) },
  'POST /api/zelle/payments/:id/cancel': { params: () => ({ id: ids.zellePayment! }) },
  'POST /api/transfers/:id/cancel': { params: () => ({ id: ids.externalTransfer! }) },
  'GET /api/transactions/:transactionId': {
    params: () => ({ transactionId: ids.transaction! }),
  },
  'GET /api/transactions/:transactionId/receipt': {
    params: () => ({ transactionId: ids.transaction! }),
  },
  'GET /api/accounts/:accountId/statements': { params: () => ({ accountId: ids.account! }) },
  'GET /api/accounts/:accountId/direct-deposit-form': {
    params: () => ({ accountId: ids.account! }),
  },
  'GET /api/accounts/:accountId/statements/:month': {
    params: () => ({ accountId: ids.account!, month: new Date().toISOString().slice(0, 7) }),
  },
  'PUT /api/accounts/:id/savings-goal': {
    params: () => ({ id: ids.savingsAccount! }),
    body: { target_amount: 1 },
  },
  'DELETE /api/accounts/:id/savings-goal': { params: () => ({ id: ids.savingsAccount! }) },
  // The owner's own session: the checks after the matrix use it, so it must still be signed in.
  'POST /api/sessions/:id/sign-out': { params: () => ({ id: ids.session! }) },
  'GET /api/profile/photos/:ref': { params: () => ({ ref: ids.photo! }) },
  'PUT /api/transactions/:id/category': {
    params: () => ({ id: ids.transaction! }),
    body: { category: 'dining' },
  },
  'POST /api/transactions/:id/dispute': {
    params: () => ({ id: ids.transaction! }),
    body: { reason: 'unrecognized' },
  },
};

/** Parameters that are not a resource's id, with the reason. */
const notIds: Record<string, string> = {
  'POST /api/transfers/:type':
    'a transfer type: every unknown type answers 422 "Invalid transfer type"',
};

/** The route's name in the recipes: the spelling of its parameters that has a recipe, if any. */
function keyOf(route: RouteEntry): string {
  const keys = route.spellings.map((url) => `${route.method} ${url}`);
  return keys.find((key) => recipes[key] || notIds[key]) ?? keys[0]!;
}

function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`no value for :${name} in ${url}`);
    return value;
  });
}

async function call(client: ApiClient, route: RouteEntry, url: string, body?: unknown) {
  const response = await client.request(
    route.method as Method,
    url,
    route.method === 'GET' || route.method === 'DELETE' ? undefined : (body ?? {}),
  );
  seen.push({ route: `${route.method} ${route.url}`, response });
  return response;
}

beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
  routes = routeTable(bank.app);
  ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  const issued = await ops.post('/api/ops/auditors', { name: 'Matrix auditor' });
  expect(issued.status).toBe(201);
  auditor = new ApiClient(bank);
  auditor.token = issued.body.data.token;

  owner = await signedUpCustomer(bank, { name: 'Olivia Owner' });
  thief = await signedUpCustomer(bank, { name: 'Theo Thief' });
  payer = await signedUpCustomer(bank, { name: 'Paula Payer' });
  const checkingOf = (c: Customer) => c.accounts.find((a) => a.name === 'Premium Checking')!;
  const savingsOf = (c: Customer) => c.accounts.find((a) => a.name === 'High Yield Savings')!;
  await deposit(bank, checkingOf(owner).account_number, 500);
  await deposit(bank, checkingOf(thief).account_number, 500);
  recipes['POST /api/zelle/requests/:id/pay']!.body = { bank_account_id: checkingOf(thief).id };
  recipes['PUT /api/transfers/scheduled/:id']!.body = {
    fromAccount: checkingOf(thief).id,
    amount: 5,
    transferDate: new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10),
  };
  recipes['PUT /api/bill-payments/scheduled/:id']!.body = {
    from_account_id: checkingOf(thief).id,
    amount: 5,
    scheduled_date: new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10),
  };

  // A photo: its ref, as the owner's user view names it (the URL's last segment).
  const photo = await owner.client.put('/api/profile/photo', { image: dataUrl(testPng()) });
  expect(photo.status).toBe(200);
  ids.photo = decodeURIComponent(photo.body.data.user.profileImage.split('/').pop());
  ids.session = (await owner.client.get('/api/sessions')).body.data.sessions[0].id;

  const created = async (response: ApiResponse, what: string) => {
    expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(201);
    return response.body.data;
  };
  ids.ticket = (
    await created(
      await owner.client.post('/api/support/tickets', {
        subject: 'My card',
        description: 'A question about my card.',
        category: 'cards',
        priority: 'low',
      }),
      'ticket',
    )
  ).ticket.id;
  ids.ticketReply = (
    await created(
      await owner.client.post(`/api/support/tickets/${ids.ticket}/reply`, {
        message: 'Any news?',
      }),
      'ticket reply',
    )
  ).ticket.replies[0].id;
  const offers = (await owner.client.get('/api/cards')).body.data.cards as {
    id: string;
    card_type: string;
  }[];
  ids.cardOffer = offers.find((c) => c.card_type === 'credit')!.id;
  ids.card = (
    await created(
      await owner.client.post(
        `/api/cards/${offers.find((c) => c.card_type === 'debit')!.id}/apply`,
        {
          agreed_to_terms: true,
          delivery_address: '',
          express_delivery: false,
        },
      ),
      'card',
    )
  ).card.id;
  ids.payee = (
    await created(
      await owner.client.post('/api/bill-payments/payees', {
        name: 'City Power & Light',
        category: 'utilities',
        account_number: '5500-1234-9876',
      }),
      'payee',
    )
  ).payee.id;
  ids.billPayment = (
    await created(
      await owner.client.post('/api/bill-payments/schedule', {
        payee_id: ids.payee,
        from_account_id: checkingOf(owner).id,
        amount: 10,
        scheduled_date: new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10),
        is_recurring: true,
        recurring_frequency: 'monthly',
      }),
      'scheduled bill payment',
    )
  ).payment.id;
  ids.transfer = (
    await created(
      await owner.client.post('/api/transfers/between-accounts', {
        fromAccount: checkingOf(owner).id,
        toAccount: savingsOf(owner).id,
        amount: 25,
      }),
      'transfer',
    )
  ).transfer.id;
  const tomorrow = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  ids.schedule = (
    await created(
      await owner.client.post('/api/transfers/scheduled', {
        type: 'between-accounts',
        fromAccount: checkingOf(owner).id,
        toAccount: savingsOf(owner).id,
        amount: 10,
        transferDate: tomorrow,
        frequency: 'monthly',
      }),
      'scheduled transfer',
    )
  ).scheduled_transfer.id;
  ids.recipient = (
    await created(
      await owner.client.post('/api/transfers/recipients', {
        type: 'external-bank',
        nickname: 'Landlord',
        recipientName: 'Pat Doe',
        bankName: 'Other Bank',
        accountNumber: '123456789',
        routingNumber: '021000021',
      }),
      'saved recipient',
    )
  ).recipient.id;
  const requested = await created(
    await owner.client.post('/api/zelle/request', {
      bank_account_id: checkingOf(owner).id,
      amount: 12.5,
      recipient_name: 'Paula',
      recipient_email: payer.payload.email,
      memo: 'Lunch',
    }),
    'zelle request',
  );
  ids.zellePayment = (
    await created(
      await owner.client.post('/api/zelle/send', {
        bank_account_id: checkingOf(owner).id,
        amount: 5,
        recipient_name: 'Nobody Yet',
        recipient_email: `nobody.${Date.now()}@example.com`,
      }),
      'pending zelle payment',
    )
  ).transaction.id;
  ids.externalTransfer = (
    await created(
      await owner.client.post('/api/transfers/external-bank', {
        fromAccount: checkingOf(owner).id,
        amount: 10,
        recipientName: 'Alex Kim',
        bankName: 'First National',
        accountNumber: '55554444',
        routingNumber: '021000021',
      }),
      'external transfer',
    )
  ).transfer.id;
  ids.account = checkingOf(owner).id;
  const history = await owner.client.get('/api/dashboard/comprehensive-history?limit=1');
  ids.transaction = history.body.data.transactions[0].id;
  ids.zelleRequest = (requested.request ?? requested.requests?.[0] ?? requested.transaction).id;
  // The welcome notification is raised by a job.
  for (let waited = 0; ; waited += 250) {
    const listed = (await owner.client.get('/api/notifications')).body.data.notifications;
    if (listed.length > 0) break;
    if (waited > 20_000) throw new Error('no welcome notification');
    await new Promise((r) => setTimeout(r, 250));
  }
  ids.notification = (await owner.client.get('/api/notifications')).body.data.notifications[0].id;
  ids.savingsAccount = savingsOf(owner).id;
  expect(
    (
      await owner.client.put(`/api/accounts/${ids.savingsAccount}/savings-goal`, {
        target_amount: 2500,
      })
    ).status,
  ).toBe(200);
  ids.transaction = (
    await owner.client.get('/api/dashboard/comprehensive-history')
  ).body.data.transactions[0].id;
}, 120_000);

afterAll(async () => {
  await bank?.stop();
});

describe('access-control matrix', () => {
  it('has a recipe for every route that takes an id', () => {
    const withParams = routes.filter((r) => pathParams(r.url).length > 0);
    expect(withParams.length).toBeGreaterThan(15);
    const missing = withParams
      .map(keyOf)
      .filter((key) => !recipes[key] && !notIds[key] && !isStaffRoute(key.split(' ')[1]!));
    expect(missing, 'add a recipe to the access matrix for these routes').toEqual([]);
    const stale = Object.keys({ ...recipes, ...notIds }).filter(
      (key) => !withParams.some((r) => keyOf(r) === key),
    );
    expect(stale, 'recipes for routes that no longer exist').toEqual([]);
    const staffWithIds = withParams.filter((r) => isStaffRoute(r.url)).length;
    console.log(
      `access matrix: ${routes.length} /api routes, ${withParams.length} take a path parameter: ` +
        `${Object.keys(recipes).length} customer routes with a recipe, ${staffWithIds} staff routes, ` +
        `${Object.keys(notIds).length} not an id`,
    );
  });

  it('answers 404 to another customer’s ids, exactly as for ids that do not exist', async () => {
    const checked: string[] = [];
    for (const route of routes) {
      const label = keyOf(route);
      const recipe = recipes[label];
      if (!recipe) continue;
      const template = label.split(' ')[1]!;
      const query = recipe.query ? `?${recipe.query()}` : '';
      const real = fill(template, recipe.params()) + query;
      const absent =
        fill(
          template,
          Object.fromEntries(pathParams(template).map((name) => [name, randomUUID()])),
        ) + query;
      const theirs = await call(thief.client, route, real, recipe.body);
      const nobodys = await call(thief.client, route, absent, recipe.body);
      expect(theirs.status, `${label}: ${JSON.stringify(theirs.body)}`).toBe(404);
      expect(theirs.body, label).toEqual(nobodys.body);
      expect(theirs.body.status).toBe('error');
      checked.push(label);
    }
    expect(checked.length).toBe(Object.keys(recipes).length);

    // None of it had any effect on the owner's things or on anyone's money.
    const card = (await owner.client.get(`/api/cards/${ids.card}`)).body.data.card;
    expect(card).toMatchObject({ status: 'active' });
    expect(card.settings.international_transactions).toBe(false);
    const ticket = (await owner.client.get(`/api/support/tickets/${ids.ticket}`)).body.data.ticket;
    expect(ticket.status).toBe('open');
    expect(JSON.stringify(ticket)).not.toContain('Reading someone else');
    const notifications = (await owner.client.get('/api/notifications')).body.data.notifications;
    expect(notifications.find((n: { id: string }) => n.id === ids.notification)).toMatchObject({
      is_read: false,
    });
    const payees = (await owner.client.get('/api/bill-payments/payees')).body.data.payees;
    expect(payees.map((p: { id: string }) => p.id)).toContain(ids.payee);
    expect(JSON.stringify(payees)).not.toContain('Mine now');
    expect(payees.find((p: { id: string }) => p.id === ids.payee).autopay_enabled).toBe(false);
    const upcoming = (await owner.client.get('/api/bill-payments/scheduled')).body.data.payments;
    expect(
      upcoming.find((p: { payment_id: string }) => p.payment_id === ids.billPayment),
    ).toMatchObject({ amount: 10 });
    const goals = (await owner.client.get('/api/savings-goals')).body.data.savings_goals;
    expect(goals[0]).toMatchObject({ account_id: ids.savingsAccount, target_amount: 2500 });
    const lines = (await owner.client.get('/api/dashboard/comprehensive-history')).body.data
      .transactions;
    expect(lines.find((t: { id: string }) => t.id === ids.transaction).category_is_custom).toBe(
      false,
    );
    const requests = (await payer.client.get('/api/zelle/requests')).body.data;
    expect(JSON.stringify(requests)).toContain(ids.zelleRequest);
    expect(JSON.stringify(requests)).toContain('pending');
    const ledger = (await ops.get('/api/ops/ledger')).body.data;
    expect(ledger.balanced).toBe(true);
    expect(ledger.customer_accounts_total).toBe(1000);
  });
});

describe('ids in request bodies', () => {
  it('treats another customer’s account or payee like one that does not exist, and moves nothing', async () => {
    const checkingOf = (c: Customer) => c.accounts.find((a) => a.name === 'Premium Checking')!.id;
    const savingsOf = (c: Customer) => c.accounts.find((a) => a.name === 'High Yield Savings')!.id;
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const cases: [string, (id: string) => Record<string, unknown>, string][] = [
      [
        '/api/transfers/between-accounts',
        (id) => ({ fromAccount: id, toAccount: savingsOf(thief), amount: 5 }),
        checkingOf(owner),
      ],
      [
        '/api/transfers/between-accounts',
        (id) => ({ fromAccount: checkingOf(thief), toAccount: id, amount: 5 }),
        savingsOf(owner),
      ],
      [
        '/api/bill-payments/schedule',
        (id) => ({
          payee_id: id,
          from_account_id: checkingOf(thief),
          amount: 5,
          scheduled_date: today,
        }),
        ids.payee!,
      ],
      [
        '/api/bill-payments/schedule',
        (id) => ({ payee_id: ids.payee, from_account_id: id, amount: 5, scheduled_date: today }),
        checkingOf(owner),
      ],
      [
        '/api/crypto/buy',
        (id) => ({ symbol: 'BTC', amount_usd: 10, bank_account_id: id }),
        checkingOf(owner),
      ],
      [
        '/api/zelle/request',
        (id) => ({
          bank_account_id: id,
          amount: 5,
          recipient_name: 'Paula',
          recipient_email: payer.payload.email,
        }),
        checkingOf(owner),
      ],
    ];
    const before = (await ops.get('/api/ops/ledger')).body.data;
    for (const [url, body, theirId] of cases) {
      const route = { method: 'POST', url, spellings: [url] };
      const theirs = await call(thief.client, route, url, body(theirId));
      const nobodys = await call(thief.client, route, url, body(randomUUID()));
      const label = `${url} with ${JSON.stringify(body('<their id>'))}`;
      expect([404, 422], `${label}: ${JSON.stringify(theirs.body)}`).toContain(theirs.status);
      expect(theirs.status, label).toBe(nobodys.status);
      expect(theirs.body, label).toEqual(nobodys.body);
    }
    await bank.runner.catchUp();
    expect((await ops.get('/api/ops/ledger')).body.data).toEqual(before);
  });
});

describe('roles', () => {
  it('staff routes refuse customer tokens, and the other staff role', async () => {
    const staff = routes.filter((r) => isStaffRoute(r.url));
    expect(staff.length).toBeGreaterThan(10);
    for (const route of staff) {
      const url = fill(
        route.url,
        Object.fromEntries(pathParams(route.url).map((name) => [name, randomUUID()])),
      );
      const label = `${route.method} ${route.url}`;
      expect((await call(new ApiClient(bank), route, url)).status, label).toBe(401);
      expect((await call(owner.client, route, url)).status, label).toBe(403);
      const otherStaff = route.url.startsWith('/api/ops/') ? auditor : ops;
      expect((await call(otherStaff, route, url)).status, label).toBe(403);
    }
  });

  it('customer routes refuse ops and auditor tokens, and only the public pages are open', async () => {
    const open: string[] = [];
    for (const route of routes.filter((r) => !isStaffRoute(r.url))) {
      const url = fill(
        route.url,
        Object.fromEntries(pathParams(route.url).map((name) => [name, randomUUID()])),
      );
      const label = `${route.method} ${route.url}`;
      const anonymous = await call(new ApiClient(bank), route, url);
      if (anonymous.status !== 401) {
        open.push(label);
        continue;
      }
      expect((await call(ops, route, url)).status, label).toBe(401);
      expect((await call(auditor, route, url)).status, label).toBe(401);
    }
    expect(open.sort()).toEqual(
      [
        'GET /api/openapi.json',
        // The reference page of that same public document, and its files.
        'GET /api/docs',
        'GET /api/docs/',
        'GET /api/docs/json',
        'GET /api/docs/yaml',
        'GET /api/docs/static/index.html',
        'GET /api/docs/static/swagger-initializer.js',
        'GET /api/health',
        'POST /api/login',
        'POST /api/login/two-factor',
        'POST /api/register',
        'POST /api/forgot-password',
        'POST /api/reset-password',
        'POST /api/reset-password/check',
        'POST /api/contact/appointments',
        'POST /api/contact/messages',
      ].sort(),
    );
  });
});

describe('error bodies', () => {
  it('never carry a stack trace or internals, in any response the matrix saw', () => {
    expect(seen.length).toBeGreaterThan(150);
    for (const { route, response } of seen) {
      const text =
        typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
      expect(response.status, route).toBeLessThan(500);
      expect(text, route).not.toMatch(/\bat .+:\d+:\d+|node_modules|"stack"|\.ts:\d+/);
      if (response.status >= 400) {
        expect(Object.keys(response.body).sort(), route).toEqual(
          expect.arrayContaining(['status', 'message']),
        );
        expect(response.body.status, route).toBe('error');
      }
    }
  });
});
