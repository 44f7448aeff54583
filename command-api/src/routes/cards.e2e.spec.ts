import { BANK_TURN, verifySecret } from '@bank/infra';
import {
  ApiClient,
  liveAndRebuiltHashes,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passesLuhn } from '../domain/cards/card-number.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

interface CardJson {
  id: string;
  card_name: string;
  card_type: string;
  card_network: string;
  status: string;
  masked_number: string | null;
  expiry_date: string | null;
  bank_account: { account_name: string };
  application: {
    is_pending: boolean;
    description: string;
    benefits: string[];
    terms: {
      purchase_apr: number | null;
      cash_advance_apr: number | null;
      credit_limit: number | null;
      fees: { name: string; amount: number; percent: number | null }[];
    } | null;
  };
  settings: Record<string, boolean>;
  limits: { daily_atm_limit: number; daily_purchase_limit: number };
  is_replacement: boolean;
}

async function cardsOf(client: ApiClient): Promise<CardJson[]> {
  const response = await client.get('/api/cards');
  expect(response.status).toBe(200);
  return response.body.data.cards;
}

async function offer(client: ApiClient, type: 'debit' | 'credit'): Promise<CardJson> {
  const found = (await cardsOf(client)).find(
    (c) => c.card_type === type && c.application.is_pending && !c.is_replacement,
  );
  if (!found) throw new Error(`no ${type} offer`);
  return found;
}

const APPLY = { agreed_to_terms: true, delivery_address: '', express_delivery: false };

async function issuedCard(client: ApiClient, type: 'debit' | 'credit' = 'debit') {
  const { id } = await offer(client, type);
  const applied = await client.post(`/api/cards/${id}/apply`, APPLY);
  expect(applied.status).toBe(201);
  return applied.body.data.card as CardJson;
}

function expectFieldError(
  response: { status: number; body: any },
  field: string,
  message: string,
): void {
  expect(response.status).toBe(422);
  expect(response.body.status).toBe('error');
  expect(response.body.message).toBe(message);
  expect(response.body.errors[field]).toEqual([message]);
}

