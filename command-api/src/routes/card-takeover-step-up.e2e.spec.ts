import {
  ageStepUp,
  signedUpCustomer,
  startTestBank,
  type ApiClient,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The card-takeover chain with a session past its step-up window (a stolen session, minutes
 * after the customer last proved it was them): move the mailing address, have a new card mailed
 * there, give it a PIN. Each step needs the customer to confirm it is them again.
 */
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

const THIEF = { address: '666 Thief Lane', city: 'Elsewhere', state: 'NV', zip_code: '89101' };

function refusedForStepUp(response: { status: number; body: Record<string, unknown> }) {
  expect(response.status, JSON.stringify(response.body)).toBe(403);
  expect(response.body.code).toBe('STEP_UP_REQUIRED');
}

async function stepUp(client: ApiClient, password: string) {
  const proved = await client.post('/api/step-up', { password });
  expect(proved.status, JSON.stringify(proved.body)).toBe(200);
}

async function mailingAddress(client: ApiClient) {
  await bank.runner.catchUp();
  const { user } = (await client.get('/api/user')).body.data;
  return { address: user.address, city: user.city, state: user.state, zip_code: user.zip_code };
}

async function pendingOffer(client: ApiClient, type: 'debit' | 'credit') {
  await bank.runner.catchUp();
  const cards = (await client.get('/api/cards')).body.data.cards as {
    id: string;
    card_type: string;
    application: { is_pending: boolean };
  }[];
  const found = cards.find((c) => c.card_type === type && c.application.is_pending);
  if (!found) throw new Error(`no ${type} offer`);
  return found.id;
}

const apply = (client: ApiClient, id: string, deliveryAddress: string) =>
  client.post(`/api/cards/${id}/apply`, {
    agreed_to_terms: true,
    delivery_address: deliveryAddress,
    express_delivery: true,
  });

describe('changing the mailing address', () => {
  it('needs a stepped-up session; the address stays as it was until then', async () => {
    const c = await signedUpCustomer(bank);
    const before = await mailingAddress(c.client);
    await ageStepUp(bank, c.user.id);

    refusedForStepUp(await c.client.put('/api/profile', THIEF));
    // One field is enough to move where cards go.
    refusedForStepUp(await c.client.put('/api/profile', { zip_code: '89101' }));
    expect(await mailingAddress(c.client)).toEqual(before);

    // The profile form sends every field: the address as on file (written another way) and a
    // new name pass without asking.
    const unchanged = await c.client.put('/api/profile', {
      name: 'Jordan R. Rivera',
      address: before.address.toUpperCase(),
      city: before.city,
      state: before.state,
      zip_code: before.zip_code,
    });
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);

    await stepUp(c.client, c.payload.password);
    const moved = await c.client.put('/api/profile', THIEF);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await mailingAddress(c.client)).toEqual(THIEF);
  });
});

describe('applying for a card', () => {
  it('to an address other than the one on file needs a stepped-up session', async () => {
    const c = await signedUpCustomer(bank);
    const debit = await pendingOffer(c.client, 'debit');
    await ageStepUp(bank, c.user.id);

    refusedForStepUp(await apply(c.client, debit, '666 Thief Lane, Elsewhere NV 89101'));
    expect(await pendingOffer(c.client, 'debit')).toBe(debit);

    // The address on file, as the form leaves it (empty) or typed out in full.
    const home = `${c.payload.address}, ${c.payload.city}, ${c.payload.state} ${c.payload.zip_code}`;
    const applied = await apply(c.client, debit, home);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const credit = await pendingOffer(c.client, 'credit');
    const onFile = await apply(c.client, credit, '');
    expect(onFile.status, JSON.stringify(onFile.body)).toBe(201);
  });

  it('to another address passes once the customer confirmed it is them', async () => {
    const c = await signedUpCustomer(bank);
    const debit = await pendingOffer(c.client, 'debit');
    await ageStepUp(bank, c.user.id);
    refusedForStepUp(await apply(c.client, debit, '1 Summer Cabin Road, Bar Harbor ME 04609'));
    await stepUp(c.client, c.payload.password);
    const applied = await apply(c.client, debit, '1 Summer Cabin Road, Bar Harbor ME 04609');
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  });
});

describe("a card's first PIN", () => {
  it('needs a stepped-up session; changing a PIN still asks for the current one', async () => {
    const c = await signedUpCustomer(bank);
    const debit = await pendingOffer(c.client, 'debit');
    expect((await apply(c.client, debit, '')).status).toBe(201);
    await ageStepUp(bank, c.user.id);

    const first = { new_pin: '2468', confirm_pin: '2468' };
    refusedForStepUp(await c.client.put(`/api/cards/${debit}/pin`, first));
    await bank.runner.catchUp();
    const card = (await c.client.get('/api/cards')).body.data.cards.find(
      (k: { id: string }) => k.id === debit,
    );
    expect(card.has_pin).toBe(false);

    await stepUp(c.client, c.payload.password);
    expect((await c.client.put(`/api/cards/${debit}/pin`, first)).status).toBe(200);

    // A later change proves the customer with the current PIN, stepped up or not.
    await ageStepUp(bank, c.user.id);
    const changed = await c.client.put(`/api/cards/${debit}/pin`, {
      current_pin: '2468',
      new_pin: '8642',
      confirm_pin: '8642',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });
});

describe("a locked card's details", () => {
  it('stay hidden from a session that has not confirmed it is the customer, until it does', async () => {
    const c = await signedUpCustomer(bank);
    const debit = await pendingOffer(c.client, 'debit');
    expect((await apply(c.client, debit, '')).status).toBe(201);
    const locked = await c.client.post(`/api/cards/${debit}/toggle-lock`, {
      action: 'lock',
      reason: 'Left it somewhere',
    });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    await ageStepUp(bank, c.user.id);

    const refused = await c.client.get(`/api/cards/${debit}`);
    refusedForStepUp(refused);
    expect(JSON.stringify(refused.body)).not.toMatch(/\d{13,19}|full_details|cvv/);

    await stepUp(c.client, c.payload.password);
    const shown = await c.client.get(`/api/cards/${debit}`);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.card.status).toBe('locked');
    expect(shown.body.data.card.full_details.cvv).toMatch(/^\d{3}$/);
  });
});

describe('unlocking a card', () => {
  it('needs a stepped-up session; locking does not, and the card stays locked until then', async () => {
    const c = await signedUpCustomer(bank);
    const debit = await pendingOffer(c.client, 'debit');
    expect((await apply(c.client, debit, '')).status).toBe(201);
    await ageStepUp(bank, c.user.id);
    const locked = await c.client.post(`/api/cards/${debit}/toggle-lock`, { action: 'lock' });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);

    refusedForStepUp(await c.client.post(`/api/cards/${debit}/toggle-lock`, { action: 'unlock' }));
    await bank.runner.catchUp();
    const cards = (await c.client.get('/api/cards')).body.data.cards as {
      id: string;
      status: string;
    }[];
    expect(cards.find((card) => card.id === debit)?.status).toBe('locked');

    await stepUp(c.client, c.payload.password);
    const unlocked = await c.client.post(`/api/cards/${debit}/toggle-lock`, { action: 'unlock' });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    expect(unlocked.body.data.card.status).toBe('active');
  });
});
