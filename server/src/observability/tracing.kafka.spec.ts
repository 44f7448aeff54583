import { EVENTS_TOPIC, SpanKind, startTracing } from '@bank/infra';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';
import { startKafkaBroker, type KafkaBroker } from '../testing/kafka.ts';

/**
 * Traces in scale mode: the append's trace context rides in the event metadata through the relay
 * and Kafka, and the projection worker's spans (another consumer, possibly another process) are
 * linked to the append that wrote the events.
 */
const exporter = new InMemorySpanExporter();
const tracing = await startTracing({ exporter, serviceName: 'bank-test' });
let broker: KafkaBroker;
let bank: TestBank;

beforeAll(async () => {
  broker = await startKafkaBroker();
  bank = await startTestBank({
    roles: { commands: true, queries: true, projections: true, jobs: false, http: true },
    config: { kafkaBrokers: broker.brokers },
  });
});
afterAll(async () => {
  await bank?.stop();
  await broker?.destroy();
  await tracing.shutdown();
});

const linksTo = (span: ReadableSpan, append: ReadableSpan) =>
  span.links.some(
    (l) =>
      l.context.spanId === append.spanContext().spanId &&
      l.context.traceId === append.spanContext().traceId,
  );

describe('traces across Kafka (scale mode)', () => {
  it('the Kafka projection worker’s spans link to the append through the event metadata', async () => {
    const { accounts } = await signedUpCustomer(bank);
    exporter.reset();
    const response = await deposit(bank, accounts[0]!.account_number, 12);
    expect(response.status).toBe(201);

    const spans = () => exporter.getFinishedSpans();
    const http = spans().find((s) => s.name === 'POST /api/ops/deposits');
    expect(
      http,
      spans()
        .map((s) => s.name)
        .join(', '),
    ).toBeDefined();
    const append = spans().find(
      (s) =>
        s.name === 'event-store append' && s.spanContext().traceId === http!.spanContext().traceId,
    );
    expect(append).toBeDefined();

    // The worker consumes the keyed topic for the accounts projection: its consumer span for the
    // chunk holding the deposit links to the append, and the projection span is its child.
    await expect
      .poll(
        () =>
          spans().some(
            (s) =>
              s.name === `process ${EVENTS_TOPIC}` &&
              s.kind === SpanKind.CONSUMER &&
              linksTo(s, append!),
          ),
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    const consumer = spans().find(
      (s) => s.name === `process ${EVENTS_TOPIC}` && linksTo(s, append!),
    )!;
    expect(consumer.attributes['messaging.system']).toBe('kafka');
    expect(consumer.attributes['messaging.destination.name']).toBe(EVENTS_TOPIC);
    expect(consumer.resource.attributes['service.name']).toBe('bank-test');

    await expect
      .poll(
        () =>
          spans().some(
            (s) =>
              s.name === 'projection accounts' &&
              s.parentSpanContext?.spanId === consumer.spanContext().spanId &&
              linksTo(s, append!),
          ),
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
  });
});