describe('card offers and applying', () => {
  it('gives every new customer a debit and a credit card offer to apply for', async () => {
    const { client } = await signedUpCustomer(bank);
    const cards = await cardsOf(client);
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(card.application.is_pending).toBe(true);
      expect(card.application.description.length).toBeGreaterThan(10);
      expect(card.application.benefits.length).toBeGreaterThan(0);
      expect(card.bank_account.account_name).toBe('Premium Checking');
      expect(card.status).toBe('pending');
      expect(card.masked_number).toBeNull();
    }
    expect(cards.map((c) => [c.card_type, c.card_network]).sort()).toEqual([
      ['credit', 'mastercard'],
      ['debit', 'visa'],
    ]);
  });

  it('shows the agreement of each offer before applying: APR, credit limit and fees', async () => {
    const { client } = await signedUpCustomer(bank);
    const credit = (await offer(client, 'credit')).application.terms!;
    expect(credit.purchase_apr).toBe(21.49);
    expect(credit.cash_advance_apr).toBe(27.49);
    expect(credit.credit_limit).toBe(5000);
    expect(credit.fees).toContainEqual({ name: 'Annual fee', amount: 0, percent: null });
    expect(credit.fees).toContainEqual({ name: 'Late payment fee', amount: 29, percent: null });
    expect(credit.fees).toContainEqual({ name: 'Cash advance fee', amount: 10, percent: 5 });
    const debit = (await offer(client, 'debit')).application.terms!;
    expect(debit.purchase_apr).toBeNull();
    expect(debit.credit_limit).toBeNull();
    expect(debit.fees).toContainEqual({ name: 'Annual fee', amount: 0, percent: null });
    // The issued card keeps showing the agreement it was applied for under.
    const applied = await client.post(
      `/api/cards/${(await offer(client, 'credit')).id}/apply`,
      APPLY,
    );
    expect(applied.status).toBe(201);
    expect((applied.body.data.card as CardJson).application.terms).toEqual(credit);
  });

  it('refuses an application without agreeing to the terms, and issues nothing', async () => {
    const { client } = await signedUpCustomer(bank);
    const { id } = await offer(client, 'debit');
    const message = 'You must agree to the terms and conditions to apply for a card.';
    expectFieldError(await client.post(`/api/cards/${id}/apply`, {}), 'agreed_to_terms', message);
    expectFieldError(
      await client.post(`/api/cards/${id}/apply`, { ...APPLY, agreed_to_terms: false }),
      'agreed_to_terms',
      message,
    );
    expectFieldError(
      await client.post(`/api/cards/${id}/apply`, { ...APPLY, agreed_to_terms: 'yes' }),
      'agreed_to_terms',
      message,
    );
    expect((await offer(client, 'debit')).application.is_pending).toBe(true);
  });

  it('issues an active Visa debit card with a Luhn-valid number, expiry and CVV shown only in details', async () => {
    const { client } = await signedUpCustomer(bank);
    const { id } = await offer(client, 'debit');
    const applied = await client.post(`/api/cards/${id}/apply`, APPLY);
    expect(applied.status).toBe(201);
    expect(applied.body.status).toBe('success');
    expect(applied.body.message).toMatch(/approved/i);
    const card = applied.body.data.card;
    expect(card.id).toBe(id);
    expect(card.status).toBe('active');
    expect(card.application.is_pending).toBe(false);
    expect(card.masked_number).toMatch(/^\*{4} \*{4} \*{4} \d{4}$/);
    expect(JSON.stringify(applied.body)).not.toMatch(/\d{16}|full_details|cvv/);

    const list = await client.get('/api/cards');
    expect(JSON.stringify(list.body)).not.toMatch(/\d{13,19}|full_details|"cvv"/);

    const details = await client.get(`/api/cards/${id}`);
    expect(details.status).toBe(200);
    expect(details.headers['cache-control']).toBe('no-store');
    const full = details.body.data.card.full_details;
    expect(full.formatted_card_number).toMatch(/^4\d{3} \d{4} \d{4} \d{4}$/);
    const number = full.formatted_card_number.replace(/ /g, '');
    expect(passesLuhn(number)).toBe(true);
    expect(number.slice(-4)).toBe(card.masked_number.slice(-4));
    expect(full.cvv).toMatch(/^\d{3}$/);
    const [month, year] = card.expiry_date.split('/').map(Number);
    expect(month).toBeGreaterThanOrEqual(1);
    expect(month).toBeLessThanOrEqual(12);
    const yearsAhead = 2000 + year - new Date().getUTCFullYear();
    expect(yearsAhead).toBeGreaterThanOrEqual(3);
    expect(yearsAhead).toBeLessThanOrEqual(4);
  });

  it('issues a Mastercard credit card starting 51–55', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client, 'credit');
    const details = (await client.get(`/api/cards/${card.id}`)).body.data.card;
    const number = details.full_details.formatted_card_number.replace(/ /g, '');
    expect(number).toMatch(/^5[1-5]\d{14}$/);
    expect(passesLuhn(number)).toBe(true);
    expect(details.card_network).toBe('mastercard');
  });

  it('refuses applying twice for the same card', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    const again = await client.post(`/api/cards/${card.id}/apply`, APPLY);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('You have already applied for this card.');
  });

  it('refuses card actions on an offer not yet applied for', async () => {
    const { client } = await signedUpCustomer(bank);
    const { id } = await offer(client, 'debit');
    const response = await client.post(`/api/cards/${id}/toggle-lock`, { action: 'lock' });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(
      'This card has not been issued yet. Please apply for it first.',
    );
    const details = await client.get(`/api/cards/${id}`);
    expect(details.body.data.card.full_details).toBeNull();
  });
});

