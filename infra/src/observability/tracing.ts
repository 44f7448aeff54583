import { threadId } from 'node:worker_threads';
import {
  context,
  createTraceState,
  INVALID_SPAN_CONTEXT,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type Context,
  type HrTime,
  type Link,
  type Span,
  type SpanContext,
  type SpanStatus,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
  type SpanProcessor,
  type TimedEvent,
} from '@opentelemetry/sdk-trace-base';

/**
 * OpenTelemetry traces, off unless started: HTTP request → command → append → projection. The
 * append's W3C trace context is stored in each event's metadata (`traceparent`), so a projection
 * that applies the event later (another thread, process, or a Kafka consumer) links its span to it.
 */
export const tracer = trace.getTracer('bank');
export { SpanKind };

let started:
  { shutdown(): Promise<void>; processor: SpanProcessor; resource: Resource } | undefined;

export interface TracingOptions {
  /** Where spans go; OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT when absent. */
  exporter?: SpanExporter;
  serviceName?: string;
}

/** Whether the environment asks for traces (an OTLP endpoint is configured). */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * The OTLP exporter, loaded only when spans go to an OTLP endpoint: a process that traces
 * nothing does not carry its code on its heap.
 */
async function otlpExporter(): Promise<SpanExporter> {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  return new OTLPTraceExporter();
}

/** Starts tracing for this process (once); the answer flushes and stops it. */
export async function startTracing(
  options: TracingOptions = {},
): Promise<{ shutdown(): Promise<void> }> {
  if (started) return started;
  const exporter = options.exporter ?? (await otlpExporter());
  // Another caller may have started tracing while the exporter loaded.
  if (started) return started;
  const processor = options.exporter
    ? new SimpleSpanProcessor(exporter)
    : new BatchSpanProcessor(exporter);
  const resource = resourceFromAttributes({
    'service.name': options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? 'bank',
  });
  const provider = new BasicTracerProvider({ resource, spanProcessors: [processor] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const handle = {
    processor,
    resource,
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
  if (!started) return carrier;
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
  if (!started) return [];
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

/** What `inSpan` hands its work while this thread is not tracing: a span that records nothing. */
const notRecording = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Runs `work` in a child span of the active one, ending it (and marking a throw) when done. While
 * this thread is not tracing it runs the work directly: the no-op tracer's span, context switch and
 * closures cost a command's path some microseconds for nothing.
 */
export function inSpan<T>(
  name: string,
  work: (span: Span) => Promise<T>,
  options: { links?: Link[]; attributes?: Record<string, string | number>; kind?: SpanKind } = {},
): Promise<T> {
  if (!started) {
    try {
      return work(notRecording);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return tracer.startActiveSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      links: options.links ?? [],
      attributes: options.attributes ?? {},
    },
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

/** Whether this process (thread) is tracing. */
export function tracingStarted(): boolean {
  return started !== undefined;
}

interface SpanContextRecord {
  traceId: string;
  spanId: string;
  traceFlags: number;
  traceState?: string;
}

/**
 * A finished span as plain data, to cross from a worker thread to the thread that exports (a
 * span object holds its processor and cannot be posted). Marked with the OTel `thread.id`.
 */
export interface SpanRecord {
  name: string;
  kind: SpanKind;
  context: SpanContextRecord;
  parent?: SpanContextRecord;
  startTime: HrTime;
  endTime: HrTime;
  duration: HrTime;
  status: SpanStatus;
  attributes: Attributes;
  links: { context: SpanContextRecord; attributes?: Attributes }[];
  events: TimedEvent[];
  scope: { name: string; version?: string };
}

const contextRecord = (c: SpanContext): SpanContextRecord => ({
  traceId: c.traceId,
  spanId: c.spanId,
  traceFlags: c.traceFlags,
  ...(c.traceState ? { traceState: c.traceState.serialize() } : {}),
});
const fromContextRecord = (c: SpanContextRecord): SpanContext => ({
  traceId: c.traceId,
  spanId: c.spanId,
  traceFlags: c.traceFlags,
  isRemote: true,
  ...(c.traceState ? { traceState: createTraceState(c.traceState) } : {}),
});

/** Hands each finished span, as a SpanRecord, to `send` (a worker thread's port). */
export class ForwardingSpanExporter implements SpanExporter {
  constructor(private readonly send: (spans: SpanRecord[]) => void) {}

  export(spans: ReadableSpan[], done: (result: { code: ExportResultCode }) => void): void {
    this.send(
      spans.map((span) => ({
        name: span.name,
        kind: span.kind,
        context: contextRecord(span.spanContext()),
        ...(span.parentSpanContext ? { parent: contextRecord(span.parentSpanContext) } : {}),
        startTime: span.startTime,
        endTime: span.endTime,
        duration: span.duration,
        status: span.status,
        attributes: { ...span.attributes, 'thread.id': threadId },
        links: span.links.map((link) => ({
          context: contextRecord(link.context),
          ...(link.attributes ? { attributes: link.attributes } : {}),
        })),
        events: span.events,
        scope: {
          name: span.instrumentationScope.name,
          ...(span.instrumentationScope.version
            ? { version: span.instrumentationScope.version }
            : {}),
        },
      })),
    );
    done({ code: ExportResultCode.SUCCESS });
  }

  async shutdown(): Promise<void> {}
}

/** Exports spans a worker thread forwarded, with this process's exporter; dropped when not tracing. */
export function exportForwardedSpans(records: readonly SpanRecord[]): void {
  if (!started) return;
  for (const record of records) {
    const span: ReadableSpan = {
      name: record.name,
      kind: record.kind,
      spanContext: () => fromContextRecord(record.context),
      ...(record.parent ? { parentSpanContext: fromContextRecord(record.parent) } : {}),
      startTime: record.startTime,
      endTime: record.endTime,
      duration: record.duration,
      status: record.status,
      attributes: record.attributes,
      links: record.links.map((link) => ({ ...link, context: fromContextRecord(link.context) })),
      events: record.events,
      ended: true,
      resource: started.resource,
      instrumentationScope: record.scope,
      droppedAttributesCount: 0,
      droppedEventsCount: 0,
      droppedLinksCount: 0,
    };
    started.processor.onEnd(span);
  }
}
