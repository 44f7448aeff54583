import { parentPort, workerData } from 'node:worker_threads';
import { createPool, ForwardingSpanExporter, onSkippedEvent, startTracing } from '@bank/infra';
import { allProjections, createProjectionRunner } from '@bank/projections';
import { createBankStore } from '../bank-store.ts';
import type { FromThread, ProjectionThreadData, ToThread } from './protocol.ts';

// The projections thread: the projection runner's loops with their own pool and event store, so
// their batches (reading, opening and parsing events, building and sending SQL) use the second
// core instead of delaying the requests on the main thread.
const port = parentPort!;
const data = workerData as ProjectionThreadData;
const say = (message: FromThread) => port.postMessage(message);

// Each projection batch's span links to the appends whose trace context its events carry; the
// main thread exports it with its own spans.
const tracing = data.forwardSpans
  ? await startTracing({
      exporter: new ForwardingSpanExporter((spans) => say({ kind: 'spans', spans })),
    })
  : undefined;
const pool = createPool(data.databaseUrl, data.poolSize, data.limits);
const { store } = createBankStore(pool, Buffer.from(data.secretsKeyHex, 'hex'));
const runner = createProjectionRunner({
  pool,
  store,
  projections: allProjections,
  onError: (projection, error) => {
    const { code, syscall } = error as { code?: unknown; syscall?: unknown };
    say({
      kind: 'projection-error',
      projection,
      message: (error as Error).message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof syscall === 'string' ? { syscall } : {}),
    });
  },
  onFailing: (projection, error) =>
    say({ kind: 'projection-failing', projection, message: (error as Error).message }),
  onRecovered: (projection) => say({ kind: 'projection-recovered', projection }),
  onParked: (parked) => say({ kind: 'event-parked', ...parked }),
});
// Counted and logged by the main thread, which serves the metrics.
onSkippedEvent((skipped) => say({ kind: 'event-skipped', skipped }));

port.on('message', (message: ToThread) => {
  if (message.kind === 'wake') runner.wake();
  else void stop();
});

/** Closing the port lets the thread exit: the main thread waits for that. */
async function stop() {
  await runner.stop();
  await store.close();
  await pool.end();
  await tracing?.shutdown();
  port.close();
}

try {
  await runner.start();
  say({ kind: 'started' });
} catch (error) {
  say({ kind: 'failed', message: (error as Error).message });
  await pool.end().catch(() => {});
  port.close();
}