describe('lock, unlock and report lost or stolen', () => {
  it('locks an active card and unlocks a locked one, refusing the same move twice', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    const url = `/api/cards/${card.id}/toggle-lock`;
    const locked = await client.post(url, { action: 'lock', reason: 'Misplaced it' });
    expect(locked.status).toBe(200);
    expect(locked.body.message).toBe('Card locked successfully');
    expect(locked.body.data.card.status).toBe('locked');
    const again = await client.post(url, { action: 'lock', reason: '' });
    expectFieldError(again, 'action', 'This card is already locked.');
    const unlocked = await client.post(url, { action: 'unlock', reason: 'Found it' });
    expect(unlocked.body.message).toBe('Card unlocked successfully');
    expect(unlocked.body.data.card.status).toBe('active');
    expectFieldError(
      await client.post(url, { action: 'unlock' }),
      'action',
      'This card is not locked.',
    );
    expectFieldError(
      await client.post(url, { action: 'freeze' }),
      'action',
      'The action must be lock or unlock.',
    );
    expectFieldError(await client.post(url, {}), 'action', 'The action must be lock or unlock.');
  });

  it('deactivates a reported card at once and offers a replacement with a new number', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    const oldNumber = (await client.get(`/api/cards/${card.id}`)).body.data.card.full_details
      .formatted_card_number;
    expectFieldError(
      await client.post(`/api/cards/${card.id}/report-lost-stolen`, { type: 'misplaced' }),
      'type',
      'The type must be lost or stolen.',
    );
    const reported = await client.post(`/api/cards/${card.id}/report-lost-stolen`, {
      description: 'Left it on the bus',
    });
    expect(reported.status).toBe(200);
    expect(reported.body.data.card.status).toBe('lost');
    expect(reported.body.message).toMatch(/replacement/);
    expect((await client.get(`/api/cards/${card.id}`)).body.data.card.full_details).toBeNull();

    const dead = 'This card has been reported lost or stolen and can no longer be used.';
    for (const [method, path, body] of [
      ['POST', 'toggle-lock', { action: 'lock' }],
      ['POST', 'toggle-lock', { action: 'unlock' }],
      ['PUT', 'settings', { contactless_enabled: false }],
      ['PUT', 'limits', { daily_atm_limit: 100 }],
      ['PUT', 'pin', { new_pin: '2468', confirm_pin: '2468' }],
    ] as const) {
      const response = await client.request(method, `/api/cards/${card.id}/${path}`, body);
      expect(response.status).toBe(422);
      expect(response.body.message).toBe(dead);
    }
    const twice = await client.post(`/api/cards/${card.id}/report-lost-stolen`, { type: 'stolen' });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('This card has already been reported lost or stolen.');

    const replacementOffer = (await cardsOf(client)).find((c) => c.is_replacement)!;
    expect(replacementOffer.application.is_pending).toBe(true);
    expect(replacementOffer.card_type).toBe('debit');
    expect(replacementOffer.application.description).toContain(card.masked_number!.slice(-4));
    const replacement = await client.post(`/api/cards/${replacementOffer.id}/apply`, APPLY);
    expect(replacement.status).toBe(201);
    expect(replacement.body.data.card.status).toBe('active');
    const newNumber = (await client.get(`/api/cards/${replacementOffer.id}`)).body.data.card
      .full_details.formatted_card_number;
    expect(newNumber).not.toBe(oldNumber);
    const statuses = (await cardsOf(client)).map((c) => [c.id, c.status]);
    expect(statuses).toContainEqual([card.id, 'lost']);
    expect(statuses).toContainEqual([replacementOffer.id, 'active']);
  });

  it('records a stolen card as stolen', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client, 'credit');
    const reported = await client.post(`/api/cards/${card.id}/report-lost-stolen`, {
      type: 'stolen',
    });
    expect(reported.body.data.card.status).toBe('stolen');
  });
});

