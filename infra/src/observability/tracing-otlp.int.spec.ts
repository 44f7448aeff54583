import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSpan, startTracing } from './tracing.ts';

/** A collector's OTLP/HTTP endpoint: every request it gets, by path. */
let collector: http.Server;
const received: { path: string; bytes: number }[] = [];

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      received.push({ path: request.url ?? '', bytes });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
});

describe('traces sent to an OTLP endpoint', () => {
  it('reach the configured collector once tracing starts (the exporter is loaded then)', async () => {
    const { port } = collector.address() as AddressInfo;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
    try {
      const tracing = await startTracing({ serviceName: 'bank-test' });
      await inSpan('transfer', () => Promise.resolve());
      await tracing.shutdown();
    } finally {
      delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    }
    expect(received.filter((r) => r.path === '/v1/traces' && r.bytes > 0)).toHaveLength(1);
  });
});
