interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/** The most inputs one batch takes. */
const MAX_BATCH = 256;

/**
 * Batches lookups the way group commit batches appends: while `inFlight` batches are out, further
 * inputs queue, and the queue goes out as one batch. Under load the requests of a moment then cost
 * one round trip; a lone input still goes out at once. `run` answers each input of a batch, in
 * order; if it fails, every input of that batch fails with its error.
 */
export function createQueryBatcher<I, O>(
  inFlight: number,
  run: (inputs: I[]) => Promise<O[]>,
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
      running += 1;
      void send(batch).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      pump();
    });
}