describe('settings and limits', () => {
  it('changes the settings given and refuses an empty or non-boolean change', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    expect(card.settings).toEqual({
      transaction_alerts: true,
      international_transactions: false,
      contactless_enabled: true,
    });
    const url = `/api/cards/${card.id}/settings`;
    const changed = await client.put(url, {
      international_transactions: true,
      contactless_enabled: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.card.settings).toEqual({
      transaction_alerts: true,
      international_transactions: true,
      contactless_enabled: false,
    });
    expectFieldError(
      await client.put(url, {}),
      'settings',
      'Please choose at least one setting to change.',
    );
    const wrong = await client.put(url, { transaction_alerts: 'maybe' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.transaction_alerts).toBeDefined();
  });

  it('changes daily limits in dollars and cents, keeping the one not given', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    expect(card.limits).toEqual({ daily_atm_limit: 500, daily_purchase_limit: 2500 });
    const url = `/api/cards/${card.id}/limits`;
    const changed = await client.put(url, { daily_atm_limit: 1000, daily_purchase_limit: 10000.5 });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Card limits updated successfully');
    expect(changed.body.data.card.limits).toEqual({
      daily_atm_limit: 1000,
      daily_purchase_limit: 10000.5,
    });
    const onlyAtm = await client.put(url, { daily_atm_limit: '750', daily_purchase_limit: '' });
    expect(onlyAtm.body.data.card.limits).toEqual({
      daily_atm_limit: 750,
      daily_purchase_limit: 10000.5,
    });
    const atMax = await client.put(url, { daily_atm_limit: 5000, daily_purchase_limit: 25000 });
    expect(atMax.body.data.card.limits).toEqual({
      daily_atm_limit: 5000,
      daily_purchase_limit: 25000,
    });
  });

  it.each([
    [
      { daily_atm_limit: 5000.01 },
      'daily_atm_limit',
      'The daily ATM limit can be at most $5,000.00.',
    ],
    [
      { daily_purchase_limit: 25000.01 },
      'daily_purchase_limit',
      'The daily purchase limit can be at most $25,000.00.',
    ],
    // Well written but huge: over the highest limit, not badly written.
    [{ daily_atm_limit: 1e15 }, 'daily_atm_limit', 'The daily ATM limit can be at most $5,000.00.'],
    [
      { daily_purchase_limit: '1000000000000000' },
      'daily_purchase_limit',
      'The daily purchase limit can be at most $25,000.00.',
    ],
    [{ daily_atm_limit: 0 }, 'daily_atm_limit', 'The daily ATM limit must be more than $0.00.'],
    [{ daily_atm_limit: -20 }, 'daily_atm_limit', 'The daily ATM limit must be more than $0.00.'],
    [
      { daily_atm_limit: '-100' },
      'daily_atm_limit',
      'The daily ATM limit must be more than $0.00.',
    ],
    [
      { daily_purchase_limit: 12.345 },
      'daily_purchase_limit',
      'The daily purchase limit must be an amount in dollars with at most 2 decimals.',
    ],
    [
      { daily_atm_limit: 'lots' },
      'daily_atm_limit',
      'The daily ATM limit must be an amount in dollars.',
    ],
    [
      { daily_atm_limit: true },
      'daily_atm_limit',
      'The daily ATM limit must be an amount in dollars.',
    ],
    [{}, 'daily_atm_limit', 'Please enter a daily ATM limit or a daily purchase limit.'],
  ])('refuses limits %j with a message on %s and changes nothing', async (body, field, message) => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    expectFieldError(await client.put(`/api/cards/${card.id}/limits`, body), field, message);
    const after = (await cardsOf(client)).find((c) => c.id === card.id)!;
    expect(after.limits).toEqual({ daily_atm_limit: 500, daily_purchase_limit: 2500 });
  });
});

