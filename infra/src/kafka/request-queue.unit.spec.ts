import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';

// kafkajs's per-connection request queue, as patches/kafkajs+2.2.4.patch leaves it (applied by
// npm install's postinstall). Unpatched, a queue with nothing pending re-armed a 1 ms timer after
// every response, forever: each connection of an idle worker checked about a thousand times a
// second, a few percent of a core per process doing nothing.
interface Queue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  fulfillRequest(response: { correlationId: number; payload: Buffer | null; size: number }): void;
  push(request: {
    entry: {
      correlationId: number;
      apiKey: number;
      apiName: string;
      apiVersion: number;
      resolve: () => void;
      reject: () => void;
    };
    expectResponse: boolean;
    sendRequest: () => void;
  }): void;
  destroy(): void;
}
type QueueClass = new (options: Record<string, unknown>) => Queue;

const RequestQueue = createRequire(import.meta.url)(
  'kafkajs/src/network/requestQueue/index.js',
) as QueueClass;

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const queues: Queue[] = [];
const newQueue = () => {
  const queue = new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'localhost:9092',
    logger: quiet,
  });
  queues.push(queue);
  return queue;
};
afterEach(() => queues.splice(0).forEach((queue) => queue.destroy()));

const request = (correlationId: number, sent: number[]) => ({
  entry: {
    correlationId,
    apiKey: 1,
    apiName: 'Fetch',
    apiVersion: 11,
    resolve: () => {},
    reject: () => {},
  },
  expectResponse: true,
  sendRequest: () => sent.push(correlationId),
});

describe('kafkajs request queue (patched)', () => {
  it('arms no timer once a response leaves nothing pending', () => {
    const queue = newQueue();
    const sent: number[] = [];
    queue.push(request(1, sent));
    queue.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(sent).toEqual([1]);
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('still sends a request held back by the in-flight limit when the one before it answers', () => {
    const queue = newQueue();
    const sent: number[] = [];
    queue.push(request(1, sent));
    queue.push(request(2, sent));
    expect(sent).toEqual([1]);
    queue.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(sent).toEqual([1, 2]);
  });

  it('still sends a request held back by broker throttling once the throttle ends', async () => {
    const queue = newQueue();
    const sent: number[] = [];
    queue.throttledUntil = Date.now() + 30;
    queue.push(request(1, sent));
    expect(sent).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sent).toEqual([1]);
  });
});
