import {
  ageStepUp,
  signedUpCustomer,
  type ApiClient,
  type ApiResponse,
  type TestBank,
} from '@bank/server/testing';
import type * as Bank from '@bank/infra';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMoneyBank, zelleWaitingForNewcomer } from '../routes/money-test-helpers.ts';

/**
 * Hashing a secret takes tens of milliseconds of a line shared by everyone: a request that is
 * refused for a reason that needs no hashing must not spend any. The bank's own argon2 calls are
 * counted as they pass (each still runs).
 */
type Infra = typeof Bank;
const hashings = vi.hoisted(() => ({ count: 0 }));
vi.mock('@bank/infra', async (importOriginal) => {
  const infra = await importOriginal<Infra>();
  return {
    ...infra,
    hashSecret: (...args: Parameters<typeof infra.hashSecret>) => {
      hashings.count += 1;
      return infra.hashSecret(...args);
    },
    verifySecret: (...args: Parameters<typeof infra.verifySecret>) => {
      hashings.count += 1;
      return infra.verifySecret(...args);
    },
  };
});

let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});

/** The answer to `send`, and how many hashings it took. */
async function counted(send: () => Promise<ApiResponse>) {
  const before = hashings.count;
  const response = await send();
  return {
    status: response.status,
    message: response.body.message,
    hashings: hashings.count - before,
  };
}

async function issuedDebitCard(client: ApiClient): Promise<string> {
  const cards = (await client.get('/api/cards')).body.data.cards as {
    id: string;
    card_type: string;
    application: { is_pending: boolean };
  }[];
  const offer = cards.find((c) => c.card_type === 'debit' && c.application.is_pending)!;
  const applied = await client.post(`/api/cards/${offer.id}/apply`, {
    agreed_to_terms: true,
    delivery_address: '',
    express_delivery: false,
  });
  expect(applied.status).toBe(201);
  return offer.id;
}

describe('a PIN change refused for a reason that needs no hashing', () => {
  it('hashes nothing; a wrong or unchanged PIN takes one check, a change two', async () => {
    const { client, user, payload } = await signedUpCustomer(bank);
    const cardId = await issuedDebitCard(client);
    const pin = (body: object) => () => client.put(`/api/cards/${cardId}/pin`, body);
    const intruder = await signedUpCustomer(bank);

    // Another customer's card, and a card that is not there.
    expect(
      await counted(() =>
        intruder.client.put(`/api/cards/${cardId}/pin`, { new_pin: '3917', confirm_pin: '3917' }),
      ),
    ).toMatchObject({ status: 404, hashings: 0 });
    expect(
      await counted(() =>
        client.put(`/api/cards/${crypto.randomUUID()}/pin`, {
          new_pin: '3917',
          confirm_pin: '3917',
        }),
      ),
    ).toMatchObject({ status: 404, hashings: 0 });
    // A malformed PIN.
    expect(await counted(pin({ new_pin: '12a4', confirm_pin: '12a4' }))).toMatchObject({
      status: 422,
      hashings: 0,
    });
    // A first PIN from a session that has not proved the customer lately.
    await ageStepUp(bank, user.id);
    expect(await counted(pin({ new_pin: '2580', confirm_pin: '2580' }))).toMatchObject({
      status: 403,
      hashings: 0,
    });
    expect((await client.post('/api/step-up', { password: payload.password })).status).toBe(200);
    expect(await counted(pin({ new_pin: '2580', confirm_pin: '2580' }))).toMatchObject({
      status: 200,
      hashings: 1,
    });

    // No current PIN.
    expect(await counted(pin({ new_pin: '1397', confirm_pin: '1397' }))).toMatchObject({
      status: 422,
      message: 'Please enter your current PIN.',
      hashings: 0,
    });
    // The same PIN again, and a wrong current PIN: one check each, nothing hashed anew.
    expect(
      await counted(pin({ current_pin: '2580', new_pin: '2580', confirm_pin: '2580' })),
    ).toMatchObject({
      status: 422,
      message: 'The new PIN must be different from your current PIN.',
      hashings: 1,
    });
    // A change: the current PIN checked, the new one hashed.
    expect(
      await counted(pin({ current_pin: '2580', new_pin: '1397', confirm_pin: '1397' })),
    ).toMatchObject({ status: 200, hashings: 2 });
    for (let i = 0; i < 5; i += 1) {
      expect(
        await counted(pin({ current_pin: '0000', new_pin: '4826', confirm_pin: '4826' })),
      ).toMatchObject({ status: 422, hashings: 1 });
    }
    // Blocked after five wrong ones: not even the right one is checked.
    expect(
      await counted(pin({ current_pin: '1397', new_pin: '4826', confirm_pin: '4826' })),
    ).toMatchObject({
      status: 422,
      message:
        'Too many incorrect PIN attempts. Please try again in 24 hours or contact customer service.',
      hashings: 0,
    });
  });

  it('hashes nothing for a card reported lost', async () => {
    const { client } = await signedUpCustomer(bank);
    const cardId = await issuedDebitCard(client);
    const pin = { new_pin: '2580', confirm_pin: '2580' };
    expect((await client.put(`/api/cards/${cardId}/pin`, pin)).status).toBe(200);
    expect(
      (await client.post(`/api/cards/${cardId}/report-lost-stolen`, { description: 'Lost' }))
        .status,
    ).toBe(200);
    expect(
      await counted(() =>
        client.put(`/api/cards/${cardId}/pin`, {
          current_pin: '2580',
          new_pin: '1397',
          confirm_pin: '1397',
        }),
      ),
    ).toMatchObject({
      status: 422,
      message: 'This card has been reported lost or stolen and can no longer be used.',
      hashings: 0,
    });
  });
});

describe('a Zelle claim code refused for too many codes', () => {
  it('hashes no code', async () => {
    const { newcomer } = await zelleWaitingForNewcomer(bank, 'Hashing');
    const ask = () => newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
    for (let i = 0; i < 3; i += 1) {
      expect(await counted(ask)).toMatchObject({ status: 201, hashings: 1 });
    }
    expect(await counted(ask)).toMatchObject({
      status: 429,
      message: 'Too many codes requested. Please try again later.',
      hashings: 0,
    });
  });
});