describe('PIN', () => {
  it('sets a first PIN, then changes it only with the current PIN; only a hash is stored', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    const url = `/api/cards/${card.id}/pin`;
    expectFieldError(
      await client.put(url, { new_pin: '2468', confirm_pin: '2486' }),
      'confirm_pin',
      'New PINs do not match',
    );
    expectFieldError(
      await client.put(url, { new_pin: '12a4', confirm_pin: '12a4' }),
      'new_pin',
      'The PIN must be exactly 4 digits.',
    );
    expectFieldError(
      await client.put(url, { new_pin: '12345', confirm_pin: '12345' }),
      'new_pin',
      'The PIN must be exactly 4 digits.',
    );
    for (const guessable of ['1234', '0000', '9876']) {
      expectFieldError(
        await client.put(url, { new_pin: guessable, confirm_pin: guessable }),
        'new_pin',
        'Please choose a PIN that is harder to guess: not one digit four times or a run like 1234.',
      );
    }
    expectFieldError(
      await client.put(url, { confirm_pin: '1234' }),
      'new_pin',
      'Please enter a new PIN.',
    );
    // Sent as a number (its leading zeros lost), a PIN was entered, only not as 4 digits.
    const asNumbers = await client.put(url, { new_pin: 2468, confirm_pin: 2468 });
    expect(asNumbers.status).toBe(422);
    expect(asNumbers.body.errors).toEqual({
      new_pin: ['The PIN must be exactly 4 digits.'],
      confirm_pin: ['The PIN must be exactly 4 digits.'],
    });
    expectFieldError(
      await client.put(url, { new_pin: '2468' }),
      'confirm_pin',
      'Please confirm the new PIN.',
    );

    const first = await client.put(url, { current_pin: '', new_pin: '2580', confirm_pin: '2580' });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('PIN changed successfully');

    expectFieldError(
      await client.put(url, { new_pin: '1397', confirm_pin: '1397' }),
      'current_pin',
      'Please enter your current PIN.',
    );
    expectFieldError(
      await client.put(url, { current_pin: '0000', new_pin: '1397', confirm_pin: '1397' }),
      'current_pin',
      'The current PIN is incorrect.',
    );
    expectFieldError(
      await client.put(url, { current_pin: '2580', new_pin: '2580', confirm_pin: '2580' }),
      'new_pin',
      'The new PIN must be different from your current PIN.',
    );
    const changed = await client.put(url, {
      current_pin: '2580',
      new_pin: '1397',
      confirm_pin: '1397',
    });
    expect(changed.status).toBe(200);

    const { rows } = await bank.pool.query<{ data: { pinHash: string; initial: boolean } }>(
      `SELECT data FROM events WHERE type = 'CardPinSet' AND data->>'cardId' = $1 ORDER BY global_position`,
      [card.id],
    );
    expect(rows.map((r) => r.data.initial)).toEqual([true, false]);
    expect(rows[1]!.data.pinHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(rows[1]!.data.pinHash, '1397', BANK_TURN)).toBe(true);
    const everything = await bank.pool.query<{ text: string }>(
      `SELECT string_agg(data::text, ' ') AS text FROM events WHERE stream_id = $1`,
      [`card-${card.id}`],
    );
    expect(everything.rows[0]!.text).not.toMatch(/"(2580|1397)"/);
    expect((await cardsOf(client)).find((c) => c.id === card.id)).toMatchObject({ has_pin: true });
  });
});

describe('PIN guessing', () => {
  it('blocks PIN changes after five wrong current PINs in a row, and tells the customer', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    const url = `/api/cards/${card.id}/pin`;
    expect((await client.put(url, { new_pin: '2580', confirm_pin: '2580' })).status).toBe(200);
    for (const guess of ['0000', '1111', '2222', '3333', '4444']) {
      const refused = await client.put(url, {
        current_pin: guess,
        new_pin: '1397',
        confirm_pin: '1397',
      });
      expectFieldError(refused, 'current_pin', 'The current PIN is incorrect.');
      // The refusal recorded the attempt: its answer names the position, so the next read
      // (the notice of the fifth) shows it.
      expect(refused.headers['x-consistency-token']).toMatch(/\S/);
    }
    expectFieldError(
      await client.put(url, { current_pin: '2580', new_pin: '1397', confirm_pin: '1397' }),
      'current_pin',
      'Too many incorrect PIN attempts. Please try again in 24 hours or contact customer service.',
    );
    const titles = (await client.get('/api/notifications?type=card')).body.data.notifications.map(
      (n: { title: string }) => n.title,
    );
    expect(titles).toContain('PIN changes blocked');
  });
});

