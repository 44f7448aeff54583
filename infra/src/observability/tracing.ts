import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';

/**
 * OpenTelemetry traces, off unless started: HTTP request → command → append → projection. The
 * append's W3C trace context is stored in each event's metadata (`traceparent`), so a projection
 * that applies the event later (another thread, process, or a Kafka consumer) links its span to it.
 */
export const tracer = trace.getTracer('bank');

let started: { shutdown(): Promise<void> } | undefined;

export interface TracingOptions {
  /** Where spans go; OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT when absent. */
  exporter?: SpanExporter;
  serviceName?: string;
}

/** Whether the environment asks for traces (an OTLP endpoint is configured). */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Starts tracing for this process (once); the answer flushes and stops it. */
export function startTracing(options: TracingOptions = {}): { shutdown(): Promise<void> } {
  if (started) return started;
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? 'bank',
    }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const handle = {
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      started = undefined;
    },
  };
  started = handle;
  return handle;
}

/** The active trace context as W3C headers ({traceparent, tracestate?}); empty when not tracing. */
export function currentTraceContext(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The trace context an event's metadata (or a request's headers) carries. */
export function traceContextFrom(carrier: Record<string, unknown>): Context {
  const headers: Record<string, string> = {};
  for (const key of ['traceparent', 'tracestate']) {
    if (typeof carrier[key] === 'string') headers[key] = carrier[key];
  }
  return propagation.extract(context.active(), headers);
}

/** Links to the spans that appended these events (one per distinct trace context). */
export function linksToEvents(metadatas: readonly Record<string, unknown>[]): Link[] {
  const seen = new Set<string>();
  const links: Link[] = [];
  for (const metadata of metadatas) {
    const spanContext = trace.getSpanContext(traceContextFrom(metadata));
    if (!spanContext || seen.has(spanContext.spanId)) continue;
    seen.add(spanContext.spanId);
    links.push({ context: spanContext });
  }
  return links;
}

/** Runs `work` in a child span of the active one, ending it (and marking a throw) when done. */
export async function inSpan<T>(
  name: string,
  work: (span: Span) => Promise<T>,
  options: { links?: Link[]; attributes?: Record<string, string | number> } = {},
): Promise<T> {
  return tracer.startActiveSpan(
    name,
    { kind: SpanKind.INTERNAL, links: options.links ?? [], attributes: options.attributes ?? {} },
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
