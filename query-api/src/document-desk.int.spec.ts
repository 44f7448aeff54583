import { RenderPool, type DocumentJob } from '@bank/audit';
import { createHttpApp, type BankApp } from '@bank/infra';
import { pdfText } from '@bank/infra/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENTS_PER_REQUESTER, DocumentDesk } from './document-desk.ts';

const form: DocumentJob = {
  kind: 'direct-deposit-form',
  details: {
    holderName: 'Ada Lovelace',
    accountName: 'Everyday Checking',
    accountType: 'checking',
    accountNumber: '1234567890',
    routingNumber: '021000021',
  },
};

let app: BankApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app whose route draws a form for the requester named in its path. */
async function appWith(pool: RenderPool) {
  const desk = new DocumentDesk(pool);
  app = createHttpApp();
  app.addHook('onClose', () => desk.close());
  app.get<{ Params: { requester: string } }>('/forms/:requester', async (request, reply) => {
    const pdf = await desk.inTurn(request.params.requester, reply, (render) => render(form));
    return reply.type('application/pdf').send(pdf);
  });
  await app.ready();
  return (requester: string) => app!.inject({ method: 'GET', url: `/forms/${requester}` });
}

describe('the document desk', () => {
  it("makes a requester's documents in turn, and refuses one past their share with 429", async () => {
    const ask = await appWith(new RenderPool({ threads: 2 }));
    const answers = await Promise.all(
      Array.from({ length: DOCUMENTS_PER_REQUESTER + 1 }, () => ask('busy')),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(DOCUMENTS_PER_REQUESTER);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({
      status: 'error',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(pdfText(answers[0]!.rawPayload)).toContain('Ada Lovelace');
    // Once their documents are made, they are served again.
    expect((await ask('busy')).statusCode).toBe(200);
    // Thirteen forms drawn one after the other: seconds on a busy machine.
  }, 60_000);

  it('answers 503 with Retry-After when every thread is busy and the line is full', async () => {
    const ask = await appWith(new RenderPool({ threads: 1, maxWaiting: 0 }));
    const [first, second] = await Promise.all([ask('one'), ask('another')]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 503]);
    const busy = first!.statusCode === 503 ? first! : second!;
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.json()).toMatchObject({
      status: 'error',
      message: 'The service is temporarily unavailable. Please try again later.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await ask('another')).statusCode).toBe(200);
  });
});