describe('card notifications', () => {
  it('raises notifications of type card for card events', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    await client.post(`/api/cards/${card.id}/toggle-lock`, { action: 'lock' });
    await client.post(`/api/cards/${card.id}/report-lost-stolen`, { type: 'stolen' });
    const cardNotices = (await client.get('/api/notifications?type=card')).body.data.notifications;
    expect(cardNotices.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['Card issued', 'Card locked', 'Card reported stolen']),
    );
    expect(cardNotices.every((n: { type: string }) => n.type === 'card')).toBe(true);
    expect(JSON.stringify(cardNotices)).not.toMatch(/\d{13,19}/);
    const locked = cardNotices.find((n: { title: string }) => n.title === 'Card locked');
    expect(locked.message).toMatch(
      /^Your card .*\d{4} is locked: new purchases and withdrawals are declined until you unlock it\.$/,
    );
  });

  it('respects a customer who switched card notifications off', async () => {
    const { client } = await signedUpCustomer(bank);
    const off = await client.put('/api/profile/notification-preferences', {
      transaction: true,
      security: true,
      card: false,
      crypto: true,
      support: true,
      marketing: false,
    });
    expect(off.status).toBe(200);
    const card = await issuedCard(client);
    await client.post(`/api/cards/${card.id}/toggle-lock`, { action: 'lock' });
    const cardNotices = (await client.get('/api/notifications?type=card')).body.data.notifications;
    expect(cardNotices).toEqual([]);
  });
});

