import {
  ApiClient,
  dataUrl,
  deposit,
  signedUpCustomer,
  startTestBank,
  testPng,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_IMAGE } from '../services/photos.ts';
import { NOTHING_TO_UPDATE } from './profile.ts';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

describe('profile contact changes', () => {
  it('claims a new phone and email, found by others only once proved with a code', async () => {
    const sam = await signedUpCustomer(bank, { name: 'Sam Lee' });
    const payer = await signedUpCustomer(bank);
    const phone = `207${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const email = `sam.new.${Date.now()}@example.com`;
    expect((await sam.client.put('/api/profile', { phone, email })).status).toBe(200);

    // Until Sam proves them (zelle-claims.e2e.spec.ts), money to them waits rather than reach Sam.
    for (const recipient of [phone, email]) {
      const found = await payer.client.post('/api/transfers/validate-recipient', { recipient });
      expect(found.status).toBe(200);
      expect(found.body.data.valid).toBe(false);
    }
    // Nobody else can take them now.
    const other = await signedUpCustomer(bank);
    const taken = await other.client.put('/api/profile', { phone, email });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
    const phoneTaken = await other.client.put('/api/profile', { phone });
    expect(phoneTaken.body.errors).toEqual({ phone: ['The phone has already been taken.'] });
  });
});

describe('a profile update that names no detail', () => {
  it.each([
    {},
    { account_number: '000000000000' },
    { id: '8a3c1f52-3b7e-4c8e-9f0a-1d2e3f4a5b6c' },
    { profileImage: 'http://evil/x.png' },
  ])('refuses %j with 422, changing and recording nothing', async (body) => {
    const { client, user } = await signedUpCustomer(bank);
    const countEvents = async () =>
      (
        await bank.ownerPool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1',
          [`%${user.id}%`],
        )
      ).rows[0]!.n;
    const before = await countEvents();
    const userBefore = (await client.get('/api/user')).body.data;
    const refused = await client.put('/api/profile', body);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', message: NOTHING_TO_UPDATE });
    expect(await countEvents()).toBe(before);
    expect((await client.get('/api/user')).body.data).toEqual(userBefore);
  });

  it('still answers an update that names its details, even unchanged, as the web app sends it', async () => {
    const { client, user } = await signedUpCustomer(bank);
    const same = await client.put('/api/profile', { name: user.name, email: user.email });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.message).toBe('Profile updated successfully!');
  });
});

describe('a profile detail too long', () => {
  it.each([
    ['email', `${'e'.repeat(250)}@example.com`, 255],
    ['phone', '2'.repeat(21), 20],
    ['address', 'A'.repeat(256), 255],
  ])(
    'refuses a %s that is too long with its limit, changing nothing',
    async (field, value, max) => {
      const { client } = await signedUpCustomer(bank);
      const before = (await client.get('/api/user')).body.data;
      const refused = await client.put('/api/profile', { [field]: value });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[field]).toContain(
        `The ${field} field must not be greater than ${max} characters.`,
      );
      expect(refused.body.errors[field]).not.toContain('Please fill in all required fields.');
      expect((await client.get('/api/user')).body.data).toEqual(before);
    },
  );
});

describe('notification preferences', () => {
  const all = { transaction: true, card: true, crypto: true, support: true, marketing: false };

  it('keeps security notices on: switching them off is refused and changes nothing', async () => {
    const { client } = await signedUpCustomer(bank);
    const before = (await client.get('/api/user')).body.data;
    const refused = await client.put('/api/profile/notification-preferences', {
      ...all,
      transaction: false,
      security: false,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      security: [
        'Security notices are always on: they tell you about sign-ins, password and profile changes.',
      ],
    });
    expect((await client.get('/api/user')).body.data).toEqual(before);

    const saved = await client.put('/api/profile/notification-preferences', {
      ...all,
      transaction: false,
      security: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.user.notification_preferences).toEqual({
      ...all,
      transaction: false,
      security: true,
    });
  });
});

describe('notifications of transfers between own accounts', () => {
  it('does not announce money the customer moved between their own accounts', async () => {
    const { client, accounts } = await signedUpCustomer(bank);
    await deposit(bank, accounts[0]!.account_number, 100);
    const moved = await client.post('/api/transfers/between-accounts', {
      fromAccount: accounts[0]!.id,
      toAccount: accounts[1]!.id,
      amount: 25,
      memo: 'Savings',
    });
    expect(moved.status).toBe(201);
    await bank.runner.catchUp();
    const titles = (
      await client.get('/api/notifications?type=transaction')
    ).body.data.notifications.map((n: { title: string }) => n.title);
    expect(titles).toContain('Deposit received');
    expect(titles).not.toContain('Money received');
  });
});

describe('profile photos', () => {
  /** A small PNG, different for each `seed`. */
  const png = (seed: string) => dataUrl(testPng({ note: seed }));
  /** GETs a photo URL as `client` (its bearer token, or none). */
  const fetchPhoto = (url: string, client?: ApiClient) =>
    bank.app.inject({
      method: 'GET',
      url,
      headers: client?.token ? { authorization: `Bearer ${client.token}` } : {},
    });
  /** The photo the customer's user view names, as a data URL of what its URL serves them. */
  const shownPhoto = async (client: ApiClient) => {
    const url = (await client.get('/api/user')).body.data.user.profileImage as string | null;
    if (url === null) return null;
    const served = await fetchPhoto(url, client);
    expect(served.statusCode).toBe(200);
    return `data:${served.headers['content-type']};base64,${served.rawPayload.toString('base64')}`;
  };
  const storedPhotos = async (customerId: string) =>
    Number(
      (
        await bank.ctx.pool.query<{ n: string }>(
          'SELECT count(*) AS n FROM profile_images WHERE customer_id = $1',
          [customerId],
        )
      ).rows[0]!.n,
    );

  it('keeps one photo per customer however often it is replaced, and none once removed', async () => {
    const { client, user } = await signedUpCustomer(bank);
    for (const seed of ['first', 'second', 'third', 'second']) {
      const saved = await client.put('/api/profile/photo', { image: png(seed) });
      expect(saved.status).toBe(200);
      expect(await shownPhoto(client)).toBe(png(seed));
      expect(await storedPhotos(user.id)).toBe(1);
    }
    expect((await client.delete('/api/profile/photo')).status).toBe(200);
    expect((await client.get('/api/user')).body.data.user.profileImage).toBeNull();
    expect(await storedPhotos(user.id)).toBe(0);
  });

  it("removing a photo never takes another customer's, the same picture or not", async () => {
    const ana = await signedUpCustomer(bank);
    const ben = await signedUpCustomer(bank);
    await ana.client.put('/api/profile/photo', { image: png('the same picture') });
    await ben.client.put('/api/profile/photo', { image: png('the same picture') });
    expect((await ana.client.delete('/api/profile/photo')).status).toBe(200);
    expect(await shownPhoto(ben.client)).toBe(png('the same picture'));
  });

  it('refuses an image too many pixels wide or high, or cut off, storing nothing', async () => {
    const { client } = await signedUpCustomer(bank);
    const before = (await client.get('/api/user')).body.data.user.profileImage;
    const huge = testPng({ width: 20_000, height: 20_000 });
    for (const [image, message] of [
      [dataUrl(huge), 'The image can be at most 4096 × 4096 pixels.'],
      [
        dataUrl(testPng({ width: 400, height: 5000 })),
        'The image can be at most 4096 × 4096 pixels.',
      ],
      [dataUrl(testPng({ width: 40, height: 40 }).subarray(0, 30)), INVALID_IMAGE],
      [dataUrl(testPng({ width: 40, height: 40 }).subarray(0, 60)), INVALID_IMAGE],
    ] as const) {
      const refused = await client.put('/api/profile/photo', { image });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ image: [message] });
    }
    expect((await client.get('/api/user')).body.data.user.profileImage).toBe(before);
    const { rows } = await bank.pool.query('SELECT 1 FROM profile_images WHERE customer_id = $1', [
      (await client.get('/api/user')).body.data.user.id,
    ]);
    expect(rows).toEqual([]);
    // The web app's size, and the largest taken.
    for (const side of [400, 4096]) {
      const saved = await client.put('/api/profile/photo', {
        image: dataUrl(testPng({ width: side, height: side })),
      });
      expect(saved.status).toBe(200);
    }
  });

  it('names the photo by a URL in the user answers instead of carrying it, however large', async () => {
    const { client, user } = await signedUpCustomer(bank);
    const large = dataUrl(testPng({ padTo: 5 * 1024 * 1024 - 64 }));
    expect((await client.put('/api/profile/photo', { image: large })).status).toBe(200);
    const answer = await client.get('/api/user');
    expect(answer.status).toBe(200);
    // A 5 MB photo inlined made every such answer 7 MB: one customer asking in a loop stalled
    // the bank, and the web app could not keep the answer in the browser's storage.
    expect(JSON.stringify(answer.body).length).toBeLessThan(4096);
    const url = answer.body.data.user.profileImage as string;
    expect(url).toMatch(new RegExp(`^/api/profile/photos/photo%3A${user.id}%3A[0-9a-f]{64}$`));
    const served = await fetchPhoto(url, client);
    expect(served.headers['cache-control']).toBe('no-store');
    expect(`data:image/png;base64,${served.rawPayload.toString('base64')}`).toBe(large);
  });

  it('serves a photo to its owner only: another customer, an old photo or a bad ref is not found', async () => {
    const owner = await signedUpCustomer(bank);
    const other = await signedUpCustomer(bank);
    await owner.client.put('/api/profile/photo', { image: png('old') });
    const old = (await owner.client.get('/api/user')).body.data.user.profileImage as string;
    await owner.client.put('/api/profile/photo', { image: png('current') });
    const current = (await owner.client.get('/api/user')).body.data.user.profileImage as string;
    expect((await fetchPhoto(current, owner.client)).statusCode).toBe(200);
    expect((await fetchPhoto(current)).statusCode).toBe(401);
    const notFound = (
      await fetchPhoto(`/api/profile/photos/${encodeURIComponent('nothing')}`, other.client)
    ).json();
    for (const url of [
      current,
      old,
      `/api/profile/photos/${encodeURIComponent(`photo:${owner.user.id}:${'0'.repeat(64)}`)}`,
      `/api/profile/photos/${encodeURIComponent(`photo:${owner.user.id}:../../etc/passwd`)}`,
      `/api/profile/photos/${encodeURIComponent(`sha256:${'f'.repeat(64)}`)}`,
    ]) {
      const served = await fetchPhoto(url, url === old ? owner.client : other.client);
      expect(served.statusCode, url).toBe(404);
      expect(served.json(), url).toEqual(notFound);
    }
  });

  it('deletes an upload no change named, once old, and every photo of an erased customer', async () => {
    const { client, user } = await signedUpCustomer(bank);
    // An upload whose command never ran, an hour ago.
    await bank.ctx.pool.query(
      `INSERT INTO profile_images (ref, mime_type, data, customer_id, created_at)
       VALUES ($1, 'image/png', '\\x00', $2, now() - interval '1 hour')`,
      [`photo:${user.id}:unnamed`, user.id],
    );
    await client.put('/api/profile/photo', { image: png('kept') });
    expect(await storedPhotos(user.id)).toBe(1);

    const ops = new ApiClient(bank);
    ops.token = bank.opsToken;
    const erased = await ops.post('/api/ops/customers/erase', {
      account_number: user.account_number,
    });
    expect(erased.status).toBe(200);
    expect(await storedPhotos(user.id)).toBe(0);
  });
});

describe('photo uploads under their own rate limit', () => {
  let limited: TestBank;
  beforeAll(async () => {
    limited = await startTestBank({
      rateLimits: {
        auth: { max: 10_000, timeWindow: 60_000 },
        money: { max: 10_000, timeWindow: 60_000 },
        upload: { max: 2, timeWindow: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('refuses uploads from one address past the limit with 429, storing nothing', async () => {
    const { client, user } = await signedUpCustomer(limited);
    const image = (seed: string) => dataUrl(testPng({ note: seed }));
    expect((await client.put('/api/profile/photo', { image: image('one') })).status).toBe(200);
    expect((await client.put('/api/profile/photo', { image: image('two') })).status).toBe(200);
    const third = await client.put('/api/profile/photo', { image: image('three') });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('RATE_LIMITED');
    const { rows } = await limited.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM profile_images WHERE customer_id = $1',
      [user.id],
    );
    expect(rows[0]!.n).toBe(1);
    // Other profile changes are not held back by it.
    expect((await client.put('/api/profile', { city: 'Bangor' })).status).toBe(200);
  });
});
