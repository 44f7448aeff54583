import { allProjections, applyEvents } from '@bank/projections';
import { startTracing, type RecordedEvent } from '@bank/infra';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';

const exporter = new InMemorySpanExporter();
const tracing = await startTracing({ exporter, serviceName: 'bank-test' });
let bank: TestBank;

beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
  await tracing.shutdown();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('traces', () => {
  it('links HTTP -> command -> append -> projection, with the trace context in the event metadata', async () => {
    const { accounts } = await signedUpCustomer(bank);
    exporter.reset();
    const response = await deposit(bank, accounts[0]!.account_number, 12);
    expect(response.status).toBe(201);

    const spans = exporter.getFinishedSpans();
    const http = spans.find((s) => s.name === 'POST /api/ops/deposits');
    expect(http, spans.map((s) => s.name).join(', ')).toBeDefined();
    const command = spans.find(
      (s) => s.name === 'command' && parentOf(s) === http!.spanContext().spanId,
    );
    expect(command).toBeDefined();
    const append = spans.find(
      (s) => s.name === 'event-store append' && parentOf(s) === command!.spanContext().spanId,
    );
    expect(append).toBeDefined();
    expect(new Set([http, command, append].map((s) => s!.spanContext().traceId)).size).toBe(1);

    // The events carry the append's W3C trace context...
    const { rows } = await bank.pool.query<{ metadata: Record<string, unknown> }>(
      `SELECT metadata FROM events WHERE metadata->>'traceparent' LIKE $1`,
      [`00-${append!.spanContext().traceId}-${append!.spanContext().spanId}-%`],
    );
    expect(rows.length).toBeGreaterThan(0);

    // ...so a projection applying them later (another thread, process, or Kafka consumer) links
    // its span to the append.
    const events = (
      await bank.store.readAll({ transactionId: 0n, globalPosition: 0 }, 10_000)
    ).filter((e: RecordedEvent) => e.metadata.traceparent === rows[0]!.metadata.traceparent);
    const probe = { ...allProjections[0]!, name: 'trace-probe', handlers: {} };
    await applyEvents(bank.pool, probe, events);
    const projected = exporter.getFinishedSpans().find((s) => s.name === 'projection trace-probe');
    expect(projected).toBeDefined();
    expect(projected!.links.map((l) => l.context.spanId)).toContain(append!.spanContext().spanId);
  });

  it('the projections thread links its spans to the append, and the main thread exports them', async () => {
    const { accounts } = await signedUpCustomer(bank);
    const response = await deposit(bank, accounts[0]!.account_number, 7);
    expect(response.status).toBe(201);
    // The deposit's own append: a job may append after it (and its events need no account).
    const request = exporter
      .getFinishedSpans()
      .findLast((s) => s.name === 'POST /api/ops/deposits')!;
    const last = exporter
      .getFinishedSpans()
      .find(
        (s) =>
          s.name === 'event-store append' &&
          s.spanContext().traceId === request.spanContext().traceId,
      )!
      .spanContext().spanId;
    // Nothing here projects on the main thread (no catchUp): the thread's span must arrive.
    await expect
      .poll(
        () =>
          exporter
            .getFinishedSpans()
            .filter(
              (s) =>
                s.name === 'projection accounts' && s.links.some((l) => l.context.spanId === last),
            )
            // The main thread is thread 0; worker threads count from 1.
            .map((s) => Number(s.attributes['thread.id']) > 0),
        { timeout: 20_000, interval: 100 },
      )
      .toEqual([true]);
    const projected = exporter
      .getFinishedSpans()
      .find(
        (s) => s.name === 'projection accounts' && s.links.some((l) => l.context.spanId === last),
      )!;
    const append = exporter.getFinishedSpans().find((s) => s.spanContext().spanId === last)!;
    // A projection run may also hold other appends' events (a job's, say): one link each.
    const link = projected.links.find((l) => l.context.spanId === last)!;
    expect(link.context.traceId).toBe(append.spanContext().traceId);
    expect(projected.resource.attributes['service.name']).toBe('bank-test');
  });

  it('continues a caller’s trace (W3C traceparent header)', async () => {
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await bank.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.statusCode).toBeLessThan(600);
    const span = exporter.getFinishedSpans().find((s) => s.name === 'GET /api/health');
    expect(span?.spanContext().traceId).toBe(traceId);
    expect(parentOf(span!)).toBe('00f067aa0ba902b7');
  });
});