describe("another customer's cards", () => {
  it('answers 404 on every card route, for issued cards and offers alike', async () => {
    const owner = await signedUpCustomer(bank);
    const card = await issuedCard(owner.client);
    const pendingOffer = await offer(owner.client, 'credit');
    const intruder = await signedUpCustomer(bank);
    for (const id of [card.id, pendingOffer.id, crypto.randomUUID()]) {
      const calls = [
        intruder.client.get(`/api/cards/${id}`),
        intruder.client.post(`/api/cards/${id}/apply`, APPLY),
        intruder.client.post(`/api/cards/${id}/toggle-lock`, { action: 'lock', reason: '' }),
        intruder.client.post(`/api/cards/${id}/report-lost-stolen`, { description: '' }),
        intruder.client.put(`/api/cards/${id}/settings`, { contactless_enabled: false }),
        intruder.client.put(`/api/cards/${id}/limits`, { daily_atm_limit: 100 }),
        intruder.client.put(`/api/cards/${id}/pin`, { new_pin: '3917', confirm_pin: '3917' }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(404);
        expect(response.body.message).toBe('The requested resource was not found.');
        expect(JSON.stringify(response.body)).not.toContain('full_details');
      }
    }
    expect((await intruder.client.get('/api/cards/not-a-uuid')).status).toBe(404);
    // The owner's card is untouched.
    const mine = (await cardsOf(owner.client)).find((c) => c.id === card.id)!;
    expect(mine.status).toBe('active');
    expect((await offer(owner.client, 'credit')).application.is_pending).toBe(true);
  });

  it('requires a signed-in customer', async () => {
    const anonymous = new ApiClient(bank);
    expect((await anonymous.get('/api/cards')).status).toBe(401);
    expect((await anonymous.get(`/api/cards/${crypto.randomUUID()}`)).status).toBe(401);
  });
});

/** Every string value anywhere inside a JSON value. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === 'object')
    Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

describe('card secrets at rest', () => {
  it('no card number or CVV appears in plaintext anywhere in the database', async () => {
    const { client } = await signedUpCustomer(bank);
    const debit = await issuedCard(client, 'debit');
    const credit = await issuedCard(client, 'credit');
    await client.post(`/api/cards/${debit.id}/report-lost-stolen`, { type: 'lost' });
    const replacementOffer = (await cardsOf(client)).find((c) => c.is_replacement)!;
    await client.post(`/api/cards/${replacementOffer.id}/apply`, APPLY);
    const secrets: { number: string; cvv: string }[] = [];
    for (const id of [credit.id, replacementOffer.id]) {
      const full = (await client.get(`/api/cards/${id}`)).body.data.card.full_details;
      secrets.push({ number: full.formatted_card_number.replace(/ /g, ''), cvv: full.cvv });
    }
    // The reported card's details are no longer shown, so read them the way the bank can.
    const sealed = await bank.pool.query<{
      data: { numberEncrypted: string; cvvEncrypted: string };
    }>(`SELECT data FROM events WHERE type = 'CardIssued' AND data->>'cardId' = $1`, [debit.id]);
    secrets.push({
      number: bank.ctx.secrets.decrypt(sealed.rows[0]!.data.numberEncrypted),
      cvv: bank.ctx.secrets.decrypt(sealed.rows[0]!.data.cvvEncrypted),
    });
    expect(secrets).toHaveLength(3);

    await bank.runner.catchUp();
    const values: string[] = [];
    const events = await bank.pool.query<{ data: unknown; metadata: unknown; stream_id: string }>(
      'SELECT stream_id, data, metadata FROM events',
    );
    for (const row of events.rows) stringsIn([row.stream_id, row.data, row.metadata], values);
    const tables = await bank.pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'events'`,
    );
    expect(tables.rows.map((t) => t.table_name)).toContain('rm_cards');
    let text = '';
    for (const { table_name } of tables.rows) {
      const rows = await bank.pool.query<{ row: Record<string, unknown> }>(
        `SELECT row_to_json(t) AS row FROM "${table_name}" t`,
      );
      for (const { row } of rows.rows) {
        stringsIn(row, values);
        text += JSON.stringify(row);
      }
    }
    text += JSON.stringify(events.rows);
    for (const { number, cvv } of secrets) {
      expect(text).not.toContain(number);
      expect(text).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
      expect(text).not.toContain(number.slice(0, 12));
      // A CVV is three digits, which occur by chance inside other text: no stored value is one.
      expect(values).not.toContain(cvv);
      expect(values.some((v) => v.includes(number))).toBe(false);
    }
    expect(text).toContain('v1:'); // sealed values are there
  });
});

describe('rebuilding the cards read model', () => {
  it('gives the same cards and offers when replayed from the log', async () => {
    const { client } = await signedUpCustomer(bank);
    const card = await issuedCard(client);
    await client.put(`/api/cards/${card.id}/limits`, { daily_atm_limit: 900 });
    await client.post(`/api/cards/${card.id}/report-lost-stolen`, { type: 'stolen' });
    await bank.runner.catchUp();
    const { live, rebuilt } = await liveAndRebuiltHashes(bank, 'cards');
    expect(rebuilt).toEqual(live);
  });
});

describe('card details under the sign-in rate limit', () => {
  let limited: TestBank;
  beforeAll(async () => {
    limited = await startTestBank({
      rateLimits: {
        auth: { max: 3, timeWindow: 60_000 },
        money: { max: 10_000, timeWindow: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('refuses a fourth reveal of the full number from one address within the window', async () => {
    const { client } = await signedUpCustomer(limited);
    const card = await issuedCard(client);
    for (let i = 0; i < 3; i += 1) {
      const details = await client.get(`/api/cards/${card.id}`);
      expect(details.status).toBe(200);
      expect(details.body.data.card.full_details.cvv).toMatch(/^\d{3}$/);
    }
    const fourth = await client.get(`/api/cards/${card.id}`);
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('RATE_LIMITED');
    expect(JSON.stringify(fourth.body)).not.toMatch(/\d{13,19}|cvv/);
    // The card list, which shows no secret, is not held back by it.
    expect((await client.get('/api/cards')).status).toBe(200);
  });
});
