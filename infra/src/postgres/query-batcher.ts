interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
  /** Fails the input if it is still queued when the wait limit passes. */
  timer?: NodeJS.Timeout;
}

/**
 * An input that waited in the queue past the batcher's limit: the batches out hold every slot
 * (PostgreSQL hangs, say). Coded as a connection time-out, so the API answers it with 503.
 */
export class QueueWaitTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(waitedMs: number) {
    super(`waited ${waitedMs} ms for a batch of queries to go out`);
  }
}

/** The most inputs one batch takes. */
const MAX_BATCH = 256;

/**
 * Batches lookups the way group commit batches appends: while `inFlight` batches are out, further
 * inputs queue, and the queue goes out as one batch. Under load the requests of a moment then cost
 * one round trip; a lone input still goes out at once. `run` answers each input of a batch, in
 * order; if it fails, every input of that batch fails with its error. With `waitLimitMs`, an input
 * still queued after that long fails with QueueWaitTimeout rather than wait for good behind
 * batches that do not come back.
 */
export function createQueryBatcher<I, O>(
  inFlight: number,
  run: (inputs: I[]) => Promise<O[]>,
  options: { waitLimitMs?: number } = {},
): (input: I) => Promise<O> {
  const queue: Pending<I, O>[] = [];
  let running = 0;

  async function send(batch: Pending<I, O>[]): Promise<void> {
    try {
      const outputs = await run(batch.map((pending) => pending.input));
      batch.forEach((pending, i) => pending.resolve(outputs[i]!));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }

  function pump(): void {
    while (running < inFlight && queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      for (const pending of batch) clearTimeout(pending.timer);
      running += 1;
      void send(batch).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  const { waitLimitMs } = options;
  return (input) =>
    new Promise<O>((resolve, reject) => {
      const pending: Pending<I, O> = { input, resolve, reject };
      queue.push(pending);
      pump();
      // Sent at once (a slot was free), or queued last, behind batches out.
      if (!waitLimitMs || queue[queue.length - 1] !== pending) return;
      pending.timer = setTimeout(() => {
        const index = queue.indexOf(pending);
        if (index === -1) return;
        queue.splice(index, 1);
        reject(new QueueWaitTimeout(waitLimitMs));
      }, waitLimitMs);
    });
}
